import type { CreateMonitorInput, Monitor, UpdateMonitorInput } from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isUniqueViolation, violatedConstraint } from '../../platform/errors.js';
import { checkLocationIdentifier, requireAdmin } from '../profiles/index.js';
import { announceMonitorChange } from './monitors.events.js';
import {
  deleteMonitorInAccount,
  findMonitorInAccount,
  insertMonitor,
  listMonitorsOfAccount,
  lockQueuesOfAccount,
  queueIdsOfMonitors,
  replaceMonitorQueues,
  updateMonitorInAccount,
  type MonitorChanges,
  type MonitorRow,
} from './monitors.repo.js';

/** The API shape of a monitor with the queues it shows, in display order. */
export function presentMonitor(row: MonitorRow, queueIds: string[]): Monitor {
  return {
    id: row.id,
    identifier: row.identifier,
    display_name: row.displayName,
    layout: row.layout,
    custom_zoom: row.customZoom,
    style: row.style,
    gong: row.gong,
    speech: row.speech,
    queue_ids: queueIds,
  };
}

async function presentOne(ctx: AppContext, row: MonitorRow): Promise<Monitor> {
  return presentMonitor(row, (await queueIdsOfMonitors(ctx.db, [row.id])).get(row.id) ?? []);
}

/** The column changes of an input; the identifier is sanitised and checked like a queue's. */
function monitorChanges(input: UpdateMonitorInput): MonitorChanges {
  const changes: MonitorChanges = {};
  if (input.identifier !== undefined) {
    const { identifier, problem } = checkLocationIdentifier(input.identifier);
    if (problem) throw new AppError('VALIDATION', { fields: { identifier: problem } });
    changes.identifier = identifier;
  }
  if (input.display_name !== undefined) changes.displayName = input.display_name;
  if (input.layout !== undefined) changes.layout = input.layout;
  if (input.custom_zoom !== undefined) changes.customZoom = input.custom_zoom;
  if (input.style !== undefined) changes.style = input.style;
  if (input.gong !== undefined) changes.gong = input.gong;
  if (input.speech !== undefined) changes.speech = input.speech;
  return changes;
}

/**
 * Stores the monitor's queue list. Every id must be a queue of the caller's account: one of
 * another account, an unknown or a malformed id is a 404 like every foreign id, and the whole
 * change rolls back (nothing is attached).
 */
async function setQueues(tx: Transaction, accountId: string, monitorId: string, queueIds: string[]): Promise<void> {
  if (!queueIds.every(isUuid)) throw new AppError('NOT_FOUND');
  const own = await lockQueuesOfAccount(tx, accountId, queueIds);
  if (own.length !== queueIds.length) throw new AppError('NOT_FOUND');
  await replaceMonitorQueues(tx, monitorId, queueIds);
}

/** Maps the unique index on (account, lower(identifier)) to the identifier field. */
function uniqueIdentifierConflict(error: unknown): AppError | undefined {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'monitors_account_identifier_unique') {
    return new AppError('UNIQUE', { fields: { identifier: 'IDENTIFIER_IN_USE' } });
  }
  return undefined;
}

/** `GET /monitors`: admins and processors (a processor may set up the waiting-room screen). */
export async function listMonitors(ctx: AppContext, actor: Actor): Promise<Monitor[]> {
  const rows = await listMonitorsOfAccount(ctx.db, actor.accountId);
  const queueIds = await queueIdsOfMonitors(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentMonitor(row, queueIds.get(row.id) ?? []));
}

/** `GET /monitors/{id}`: admins and processors; a foreign, unknown or malformed id is a 404. */
export async function getMonitor(ctx: AppContext, actor: Actor, id: string): Promise<Monitor> {
  const row = await findMonitorInAccount(ctx.db, actor.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return presentOne(ctx, row);
}

/** `POST /monitors` (admins): settings not sent take their defaults (the database's). */
export async function createMonitor(ctx: AppContext, actor: Actor, input: CreateMonitorInput): Promise<Monitor> {
  requireAdmin(actor);
  const changes = monitorChanges(input);
  try {
    const created = await ctx.db.transaction(async (tx) => {
      const row = await insertMonitor(tx, {
        ...changes,
        identifier: changes.identifier ?? input.identifier,
        displayName: input.display_name,
        accountId: actor.accountId,
      });
      const queueIds = input.queue_ids ?? [];
      await setQueues(tx, actor.accountId, row.id, queueIds);
      return presentMonitor(row, queueIds);
    });
    await announceMonitorChange(ctx, created.id);
    return created;
  } catch (error) {
    throw uniqueIdentifierConflict(error) ?? error;
  }
}

/** `PATCH /monitors/{id}` (admins): only what is sent changes; `queue_ids` replaces the list. */
export async function updateMonitor(ctx: AppContext, actor: Actor, id: string, input: UpdateMonitorInput): Promise<Monitor> {
  requireAdmin(actor);
  const changes = monitorChanges(input);
  if (Object.keys(changes).length === 0 && input.queue_ids === undefined) return getMonitor(ctx, actor, id);
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      // The update comes first: its row lock orders concurrent changes of the same monitor's list.
      const row = await updateMonitorInAccount(tx, actor.accountId, id, { ...changes, updatedAt: ctx.clock.now() });
      if (!row) throw new AppError('NOT_FOUND');
      if (input.queue_ids !== undefined) await setQueues(tx, actor.accountId, id, input.queue_ids);
      return row;
    });
    await announceMonitorChange(ctx, id);
    return presentOne(ctx, updated);
  } catch (error) {
    throw uniqueIdentifierConflict(error) ?? error;
  }
}

/** `DELETE /monitors/{id}` (admins): screens showing it learn it on `monitor:{id}` and find it gone. */
export async function deleteMonitor(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  requireAdmin(actor);
  if (!(await deleteMonitorInAccount(ctx.db, actor.accountId, id))) throw new AppError('NOT_FOUND');
  await announceMonitorChange(ctx, id);
}
