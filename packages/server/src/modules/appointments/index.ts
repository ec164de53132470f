export { appointmentTypesRoutes } from './appointment-types.routes.js';
export { appointmentSlotsRoutes } from './appointment-slots.routes.js';
export { appointmentsRoutes } from './appointments.routes.js';
export { vacationsRoutes } from './vacations.routes.js';
export { registerAppointmentJobs } from './jobs.js';
export { appointmentsOfDay } from './day.service.js';
export { countAppointmentsOfDay } from './appointments.repo.js';
export type { NewAppointmentRow } from './appointments.repo.js';
export { calendarFeedRoutes } from './calendar-feed.routes.js';
export { announceAppointments } from './appointments.events.js';
export { dropReminders } from './reminders.js';
export { newCheckInCode } from './check-in-code.js';
export { afterHandover, cancelUpcoming, moveUpcoming, reassignUpcoming, refuseWhileUpcoming, upcomingAppointments, type Handover, type UpcomingOf } from './handover.js';
// The FHIR interface books, cancels and computes free times through these, never beside them.
export { bookAppointment } from './booking.service.js';
export { cancelByStaff } from './staff.service.js';
export { availabilityOf } from './availability.service.js';
export { searchVisibleAppointments, findVisibleAppointmentDetails, type AppointmentSearch, type AppointmentState, type FoundAppointment, type StartLimit } from './search.repo.js';
export type { AppointmentRow } from './appointments.repo.js';
// Freed times: the module that offers them to waiting patients listens (docs/product.md#earlier-appointments).
export { appointmentHooks, stretchOpened, type FreedTimeListener, type FreedTimeReason, type HeldTime, type OpenedStretch } from './freed-times.js';
// What the offers module (modules/offers) builds on: it moves an appointment into a freed time
// as a patient's move does, through these, never beside them.
export { timesFreed } from './freed-times.js';
export { findAppointmentWithPlace, findVisibleAppointment, updateAppointmentIf, busyTimes, type AppointmentWithPlace } from './appointments.repo.js';
export { findTypeWithLocation, type TypeWithLocation } from './appointment-types.repo.js';
export { placementFor, takeFirstFree } from './placement.js';
export { freeTimeInputs } from './availability.service.js';
export { freeTimes, offeredTimes, windowProblem } from './availability.js';
export { appointmentIdOfLink, patientView } from './booking.service.js';
export { addressOf, isOpenForPatient, placeOf, presentAppointment } from './present.js';
export { resetReminders } from './reminders.js';
export { appointmentDetails, spokenTime, tell } from './notify.js';
