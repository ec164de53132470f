export { queuesRoutes } from './queues.routes.js';
export { findVisibleQueue, presentQueue } from './queues.service.js';
export { findQueueInAccount, type QueueRow, type QueueWithSession } from './queues.repo.js';
