export { processorsRoutes } from './processors.routes.js';
