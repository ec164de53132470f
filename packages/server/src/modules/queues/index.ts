export { queuesRoutes } from './queues.routes.js';
export { presentQueue } from './queues.service.js';
export { findVisibleQueue, inQueueVisibleTo, queueOfActor, queueReportableBy, queueVisibleTo } from './visibility.js';
export { archiveQueueInAccount, liveQueueIdsOfProfile, setQueueMaxConcurrentProcessing, type QueueRow, type QueueWithSession } from './queues.repo.js';
export { registerQueueTopics } from './queues.realtime.js';
