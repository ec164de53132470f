import { syncSubscriptionSoon } from '../billing/index.js';
import { DEFAULT_PATIENT_INPUTS, queueConfigProblems, topicOf, type CreateQueueInput, type Queue, type UpdateQueueInput } from '@wartefrei/shared';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isUniqueViolation, violatedConstraint, type FieldProblem } from '../../platform/errors.js';
import { checkLocationIdentifier, findProfileInAccount, requireAdmin } from '../profiles/index.js';
import {
  clearOtherDefaults,
  findSessionOfQueue,
  insertQueueWithSession,
  lockProfileForDefaultChange,
  listQueuesWhere,
  lockSessionOfQueue,
  updateQueueInAccount,
  type QueueChanges,
  type QueueRow,
  type QueueSessionRow,
  type QueueWithSession,
} from './queues.repo.js';
import { findVisibleQueue, queueVisibleTo } from './visibility.js';
import { changesRefusedWhileOpen, presentQueueSettings, settingChanges } from './queue-setting-columns.js';

/** The API shape of a queue with its session state. */
export function presentQueue({ queue: q, session }: QueueWithSession): Queue {
  return { id: q.id, profile_id: q.profileId, name: q.name, identifier: q.identifier, ...presentQueueSettings(q), session: presentSession(session) };
}

function presentSession(session: QueueSessionRow | null): Queue['session'] {
  return {
    open: session?.open ?? false,
    queueing_allowed: session?.queueingAllowed ?? true,
    blocked: session?.blocked ?? false,
    online_suspended: session?.onlineSuspended ?? false,
    kiosk_suspended: session?.kioskSuspended ?? false,
  };
}

/**
 * The column changes of an input, merged with what is stored: identifier sanitised, the settings as
 * settingChanges stores them, and the cross-field rules of docs/product.md#validation-rules checked
 * on the result (a PATCH of number_end alone is judged with the stored start).
 */
function queueChanges(input: UpdateQueueInput, stored: QueueRow | undefined): QueueChanges {
  const fields: Record<string, FieldProblem> = {};
  const changes: Record<string, unknown> = settingChanges(input, stored);
  if (input.name !== undefined) changes.name = input.name;
  if (input.identifier !== undefined) {
    const { identifier, problem } = checkLocationIdentifier(input.identifier);
    if (problem) fields.identifier = problem;
    changes.identifier = identifier;
  }
  const result = changes as QueueChanges;
  const merged = (key: 'numberStart' | 'numberEnd' | 'minAge' | 'maxAge') => (result[key] !== undefined ? (result[key] ?? null) : (stored?.[key] ?? null));
  Object.assign(
    fields,
    queueConfigProblems({
      number_start: merged('numberStart'),
      number_end: merged('numberEnd'),
      min_age: merged('minAge'),
      max_age: merged('maxAge'),
      // Judged where the change touches the ages or the patient inputs: a switch flipped elsewhere leaves an older list be.
      ...(input.min_age !== undefined || input.max_age !== undefined || input.patient_inputs
        ? { birth_date: (result.patientInputs ?? stored?.patientInputs ?? DEFAULT_PATIENT_INPUTS).birth_date }
        : {}),
    }),
  );
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
  return result;
}

/** Maps the unique indexes of queues to what the user has to change. */
function uniqueConflict(error: unknown): AppError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = violatedConstraint(error);
  if (constraint === 'queues_profile_identifier_unique') return new AppError('UNIQUE', { fields: { identifier: 'IDENTIFIER_IN_USE' } });
  // The backstop behind lockProfileForDefaultChange: never two defaults in one location.
  if (constraint === 'queues_one_default_per_profile') return new AppError('UNIQUE', { fields: { is_default: 'INVALID_VALUE' } });
  return undefined;
}

/**
 * `GET /queues`: admins see every queue of the account; a processor only the queues assigned
 * to them (docs/product.md#roles-and-permissions). Both in working order: priority ascending (1 = very high), then name.
 */
export async function listQueues(ctx: AppContext, actor: Actor): Promise<Queue[]> {
  return (await listQueuesWhere(ctx.db, queueVisibleTo(actor))).map(presentQueue);
}

/** `GET /queues/{id}`. */
export async function getQueue(ctx: AppContext, actor: Actor, id: string): Promise<Queue> {
  return presentQueue(await findVisibleQueue(ctx.db, actor, id));
}

/**
 * `POST /queues` (admins): a queue in one of the account's locations (another account's or an
 * unknown profile_id is a 404 like every foreign id), created with its session row, closed.
 * A new default queue takes the flag from the location's previous default in the same transaction.
 */
export async function createQueue(ctx: AppContext, actor: Actor, input: CreateQueueInput): Promise<Queue> {
  requireAdmin(actor);
  const profile = isUuid(input.profile_id) ? await findProfileInAccount(ctx.db, actor.accountId, input.profile_id) : undefined;
  if (!profile) throw new AppError('NOT_FOUND');
  const changes = queueChanges(input, undefined);
  try {
    const created = await ctx.db.transaction(async (tx) => {
      if (changes.isDefault) {
        await lockProfileForDefaultChange(tx, profile.id);
        await clearOtherDefaults(tx, profile.id, undefined);
      }
      return insertQueueWithSession(tx, {
        ...changes,
        name: input.name,
        identifier: changes.identifier ?? input.identifier,
        accountId: actor.accountId,
        profileId: profile.id,
      });
    });
    syncSubscriptionSoon(ctx, actor.accountId);
    return presentQueue(created);
  } catch (error) {
    throw uniqueConflict(error) ?? error;
  }
}

/** `PATCH /queues/{id}` (admins): only what is sent changes; every rule holds for the merged queue. */
export async function updateQueue(ctx: AppContext, actor: Actor, id: string, input: UpdateQueueInput): Promise<Queue> {
  requireAdmin(actor);
  const stored = await findVisibleQueue(ctx.db, actor, id);
  const changes = queueChanges(input, stored.queue);
  if (Object.keys(changes).length === 0) return presentQueue(stored);
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      if (changes.isDefault) {
        await lockProfileForDefaultChange(tx, stored.queue.profileId);
        await clearOtherDefaults(tx, stored.queue.profileId, id);
      }
      const [refusal] = changesRefusedWhileOpen(changes, stored.queue);
      // docs/product.md#states-and-transitions: max_concurrent_processing changes together with a
      // close (TERMINATE carries it, sessions.service.ts); while the list is open only that way is left.
      if (refusal && (await lockSessionOfQueue(tx, id))?.open) throw new AppError(refusal);
      const queue = await updateQueueInAccount(tx, actor.accountId, id, { ...changes, updatedAt: ctx.clock.now() });
      if (!queue) throw new AppError('NOT_FOUND');
      return { queue, session: (await findSessionOfQueue(tx, id)) ?? null };
    });
    // Texts, colours and intake settings are part of every patient screen of the list: they
    // refetch on this, and the cached public view (tickets/public-snapshot.ts) moves on with the version.
    await ctx.realtime.publish(topicOf('queue', id), { name: 'queue.updated', data: { queue_id: id }, public: true });
    return presentQueue(updated);
  } catch (error) {
    throw uniqueConflict(error) ?? error;
  }
}
