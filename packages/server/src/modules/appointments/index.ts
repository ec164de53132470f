export { appointmentTypesRoutes } from './appointment-types.routes.js';
export { appointmentSlotsRoutes } from './appointment-slots.routes.js';
export { appointmentsRoutes } from './appointments.routes.js';
export { vacationsRoutes } from './vacations.routes.js';
