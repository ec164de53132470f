export { monitorsRoutes } from './monitors.routes.js';
export { registerMonitorTopic } from './monitors.realtime.js';
export { publicMonitorOfAccount } from './monitors.public.js';
