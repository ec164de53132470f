export { appointmentTypesRoutes } from './appointment-types.routes.js';
