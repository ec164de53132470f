/*
 * Earlier appointments for those who wait (docs/product.md#wishes-and-offers): the patient's
 * wish, freed times offered round by round, and the offer's link. A module above appointments,
 * which tells it of freed times (appointments/freed-times.ts) and moves the appointment for it.
 */
export { offersRoutes } from './offers.routes.js';
export { registerOfferJobs } from './job-kinds.js';
export { freedTimeListener } from './listener.js';
export { quietUntil } from './quiet-hours.js';
