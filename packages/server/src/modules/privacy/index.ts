export { privacyRoutes } from './privacy.routes.js';
export { planRetention, registerPrivacyJobs, RETENTION_JOB, RETENTION_SWEEP_JOB } from './retention.jobs.js';
