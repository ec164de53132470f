export { routesRoutes } from './routes.routes.js';
