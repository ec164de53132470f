export { schedulesRoutes } from './schedules.routes.js';
export { planAllSchedules, SCHEDULE_OCCURRENCE_JOB, SMART_SUSPEND_JOB, OCCURRENCE_GRACE_MS } from './schedules.jobs.js';
export { registerScheduleJobs } from './schedules.jobs.js';
