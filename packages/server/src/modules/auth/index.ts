export { authRoutes } from './auth.routes.js';
export { presentLoggedUser } from './auth.service.js';
