import { z } from 'zod';
import { MAX_TOPICS_PER_SOCKET } from './realtime.js';

// What a client may send on /ws, checked by the server. Kept apart from realtime.ts, which every
// patient screen imports to read the server's frames: that one must not bring zod along.

const Topics = z.array(z.string().min(1).max(80)).min(1).max(MAX_TOPICS_PER_SOCKET);

export const RealtimeClientMessage = z.discriminatedUnion('type', [
  // `snapshots`: of these topics, send the snapshot with the answer (realtime.ts); others are ignored.
  z.strictObject({ type: z.literal('subscribe'), topics: Topics, snapshots: Topics.optional() }),
  z.strictObject({ type: z.literal('unsubscribe'), topics: Topics }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;
