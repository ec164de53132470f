import type { Transaction } from '../../db/connect.js';
import type { Outbox } from '../../platform/realtime/index.js';

/**
 * Runs inside the TERMINATE transaction, after the session row was closed: the tickets module
 * registers here the function that ends every WAITING and PROCESSING member of the queue with
 * cancel state SESSION_END (docs/product.md#states-and-transitions "closing removes all waiting and processing members").
 * Throwing rolls the whole TERMINATE back. Live events go into `outbox` (published after commit).
 */
export type SessionEndHook = (tx: Transaction, closed: { queueId: string; at: Date }, outbox: Outbox) => Promise<void>;

const sessionEndHooks: SessionEndHook[] = [];

/** Registers a function to run inside every TERMINATE's transaction (see SessionEndHook). */
export function registerSessionEndHook(hook: SessionEndHook): void {
  if (!sessionEndHooks.includes(hook)) sessionEndHooks.push(hook);
}

/** Runs the registered session-end hooks in registration order. */
export async function runSessionEndHooks(tx: Transaction, closed: { queueId: string; at: Date }, outbox: Outbox): Promise<void> {
  for (const hook of sessionEndHooks) await hook(tx, closed, outbox);
}
