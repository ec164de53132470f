export { profilesRoutes } from './profiles.routes.js';
export { checkLocationIdentifier, presentProfile, requireAdmin } from './profiles.service.js';
export { archiveProfileInAccount, findProfileInAccount, findProfileWithAccount, queueIdsOfProfile, type ProfileRow } from './profiles.repo.js';
export { isPublicHoliday } from './holidays.js';
