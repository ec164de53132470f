import { infoTagDelayProblem, type CreateInfoTagInput, type InfoTag, type UpdateInfoTagInput } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  deleteInfoTag as deleteInfoTagRow,
  findInfoTag,
  findInfoTagForUpdate,
  insertInfoTag,
  listInfoTagsOfAccount,
  updateInfoTag as updateInfoTagRow,
  type InfoTagChanges,
  type InfoTagRow,
} from './infotags.repo.js';

export function presentInfoTag(row: InfoTagRow): InfoTag {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    color: row.color,
    delay: row.delay,
    delay_minutes: row.delayMinutes,
    time_priority: row.timePriority,
    visible_on_ticket: row.visibleOnTicket,
    ticket_text: row.ticketText,
    hide_times_on_ticket: row.hideTimesOnTicket,
  };
}

function assertAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new AppError('FORBIDDEN');
}

async function requireInfoTag(ctx: AppContext, actor: Actor, id: string): Promise<InfoTagRow> {
  const row = await findInfoTag(ctx.db, actor.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Empty optional texts are stored as null: the ticket shows nothing rather than a blank line. */
const textOrNull = (value: string | null) => (value === null || value === '' ? null : value);

function changesFrom(input: UpdateInfoTagInput): InfoTagChanges {
  const changes: InfoTagChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.label !== undefined) changes.label = textOrNull(input.label);
  if (input.color !== undefined) changes.color = input.color?.toUpperCase() ?? null;
  if (input.delay !== undefined) changes.delay = input.delay;
  if (input.delay_minutes !== undefined) changes.delayMinutes = input.delay_minutes;
  if (input.time_priority !== undefined) changes.timePriority = input.time_priority;
  if (input.visible_on_ticket !== undefined) changes.visibleOnTicket = input.visible_on_ticket;
  if (input.ticket_text !== undefined) changes.ticketText = textOrNull(input.ticket_text);
  if (input.hide_times_on_ticket !== undefined) changes.hideTimesOnTicket = input.hide_times_on_ticket;
  return changes;
}

/** `GET /info-tags`: admins and processors (processors put tags on members). */
export async function listInfoTags(ctx: AppContext, actor: Actor): Promise<InfoTag[]> {
  return (await listInfoTagsOfAccount(ctx.db, actor.accountId)).map(presentInfoTag);
}

/** `GET /info-tags/{id}`: admins and processors. */
export async function getInfoTag(ctx: AppContext, actor: Actor, id: string): Promise<InfoTag> {
  return presentInfoTag(await requireInfoTag(ctx, actor, id));
}

/** `POST /info-tags` (admins); the delay rule was checked by the schema. */
export async function createInfoTag(ctx: AppContext, actor: Actor, input: CreateInfoTagInput): Promise<InfoTag> {
  assertAdmin(actor);
  const row = await insertInfoTag(ctx.db, { ...changesFrom(input), name: input.name, accountId: actor.accountId });
  return presentInfoTag(row);
}

/**
 * `PATCH /info-tags/{id}` (admins): the delay rule holds for the tag as it will be, so a change
 * of only `delay` or only `delay_minutes` is checked against the stored other half. The row is
 * locked while checking, so two concurrent halves cannot combine into a tag breaking the rule.
 */
export async function updateInfoTag(ctx: AppContext, actor: Actor, id: string, input: UpdateInfoTagInput): Promise<InfoTag> {
  assertAdmin(actor);
  const changes = changesFrom(input);
  const row = await ctx.db.transaction(async (tx) => {
    const existing = await findInfoTagForUpdate(tx, actor.accountId, id);
    if (!existing) throw new AppError('NOT_FOUND');
    const problem = infoTagDelayProblem(changes.delay ?? existing.delay, changes.delayMinutes ?? existing.delayMinutes);
    if (problem) throw new AppError('VALIDATION', { fields: { delay_minutes: problem } });
    if (Object.keys(changes).length === 0) return existing;
    return updateInfoTagRow(tx, actor.accountId, existing.id, changes);
  });
  if (!row) throw new AppError('NOT_FOUND');
  return presentInfoTag(row);
}

/** `DELETE /info-tags/{id}` (admins). */
export async function deleteInfoTag(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  assertAdmin(actor);
  const existing = await requireInfoTag(ctx, actor, id);
  if (!(await deleteInfoTagRow(ctx.db, actor.accountId, existing.id))) throw new AppError('NOT_FOUND');
}
