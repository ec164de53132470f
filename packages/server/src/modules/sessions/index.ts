export { sessionsRoutes } from './sessions.routes.js';
export { registerSessionEndHook, type SessionEndHook } from './session-end.js';
export { applySessionEvent, presentSession, TIMED_SUSPEND_END_JOB, type SessionCommand, type SessionEventOrigin } from './sessions.service.js';
export { findQueueById, getOrCreateSession, type SessionQueue } from './sessions.repo.js';
export { registerSessionJobs } from './sessions.jobs.js';
