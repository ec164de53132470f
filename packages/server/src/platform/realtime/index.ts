export { realtimeRoutes } from './realtime.routes.js';
export { Outbox } from './outbox.js';
export { createRealtime, registerPlatformAuthorizers, sharedQueueAccountLookup } from './authorizers.js';
export { createLocalHub, MAX_BUFFERED_BYTES, type Access, type Grant, type RealtimeHub, type Subscriber, type TopicAuthorizer, type TopicSnapshot } from './hub.js';
