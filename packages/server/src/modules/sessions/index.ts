export { sessionsRoutes } from './sessions.routes.js';
export { registerSessionEndHook, type SessionEndHook } from './session-end.js';
export { applySessionEvent, presentSession, queueOfActor, TIMED_SUSPEND_END_JOB, type SessionCommand, type SessionEventOrigin } from './sessions.service.js';
export { findQueueById, findQueueForStaff, getOrCreateSession, type SessionQueue } from './sessions.repo.js';
export { registerSessionJobs } from './sessions.jobs.js';
