export { legalRoutes } from './legal.routes.js';
