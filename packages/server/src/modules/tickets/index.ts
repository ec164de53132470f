export { ticketsRoutes } from './tickets.routes.js';
export { registerMemberTopic } from './tickets.realtime.js';
export { MEMBER_TIMEOUT_JOB } from './call.service.js';
export { publicQueues } from './views.service.js';
export { estimateLine } from './line.js';
export { loadQueueLine, type QueueLine } from './draw.repo.js';
export { registerTicketJobs } from './tickets.jobs.js';
export { laneDelayMinutes } from './lane-delay.js';
