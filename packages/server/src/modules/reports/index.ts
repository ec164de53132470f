export { reportsRoutes } from './reports.routes.js';
