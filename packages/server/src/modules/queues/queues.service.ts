import { syncSubscriptionSoon } from '../billing/index.js';
import {
  DEFAULT_PATIENT_INPUTS,
  DEFAULT_QUEUE_PRIORITY,
  mergeViewConfiguration,
  queueConfigProblems,
  topicOf,
  type CreateQueueInput,
  type Queue,
  type SessionButtonVisibility,
  type UpdateQueueInput,
} from '@wartefrei/shared';
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

const DEFAULT_BUTTON_VISIBILITY: SessionButtonVisibility = {
  suspend_online: 'EVERYBODY',
  suspend_kiosk: 'EVERYBODY',
  queue_opened: 'EVERYBODY',
  terminate: 'EVERYBODY',
};

/** The API shape of a queue with its session state. */
export function presentQueue({ queue: q, session }: QueueWithSession): Queue {
  return {
    id: q.id,
    profile_id: q.profileId,
    name: q.name,
    identifier: q.identifier,
    phone: q.phone,
    priority: q.priority,
    kiosk_text_before: q.kioskTextBefore,
    kiosk_text_after: q.kioskTextAfter,
    ticket_text_before: q.ticketTextBefore,
    ticket_text_after: q.ticketTextAfter,
    monitor_text: q.monitorText,
    opening_hours: q.openingHours,
    draw_online_enabled: q.drawOnlineEnabled,
    wait_time_calculation_enabled: q.waitTimeCalculationEnabled,
    kiosk_enabled: q.kioskEnabled,
    max_concurrent_processing: q.maxConcurrentProcessing,
    preprocessing_buffer_minutes: q.preprocessingBufferMinutes,
    average_process_minutes: q.averageProcessMinutes,
    number_start: q.numberStart,
    number_end: q.numberEnd,
    number_wrap: q.numberWrap,
    timeout_minutes: q.timeoutMinutes,
    automatically_next: q.automaticallyNext,
    color: q.color,
    accent_color: q.accentColor,
    min_age: q.minAge,
    max_age: q.maxAge,
    is_default: q.isDefault,
    logo_placement_ticket: q.logoPlacementTicket,
    logo_placement_kiosk: q.logoPlacementKiosk,
    patient_inputs: { ...DEFAULT_PATIENT_INPUTS, ...q.patientInputs },
    ask_patient_for_language: q.askPatientForLanguage,
    allow_move_appointment: q.allowMoveAppointment,
    may_activate_sms_notifications: q.mayActivateSmsNotifications,
    alert_members_ahead: q.alertMembersAhead,
    alert_minutes_left: q.alertMinutesLeft,
    show_processor_on_processing: q.showProcessorOnProcessing,
    allow_actual_processor_selection_for_non_active_processors: q.allowActualProcessorSelectionForNonActiveProcessors,
    display_monitor_on_kiosk: q.displayMonitorOnKiosk,
    button_visibility: { ...DEFAULT_BUTTON_VISIBILITY, ...q.buttonVisibility },
    name_order: q.nameOrder,
    always_show_probing_questions: q.alwaysShowProbingQuestions,
    smart_suspend_minutes: q.smartSuspendMinutes,
    view_configuration: mergeViewConfiguration(q.viewConfiguration),
    session: presentSession(session),
  };
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

/** Input fields that map one to one onto a column. */
const COLUMNS = {
  name: 'name',
  phone: 'phone',
  priority: 'priority',
  kiosk_text_before: 'kioskTextBefore',
  kiosk_text_after: 'kioskTextAfter',
  ticket_text_before: 'ticketTextBefore',
  ticket_text_after: 'ticketTextAfter',
  monitor_text: 'monitorText',
  opening_hours: 'openingHours',
  draw_online_enabled: 'drawOnlineEnabled',
  wait_time_calculation_enabled: 'waitTimeCalculationEnabled',
  kiosk_enabled: 'kioskEnabled',
  max_concurrent_processing: 'maxConcurrentProcessing',
  preprocessing_buffer_minutes: 'preprocessingBufferMinutes',
  average_process_minutes: 'averageProcessMinutes',
  number_start: 'numberStart',
  number_end: 'numberEnd',
  number_wrap: 'numberWrap',
  timeout_minutes: 'timeoutMinutes',
  automatically_next: 'automaticallyNext',
  color: 'color',
  accent_color: 'accentColor',
  min_age: 'minAge',
  max_age: 'maxAge',
  is_default: 'isDefault',
  logo_placement_ticket: 'logoPlacementTicket',
  logo_placement_kiosk: 'logoPlacementKiosk',
  ask_patient_for_language: 'askPatientForLanguage',
  allow_move_appointment: 'allowMoveAppointment',
  may_activate_sms_notifications: 'mayActivateSmsNotifications',
  alert_members_ahead: 'alertMembersAhead',
  alert_minutes_left: 'alertMinutesLeft',
  show_processor_on_processing: 'showProcessorOnProcessing',
  allow_actual_processor_selection_for_non_active_processors: 'allowActualProcessorSelectionForNonActiveProcessors',
  display_monitor_on_kiosk: 'displayMonitorOnKiosk',
  name_order: 'nameOrder',
  always_show_probing_questions: 'alwaysShowProbingQuestions',
  smart_suspend_minutes: 'smartSuspendMinutes',
} as const satisfies Partial<Record<keyof UpdateQueueInput, keyof QueueChanges>>;

/**
 * The column changes of an input, merged with what is stored: identifier sanitised, empty texts
 * stored as null, patient inputs, button visibility and view configuration merged per key, and the cross-field rules
 * of docs/product.md#validation-rules checked on the result (a PATCH of number_end alone is judged with the stored start).
 */
function queueChanges(input: UpdateQueueInput, stored: QueueRow | undefined): QueueChanges {
  const fields: Record<string, FieldProblem> = {};
  const changes: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = input[field as keyof typeof COLUMNS];
    if (value !== undefined) changes[column] = value === '' ? null : value;
  }
  if (input.identifier !== undefined) {
    const { identifier, problem } = checkLocationIdentifier(input.identifier);
    if (problem) fields.identifier = problem;
    changes.identifier = identifier;
  }
  if (input.patient_inputs) changes.patientInputs = { ...DEFAULT_PATIENT_INPUTS, ...stored?.patientInputs, ...input.patient_inputs };
  if (input.button_visibility) {
    changes.buttonVisibility = { ...DEFAULT_BUTTON_VISIBILITY, ...stored?.buttonVisibility, ...input.button_visibility };
  }
  if (input.view_configuration) changes.viewConfiguration = mergeViewConfiguration(stored?.viewConfiguration, input.view_configuration);
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
        priority: DEFAULT_QUEUE_PRIORITY,
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
      if (changes.maxConcurrentProcessing !== undefined && changes.maxConcurrentProcessing !== stored.queue.maxConcurrentProcessing) {
        // docs/product.md#states-and-transitions: the value changes together with a close (TERMINATE
        // carries it, sessions.service.ts); while the list is open only that way is left.
        if ((await lockSessionOfQueue(tx, id))?.open) throw new AppError('MAX_CONCURRENT_CHANGE_NEEDS_CLOSE');
      }
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
