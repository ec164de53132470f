import {
  buttonOf,
  buttonVisibilityFor,
  mayPress,
  topicOf,
  type ButtonVisibility,
  type QueueSession,
  type RealtimeEvent,
  type RecordedSessionEvent,
  type SendableSessionEvent,
  type SessionEventInput,
  type SessionEventSource,
  type SessionSwitchInput,
} from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import { personOf, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { scheduleJob } from '../../platform/jobs/index.js';
import { Outbox } from '../../platform/realtime/index.js';
import { findUserById } from '../accounts/index.js';
import { queueOfActor, setQueueMaxConcurrentProcessing } from '../queues/index.js';
import { sessionHooks } from './session-end.js';
import { sessionChangeFor } from './session-rules.js';
import {
  getOrCreateSession,
  insertSessionEvent,
  listSessionEvents,
  updateSessionIfVersion,
  type SessionChange,
  type SessionEventRow,
  type SessionQueue,
  type SessionRow,
} from './sessions.repo.js';

export const TIMED_SUSPEND_END_JOB = 'session.timed-suspend-end';

/** Who sends an event: a user through the API, or the weekly schedule / a job (no user). */
/** `userId` null: an API key pressed (no person to name). */
export type SessionEventOrigin = { source: 'USER'; userId: string | null } | { source: Exclude<SessionEventSource, 'USER'> };

export interface SessionCommand {
  event: SendableSessionEvent;
  until?: Date;
  maxConcurrentProcessing?: number;
  /** Recorded with the event (e.g. the schedule entry that fired it). */
  note?: Record<string, unknown>;
}

/** Shows a session row. */
export function presentSession(row: SessionRow): QueueSession {
  return {
    queue_id: row.queueId,
    open: row.open,
    queueing_allowed: row.queueingAllowed,
    blocked: row.blocked,
    online_suspended: row.onlineSuspended,
    kiosk_suspended: row.kioskSuspended,
    online_suspended_until: row.onlineSuspendedUntil?.toISOString() ?? null,
    kiosk_suspended_until: row.kioskSuspendedUntil?.toISOString() ?? null,
    opened_at: row.openedAt?.toISOString() ?? null,
    version: row.version,
  };
}

function presentEvent(row: SessionEventRow): RecordedSessionEvent {
  return {
    id: row.id,
    event: row.event,
    source: row.source,
    user_id: row.userId,
    payload: row.payload,
    created_at: row.createdAt.toISOString(),
  };
}

// Two concurrent events on one session: the loser re-reads and decides again (usually
// SESSION_UNCHANGED); a few rounds settle any realistic contention.
const CAS_ROUNDS = 5;

async function compareAndSet(tx: Transaction, queueId: string, decide: (session: SessionRow) => SessionChange | undefined): Promise<{ before: SessionRow; after: SessionRow }> {
  for (let round = 0; round < CAS_ROUNDS; round++) {
    const before = await getOrCreateSession(tx, queueId);
    const change = decide(before);
    if (!change) throw new AppError('SESSION_UNCHANGED');
    const after = await updateSessionIfVersion(tx, queueId, before.version, change);
    if (after) return { before, after };
  }
  throw new AppError('SESSION_UNCHANGED');
}

/**
 * Applies one session event inside `tx`: compare-and-set on the session's version, the event
 * (and, for TERMINATE with a new value, CHANGE_MAX_CONCURRENT_PROCESSING) recorded with who and
 * when, the end job of a timed suspend scheduled, and the session-end hooks run on TERMINATE —
 * all in the same transaction. Users and the schedule go through here alike; button visibility
 * is the caller's check (it binds users only). The live events (session.updated, and the
 * tickets ended by TERMINATE) are added to `outbox` only when the whole event succeeded.
 */
export async function applySessionEvent(
  ctx: AppContext,
  tx: Transaction,
  queue: SessionQueue,
  command: SessionCommand,
  origin: SessionEventOrigin,
  outbox: Outbox,
): Promise<SessionRow> {
  const now = ctx.clock.now();
  const events = new Outbox();
  if (command.until && command.until.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION', { fields: { until: 'UNTIL_IN_PAST' } });
  }
  const changesMax = command.event === 'TERMINATE' && command.maxConcurrentProcessing !== undefined && command.maxConcurrentProcessing !== queue.maxConcurrentProcessing;
  const { after } = await compareAndSet(tx, queue.id, (session) => {
    const change = sessionChangeFor(session, command.event, now, command.until);
    // A closed queue's TERMINATE still carries a new concurrency value: the version moves on.
    return change ?? (changesMax ? {} : undefined);
  });
  const userId = origin.source === 'USER' ? origin.userId : null;
  const payload = {
    ...command.note,
    ...(command.until ? { until: command.until.toISOString() } : {}),
  };
  await insertSessionEvent(tx, {
    queueId: queue.id,
    event: command.event,
    source: origin.source,
    userId,
    payload: Object.keys(payload).length > 0 ? payload : null,
    createdAt: now,
  });
  if (command.event === 'TERMINATE') {
    // Tickets first, then the queue row: call next locks in this order too (member, then
    // queue), so the two never deadlock.
    for (const listener of ctx.hooks.listenersOf(sessionHooks.sessionEnded)) await listener(tx, { queueId: queue.id, at: now }, events);
    if (changesMax && command.maxConcurrentProcessing !== undefined) {
      await setQueueMaxConcurrentProcessing(tx, queue.id, command.maxConcurrentProcessing);
      await insertSessionEvent(tx, {
        queueId: queue.id,
        event: 'CHANGE_MAX_CONCURRENT_PROCESSING',
        source: origin.source,
        userId,
        payload: { from: queue.maxConcurrentProcessing, to: command.maxConcurrentProcessing },
        createdAt: now,
      });
    }
  }
  if (command.until && (command.event === 'SUSPEND_ONLINE_TIMED' || command.event === 'SUSPEND_KIOSK_TIMED')) {
    const channel = command.event === 'SUSPEND_ONLINE_TIMED' ? 'ONLINE' : 'KIOSK';
    const until = command.until.toISOString();
    await scheduleJob(tx, {
      kind: TIMED_SUSPEND_END_JOB,
      key: `${queue.id}:${channel}:${until}`,
      runAt: command.until,
      payload: { queueId: queue.id, channel, until },
    });
  }
  events.add(topicOf('queue', queue.id), sessionUpdated(after));
  outbox.adopt(events);
  return after;
}

/** The live event of a changed session: public, it holds nothing personal. */
function sessionUpdated(row: SessionRow): RealtimeEvent {
  // The event carries the state part of the session as staff read it, without the instants.
  const { queue_id, open, queueing_allowed, blocked, online_suspended, kiosk_suspended } = presentSession(row);
  return {
    name: 'session.updated',
    data: { queue_id, open, queueing_allowed, blocked, online_suspended, kiosk_suspended },
    public: true,
  };
}

/**
 * A session button as the actor may press it: the list's visibility, or the processor's own where
 * an admin set one (docs/product.md#processor-settings); FORBIDDEN otherwise.
 */
function checkMayPress(actor: Actor, listVisibility: ButtonVisibility, own: ButtonVisibility | null): void {
  if (!mayPress(buttonVisibilityFor(listVisibility, own), actor.isAdmin)) throw new AppError('FORBIDDEN');
}

/** The caller's own button visibility, read beside the queue: a session event waits no longer than before. */
const ownVisibilityOf = async (ctx: AppContext, actor: Actor): Promise<ButtonVisibility | null> => (await findUserById(ctx.db, actor.userId))?.buttonVisibility ?? null;

/** `POST /queues/{id}/session`: a user's event, bound by the button visibility. */
export async function sendSessionEvent(ctx: AppContext, actor: Actor, queueId: string, input: SessionEventInput): Promise<QueueSession> {
  const [queue, own] = await Promise.all([queueOfActor(ctx.db, actor, queueId), ownVisibilityOf(ctx, actor)]);
  checkMayPress(actor, queue.buttonVisibility[buttonOf(input.event)], own);
  const outbox = new Outbox();
  const row = await ctx.db.transaction((tx) =>
    applySessionEvent(
      ctx,
      tx,
      queue,
      {
        event: input.event,
        ...(input.until ? { until: new Date(input.until) } : {}),
        ...(input.max_concurrent_processing !== undefined ? { maxConcurrentProcessing: input.max_concurrent_processing } : {}),
      },
      // A key's event has no person (personOf): who pressed is left open rather than named wrongly.
      { source: 'USER', userId: personOf(actor) },
      outbox,
    ),
  );
  await outbox.flush(ctx.realtime);
  return presentSession(row);
}

/**
 * `PATCH /queues/{id}/session`: the 'queueing allowed' switch — whether tickets may be taken at
 * all, independent of open/closed. Bound by the queue-opened button. A compare-and-set like the
 * events, and recorded as QUEUEING_ALLOWED_CHANGED with who and when in the same transaction.
 */
export async function switchQueueing(ctx: AppContext, actor: Actor, queueId: string, input: SessionSwitchInput): Promise<QueueSession> {
  const [queue, own] = await Promise.all([queueOfActor(ctx.db, actor, queueId), ownVisibilityOf(ctx, actor)]);
  checkMayPress(actor, queue.buttonVisibility.queue_opened, own);
  const after = await ctx.db.transaction(async (tx) => {
    const changed = await compareAndSet(tx, queue.id, (session) => (session.queueingAllowed === input.queueing_allowed ? undefined : { queueingAllowed: input.queueing_allowed }));
    await insertSessionEvent(tx, {
      queueId: queue.id,
      event: 'QUEUEING_ALLOWED_CHANGED',
      source: 'USER',
      userId: personOf(actor),
      payload: { queueing_allowed: input.queueing_allowed },
      createdAt: ctx.clock.now(),
    });
    return changed.after;
  });
  await ctx.realtime.publish(topicOf('queue', queue.id), sessionUpdated(after));
  return presentSession(after);
}

/** `GET /queues/{id}/session`. */
export async function getSession(ctx: AppContext, actor: Actor, queueId: string): Promise<QueueSession> {
  const queue = await queueOfActor(ctx.db, actor, queueId);
  return presentSession(await getOrCreateSession(ctx.db, queue.id));
}

/** `GET /queues/{id}/session/events`: the latest recorded events, newest first. */
export async function getSessionEvents(ctx: AppContext, actor: Actor, queueId: string): Promise<RecordedSessionEvent[]> {
  const queue = await queueOfActor(ctx.db, actor, queueId);
  return (await listSessionEvents(ctx.db, queue.id, 200)).map(presentEvent);
}
