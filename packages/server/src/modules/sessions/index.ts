export { sessionsRoutes } from './sessions.routes.js';
export { sessionHooks, type SessionEndListener } from './session-end.js';
export { applySessionEvent, presentSession, TIMED_SUSPEND_END_JOB, type SessionCommand, type SessionEventOrigin } from './sessions.service.js';
export { findQueueById, getOrCreateSession, type SessionQueue } from './sessions.repo.js';
export { registerSessionJobs } from './sessions.jobs.js';
