export { alertsRoutes } from './alerts.routes.js';
export { ensurePushKeys } from './push-keys.js';
export { checkQueueAlerts } from './check.js';
export { startAlertSweep, watchQueueChanges, type AlertWatcher } from './watch.js';
export { alertReader } from './readers.js';
