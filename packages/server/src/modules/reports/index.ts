export { reportsRoutes } from './reports.routes.js';
export { explainSummary } from './reports.service.js';
