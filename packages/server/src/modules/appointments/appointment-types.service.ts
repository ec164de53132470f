import {
  DEFAULT_APPOINTMENT_TYPE_NAME,
  type AppointmentType,
  type AppointmentTypeListQuery,
  type BookableTypes,
  type BookableTypesQuery,
  type CreateAppointmentTypeInput,
  type UpdateAppointmentTypeInput,
} from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { smsOffered } from '../../platform/sms-offer.js';
import { AppError } from '../../platform/errors.js';
import { findProfileInAccount, requireAdmin } from '../profiles/index.js';
import { queueOfActor } from '../queues/index.js';
import { sealingKeyOf } from '../encryption/index.js';
import {
  archiveAppointmentType,
  findVisibleAppointmentType,
  insertAppointmentType,
  isAssignedToQueue,
  isUserOfAccount,
  listBookableTypes,
  listVisibleAppointmentTypes,
  updateAppointmentTypeRow,
  type AppointmentTypeChanges,
  type AppointmentTypeRow,
} from './appointment-types.repo.js';

export function presentAppointmentType(row: AppointmentTypeRow): AppointmentType {
  return {
    id: row.id,
    profile_id: row.profileId,
    queue_id: row.queueId,
    name: row.name,
    duration_minutes: row.durationMinutes,
    default_processor_id: row.defaultProcessorId,
    bookable_online: row.bookableOnline,
    bookable_kiosk: row.bookableKiosk,
    offer_count: row.offerCount,
    offer_minutes: row.offerMinutes,
    confirm_hours_before: row.confirmHoursBefore,
    unconfirmed_mark_hours: row.unconfirmedMarkHours,
    created_at: row.createdAt.toISOString(),
  };
}

/** The type if the actor sees its list (admins every list, processors their own); else NOT_FOUND. */
async function visibleType(db: Queryable, actor: Actor, id: string): Promise<AppointmentTypeRow> {
  const row = await findVisibleAppointmentType(db, actor, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * A processor named for a type (its default) or a booking must be a user of the account
 * (another account's id is a 404 like any foreign id) and serve the type's list: a patient must
 * not be promised someone who never calls it.
 */
export async function checkServesList(db: Queryable, accountId: string, queueId: string, userId: string, field: string): Promise<void> {
  if (!isUuid(userId) || !(await isUserOfAccount(db, accountId, userId))) throw new AppError('NOT_FOUND');
  if (!(await isAssignedToQueue(db, queueId, userId))) throw new AppError('VALIDATION', { fields: { [field]: 'INVALID_VALUE' } });
}

async function checkDefaultProcessor(db: Queryable, actor: Actor, queueId: string, userId: string | null | undefined): Promise<void> {
  if (userId) await checkServesList(db, actor.accountId, queueId, userId, 'default_processor_id');
}

function changesFrom(input: UpdateAppointmentTypeInput): AppointmentTypeChanges {
  const changes: AppointmentTypeChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.duration_minutes !== undefined) changes.durationMinutes = input.duration_minutes;
  if (input.default_processor_id !== undefined) changes.defaultProcessorId = input.default_processor_id;
  if (input.bookable_online !== undefined) changes.bookableOnline = input.bookable_online;
  if (input.bookable_kiosk !== undefined) changes.bookableKiosk = input.bookable_kiosk;
  if (input.offer_count !== undefined) changes.offerCount = input.offer_count;
  if (input.offer_minutes !== undefined) changes.offerMinutes = input.offer_minutes;
  if (input.confirm_hours_before !== undefined) changes.confirmHoursBefore = input.confirm_hours_before;
  if (input.unconfirmed_mark_hours !== undefined) changes.unconfirmedMarkHours = input.unconfirmed_mark_hours;
  return changes;
}

/**
 * `GET /appointment-types`: the types of the lists the caller sees. A filter naming a location
 * or list the caller cannot see is a 404, like every foreign or unknown id.
 */
export async function listAppointmentTypes(ctx: AppContext, actor: Actor, query: AppointmentTypeListQuery): Promise<AppointmentType[]> {
  if (query.profile_id !== undefined && !(isUuid(query.profile_id) && (await findProfileInAccount(ctx.db, actor.accountId, query.profile_id)))) {
    throw new AppError('NOT_FOUND');
  }
  if (query.queue_id !== undefined) await queueOfActor(ctx.db, actor, query.queue_id);
  const rows = await listVisibleAppointmentTypes(ctx.db, actor, {
    ...(query.profile_id ? { profileId: query.profile_id } : {}),
    ...(query.queue_id ? { queueId: query.queue_id } : {}),
  });
  return rows.map(presentAppointmentType);
}

/** `GET /appointment-types/{id}`. */
export async function getAppointmentType(ctx: AppContext, actor: Actor, id: string): Promise<AppointmentType> {
  return presentAppointmentType(await visibleType(ctx.db, actor, id));
}

/** `POST /appointment-types` (admins): in the location of its list. */
export async function createAppointmentType(ctx: AppContext, actor: Actor, input: CreateAppointmentTypeInput): Promise<AppointmentType> {
  requireAdmin(actor);
  const queue = await queueOfActor(ctx.db, actor, input.queue_id);
  await checkDefaultProcessor(ctx.db, actor, queue.id, input.default_processor_id);
  const row = await insertAppointmentType(ctx.db, {
    ...changesFrom(input),
    name: input.name ?? DEFAULT_APPOINTMENT_TYPE_NAME,
    durationMinutes: input.duration_minutes,
    accountId: actor.accountId,
    profileId: queue.profileId,
    queueId: queue.id,
  });
  return presentAppointmentType(row);
}

/** `PATCH /appointment-types/{id}` (admins). */
export async function updateAppointmentType(ctx: AppContext, actor: Actor, id: string, input: UpdateAppointmentTypeInput): Promise<AppointmentType> {
  requireAdmin(actor);
  const existing = await visibleType(ctx.db, actor, id);
  await checkDefaultProcessor(ctx.db, actor, existing.queueId, input.default_processor_id);
  const changes = changesFrom(input);
  if (Object.keys(changes).length === 0) return presentAppointmentType(existing);
  const row = await updateAppointmentTypeRow(ctx.db, actor.accountId, existing.id, changes);
  if (!row) throw new AppError('NOT_FOUND');
  return presentAppointmentType(row);
}

/** `DELETE /appointment-types/{id}` (admins): archives it; its bookings keep their type. */
export async function deleteAppointmentType(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  requireAdmin(actor);
  if (!(await archiveAppointmentType(ctx.db, actor.accountId, id, ctx.clock.now()))) throw new AppError('NOT_FOUND');
}

/**
 * `GET /appointment-types/bookable`: what the patient's picker offers at a list or a location on
 * a channel (ONLINE by default). An unknown or archived list or location offers nothing: the
 * picker then goes straight to the ticket, and the draw page says what is wrong with the link.
 */
export async function bookableTypes(ctx: AppContext, query: BookableTypesQuery): Promise<BookableTypes> {
  const ids = [query.queue_id, query.profile_id].filter((id): id is string => id !== undefined);
  if (!ids.every(isUuid)) return { types: [], sealing_key: null };
  const rows = await listBookableTypes(ctx.db, { queueId: query.queue_id, profileId: query.profile_id, channel: query.channel ?? 'ONLINE' });
  const [first] = rows;
  return {
    sealing_key: first ? await sealingKeyOf(ctx.db, first.type.accountId) : null,
    types: rows.map(({ type, queueName, smsReminders }) => ({
      id: type.id,
      name: type.name,
      duration_minutes: type.durationMinutes,
      queue_id: type.queueId,
      queue_name: queueName,
      choose_processor: type.defaultProcessorId === null,
      offers_earlier: type.offerCount > 0,
      // Offered where it would be sent: the list allows SMS and the server has SMS_URL.
      sms_reminders: smsOffered(ctx.config, smsReminders),
    })),
  };
}
