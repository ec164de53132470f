export { seedDemoIfEmpty, DEMO_LOGINS } from './seed-demo.js';
export { registerDemoJobs, planDemoResetIfDemo } from './demo.jobs.js';
export { DEMO_RESET_JOB, nextDemoReset } from './demo-reset-plan.js';
