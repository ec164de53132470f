/**
 * The database schema, one dialect: PostgreSQL (PGlite embeds the same engine), one file per
 * domain. Migrations in ../migrations are generated from these files by `npm run db:generate`
 * and committed; a test fails when the two disagree. Enum values come from the shared contract,
 * so API and database cannot disagree.
 */
export type { PatientInputs, SessionButtonVisibility } from '@wartefrei/shared';
export * from './accounts.js';
export * from './countries.js';
export * from './locations.js';
export * from './queues.js';
export * from './sessions.js';
export * from './infotags.js';
export * from './jobs.js';
export * from './processors.js';
export * from './tickets.js';
export * from './monitors.js';
export * from './appointments.js';
export * from './probing.js';
export * from './billing.js';
export * from './audit.js';
export * from './encryption.js';
export * from './alerts.js';
export * from './system.js';
export * from './images.js';
export * from './patient-links.js';
export * from './second-factors.js';
export * from './webhooks.js';
export * from './api-keys.js';
export * from './earlier.js';
export * from './report-days.js';
