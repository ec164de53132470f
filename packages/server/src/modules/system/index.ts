export { systemRoutes } from './system.routes.js';
export { clientFailureRoutes, CLIENT_FAILURE_LIMIT } from './client-failures.routes.js';
export { clientFailureSummary, CLIENT_FAILURE_KEEP_DAYS } from './client-failures.js';
