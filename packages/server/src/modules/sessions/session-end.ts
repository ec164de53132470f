import type { Transaction } from '../../db/connect.js';
import { defineEvent } from '../../platform/hooks.js';
import type { Outbox } from '../../platform/realtime/index.js';

/**
 * Runs inside the TERMINATE transaction, after the session row was closed: the tickets module
 * listens here with the function that ends every WAITING and PROCESSING member of the queue with
 * cancel state SESSION_END (docs/product.md#states-and-transitions "closing removes all waiting and processing members").
 * Throwing rolls the whole TERMINATE back. Live events go into `outbox` (published after commit).
 */
export type SessionEndListener = (tx: Transaction, closed: { queueId: string; at: Date }, outbox: Outbox) => Promise<void>;

/** Where modules above `sessions` take part in its work (platform/hooks.ts), provided in app-hooks.ts. */
export const sessionHooks = {
  /** A session was closed (TERMINATE); required: without tickets' listener its members would wait on. */
  sessionEnded: defineEvent<SessionEndListener>('sessionEnded', { owner: 'sessions', providedBy: 'tickets', required: true }),
};
