export { billingRoutes } from './billing.routes.js';
export { billingWebhookRoutes } from './webhook.routes.js';
export { registerBillingJobs, scheduleTrialJobs, TRIAL_END_JOB, TRIAL_REMINDER_JOB } from './billing.jobs.js';
export { syncSubscriptionSoon } from './subscription.service.js';
export { setOrderStatus } from './device-orders.service.js';
