export { countriesRoutes } from './countries.routes.js';
