import {
  type AssignedProcessor,
  type AssignProcessorInput,
  type CreateProcessorInput,
  type OwnQueue,
  type Processor,
  type SetOwnQueueActiveInput,
  type UpdateProcessorInput,
} from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isUniqueViolation, violatedConstraint } from '../../platform/errors.js';
import { scheduleJob } from '../../platform/jobs/index.js';
import { Outbox } from '../../platform/realtime/outbox.js';
import { findUserByUsername, issueOneTimeToken, passwordResetTokens, refuseOnDemo } from '../accounts/index.js';
import {
  deleteAssignment,
  findAssignment,
  findProcessor,
  findQueueOfAccount,
  insertProcessor,
  listAssignedProcessors,
  listOwnQueues,
  listProcessorsOfAccount,
  setAssignmentActive,
  updateProcessor as updateProcessorRow,
  upsertAssignment,
  type ProcessorChanges,
  type ProcessorRow,
} from './processors.repo.js';
import { activityAt, announceActivityChange, assertPauseEnd, PAUSE_END_JOB } from './processors.pause.js';
import { invitationPending, INVITE_TOKEN_SECONDS, sendInvitation } from './processors.invitations.js';

/** The processor as admins see it: never the password hash. */
export function presentProcessor(row: ProcessorRow): Processor {
  return {
    id: row.id,
    username: row.username,
    display_name: row.displayName,
    is_admin: row.isAdmin,
    lang: row.lang,
    color: row.color,
    priority: row.priority,
    max_concurrent_processing: row.maxConcurrentProcessing,
    button_visibility: row.buttonVisibility,
    name_order: row.nameOrder,
    room: row.room,
    microsoft_tenant_id: row.microsoftTenantId,
    verified: row.verified,
    invitation_pending: invitationPending(row),
  };
}

function assertAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new AppError('FORBIDDEN');
}

/** The processor of the caller's account; a foreign, unknown or malformed id is a 404. */
async function requireProcessor(ctx: AppContext, actor: Actor, id: string): Promise<ProcessorRow> {
  const row = await findProcessor(ctx.db, actor.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function requireQueue(ctx: AppContext, actor: Actor, queueId: string): Promise<void> {
  const queue = await findQueueOfAccount(ctx.db, actor.accountId, queueId);
  if (!queue) throw new AppError('NOT_FOUND');
}

function changesFrom(input: UpdateProcessorInput): ProcessorChanges {
  const changes: ProcessorChanges = {};
  if (input.display_name !== undefined) changes.displayName = input.display_name;
  if (input.is_admin !== undefined) changes.isAdmin = input.is_admin;
  if (input.lang !== undefined) changes.lang = input.lang;
  if (input.color !== undefined) changes.color = input.color?.toUpperCase() ?? null;
  if (input.priority !== undefined) changes.priority = input.priority;
  if (input.max_concurrent_processing !== undefined) changes.maxConcurrentProcessing = input.max_concurrent_processing;
  if (input.button_visibility !== undefined) changes.buttonVisibility = input.button_visibility;
  if (input.name_order !== undefined) changes.nameOrder = input.name_order;
  if (input.room !== undefined) changes.room = input.room;
  if (input.microsoft_tenant_id !== undefined) changes.microsoftTenantId = input.microsoft_tenant_id;
  return changes;
}

/** `GET /processors`: every staff user of the caller's account. */
export async function listProcessors(ctx: AppContext, actor: Actor): Promise<Processor[]> {
  assertAdmin(actor);
  return (await listProcessorsOfAccount(ctx.db, actor.accountId)).map(presentProcessor);
}

/** `GET /processors/{id}`. */
export async function getProcessor(ctx: AppContext, actor: Actor, id: string): Promise<Processor> {
  assertAdmin(actor);
  return presentProcessor(await requireProcessor(ctx, actor, id));
}

/**
 * `GET /processors/me`: the caller's own settings, for every role — the work view applies their
 * colour, button visibility and name order (docs/product.md#processor-settings).
 */
export async function getOwnProcessor(ctx: AppContext, actor: Actor): Promise<Processor> {
  return presentProcessor(await requireProcessor(ctx, actor, actor.userId));
}

/**
 * `POST /processors`: creates the processor verified but without a password and mails them an
 * invitation link to set one (the password-reset page redeems it). The username is unique
 * across all accounts; the unique index decides races between two invitations.
 */
export async function createProcessor(ctx: AppContext, actor: Actor, input: CreateProcessorInput): Promise<Processor> {
  assertAdmin(actor);
  // The demo sends no invitation: its visitors would mail anyone's address from our server.
  await refuseOnDemo(ctx.db, actor.accountId);
  if (await findUserByUsername(ctx.db, input.username)) throw new AppError('UNIQUE', { fields: { username: 'MAIL_IN_USE' } });
  let created: { row: ProcessorRow; secret: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const row = await insertProcessor(tx, {
        ...changesFrom(input),
        accountId: actor.accountId,
        username: input.username,
        displayName: input.display_name,
        passwordHash: null,
        verified: true,
      });
      const secret = await issueOneTimeToken(ctx, tx, passwordResetTokens, row.id, INVITE_TOKEN_SECONDS);
      return { row, secret };
    });
  } catch (error) {
    if (isUniqueViolation(error) && (violatedConstraint(error) ?? '').startsWith('users_username')) {
      throw new AppError('UNIQUE', { fields: { username: 'MAIL_IN_USE' } });
    }
    throw error;
  }
  await sendInvitation(ctx, actor, created.row, created.secret);
  return presentProcessor(created.row);
}

/**
 * `PATCH /processors/{id}`: changes what is sent; an admin cannot take their own admin rights. A
 * changed Microsoft tenant unbinds the Microsoft account the processor signed in with.
 */
export async function updateProcessor(ctx: AppContext, actor: Actor, id: string, input: UpdateProcessorInput): Promise<Processor> {
  assertAdmin(actor);
  const existing = await requireProcessor(ctx, actor, id);
  if (existing.id === actor.userId && input.is_admin === false) throw new AppError('CANNOT_DEMOTE_SELF');
  const changes = changesFrom(input);
  // Another tenant (or none) is another Microsoft account: the next sign-in binds anew by mail.
  const tenantOf = (tenant: string | null | undefined) => tenant?.trim().toLowerCase() || null;
  if (changes.microsoftTenantId !== undefined && tenantOf(changes.microsoftTenantId) !== tenantOf(existing.microsoftTenantId)) changes.microsoftOid = null;
  if (Object.keys(changes).length === 0) return presentProcessor(existing);
  const row = await updateProcessorRow(ctx.db, actor.accountId, existing.id, changes);
  if (!row) throw new AppError('NOT_FOUND');
  return presentProcessor(row);
}

/** `PUT /queues/{queueId}/processors/{userId}`: assigns (idempotent). */
export async function assignProcessor(ctx: AppContext, actor: Actor, queueId: string, userId: string, input: AssignProcessorInput | null | undefined): Promise<AssignedProcessor> {
  assertAdmin(actor);
  await requireQueue(ctx, actor, queueId);
  const processor = await requireProcessor(ctx, actor, userId);
  const assignment = await upsertAssignment(ctx.db, queueId, processor.id, input?.active);
  return { ...presentProcessor(processor), active: assignment.active };
}

/** `DELETE /queues/{queueId}/processors/{userId}`: unassigns; not assigned is a 404. */
export async function unassignProcessor(ctx: AppContext, actor: Actor, queueId: string, userId: string): Promise<void> {
  assertAdmin(actor);
  await requireQueue(ctx, actor, queueId);
  const processor = await requireProcessor(ctx, actor, userId);
  if (!(await deleteAssignment(ctx.db, queueId, processor.id))) throw new AppError('NOT_FOUND');
}

/**
 * `GET /queues/{queueId}/processors`: admins, and processors assigned to the queue. To any other
 * processor the queue does not exist (a processor sees only assigned queues).
 */
export async function listQueueProcessors(ctx: AppContext, actor: Actor, queueId: string): Promise<AssignedProcessor[]> {
  await requireQueue(ctx, actor, queueId);
  if (!actor.isAdmin && !(await findAssignment(ctx.db, queueId, actor.userId))) throw new AppError('NOT_FOUND');
  const rows = await listAssignedProcessors(ctx.db, queueId);
  const now = ctx.clock.now();
  return rows.map((row) => ({ ...presentProcessor(row.user), active: activityAt(row, now).active }));
}

/** `GET /processors/me/queues`: the caller's queues by priority; none is an empty list. */
export async function listMyQueues(ctx: AppContext, actor: Actor): Promise<OwnQueue[]> {
  const rows = await listOwnQueues(ctx.db, actor.accountId, actor.userId);
  const now = ctx.clock.now();
  return rows.map((r) => {
    const { active, inactiveUntil } = activityAt(r, now);
    return {
      queue_id: r.queueId,
      name: r.name,
      identifier: r.identifier,
      priority: r.priority,
      profile_id: r.profileId,
      active,
      inactive_until: inactiveUntil?.toISOString() ?? null,
    };
  });
}

/**
 * `PATCH /processors/me/queues/{queueId}`: actively processing or only managing that queue; with
 * `until`, a pause that ends by itself (its end job is scheduled in the same transaction). Every
 * switch is announced on the queue, whose estimates it moves.
 */
export async function setMyQueueActive(ctx: AppContext, actor: Actor, queueId: string, input: SetOwnQueueActiveInput): Promise<OwnQueue> {
  await requireQueue(ctx, actor, queueId);
  const until = !input.active && input.until ? new Date(input.until) : null;
  if (until) assertPauseEnd(until, ctx.clock.now());
  const outbox = new Outbox();
  await ctx.db.transaction(async (tx) => {
    if (!(await setAssignmentActive(tx, queueId, actor.userId, input.active, until))) throw new AppError('NOT_FOUND');
    if (until) {
      await scheduleJob(tx, {
        kind: PAUSE_END_JOB,
        key: `${queueId}:${actor.userId}:${until.toISOString()}`,
        runAt: until,
        payload: { queueId, userId: actor.userId, until: until.toISOString() },
      });
    }
    announceActivityChange(outbox, queueId);
  });
  await outbox.flush(ctx.realtime);
  const own = (await listMyQueues(ctx, actor)).find((q) => q.queue_id === queueId);
  if (!own) throw new AppError('NOT_FOUND');
  return own;
}
