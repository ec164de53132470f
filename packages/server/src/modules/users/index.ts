export { usersRoutes } from './users.routes.js';
