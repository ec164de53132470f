export { fhirRoutes, FHIR_PREFIX } from './fhir.routes.js';
export { scheduleId, slotId } from './fhir.ids.js';
