export { healthRoutes } from './health.routes.js';
export { checkReadiness } from './health.service.js';
