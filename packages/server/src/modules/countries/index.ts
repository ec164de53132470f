export { countriesRoutes } from './countries.routes.js';
export { listCountryCodes } from './countries.repo.js';
