import { DEFAULT_PATIENT_INPUTS, withAgeLimit, drawRefusal, type Member, type MemberListQuery, type PublicQueue, type TicketView, type WorkViewEntry } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { queueOfActor } from '../queues/index.js';
import { intakeOf } from './intake.js';
import { estimateFromCounts, estimateLine } from './line.js';
import { logoOf, presentMember, presentTicket } from './present.js';
import { findDrawContext, type DrawContext } from './draw.repo.js';
import { countWaiting, loadLineState, loadQueueLine, nextPublicNumbers, placeOf, type LineState } from './line.repo.js';
import { findMember, listMembers, type MemberRow } from './tickets.repo.js';
import { infoTagIdsOf, visibleInfoTagsOf } from './member-tags.repo.js';
import { ticketHooks } from './hooks.js';
import { memberAnswersOf } from './interview.js';
import { memberAlertsOf, NO_MEMBER_ALERTS, ticketAlertsOf } from './alert-view.js';

/** `GET /members/{id}`: the ticket page's data. Unknown and malformed ids are MEMBER_NOT_FOUND. */
export async function ticketView(ctx: AppContext, memberId: string): Promise<TicketView> {
  const member = await findMember(ctx.db, memberId);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  const now = ctx.clock.now();
  // Its own place (a count of those ahead), not the whole line: the same cost 5th or 5,000th.
  const [context, state, place, tags] = await Promise.all([
    findDrawContext(ctx.db, member.queueId),
    loadLineState(ctx.db, member.queueId, now),
    placeOf(ctx.db, member),
    visibleInfoTagsOf(ctx.db, member.id),
  ]);
  if (!context) throw new AppError('MEMBER_NOT_FOUND');
  const alerts = await ticketAlertsOf(ctx, ctx.db, context.queue, member.id);
  const estimate = estimateFromCounts(context.queue, state, now, undefined, place ? [{ id: member.id, ...place }] : []);
  return presentTicket(member, context.queue, estimate, tags, alerts, now, context);
}

/** Members as staff see them, with their places in the line and their tags. */
export async function presentMembers(ctx: AppContext, q: Queryable, rows: MemberRow[]): Promise<Member[]> {
  const now = ctx.clock.now();
  // Only a waiting ticket has a place and an estimate: the line is read just for those queues.
  const queueIds = [...new Set(rows.filter((r) => r.status === 'WAITING').map((r) => r.queueId))];
  const estimates = new Map(
    await Promise.all(
      queueIds.map(async (queueId) => {
        const [context, line] = await Promise.all([findDrawContext(q, queueId), loadQueueLine(q, queueId, now)]);
        return [queueId, context ? estimateLine(context.queue, line, now) : undefined] as const;
      }),
    ),
  );
  const ids = rows.map((r) => r.id);
  const [tagIds, answers, alerts] = await Promise.all([infoTagIdsOf(q, ids), memberAnswersOf(ctx, q, ids), memberAlertsOf(ctx, q, ids)]);
  return rows.map((row) =>
    presentMember(row, estimates.get(row.queueId)?.places.get(row.id), tagIds.get(row.id) ?? [], answers.get(row.id) ?? [], alerts.get(row.id) ?? NO_MEMBER_ALERTS, now),
  );
}

/**
 * `GET /queues/{id}/members`: the work view's list, with filters — the members, then the day's
 * appointments not yet checked in (`kind` appointment) unless a filter only tickets have rules them out.
 */
export async function listQueueMembers(ctx: AppContext, actor: Actor, queueId: string, query: MemberListQuery): Promise<WorkViewEntry[]> {
  const queue = await queueOfActor(ctx.db, actor, queueId);
  if (query.info_tag !== undefined && !isUuid(query.info_tag)) return [];
  const rows = await listMembers(ctx.db, {
    queueId: queue.id,
    statuses: query.status ?? [],
    origins: query.origin ?? [],
    ...(query.info_tag ? { infoTagId: query.info_tag } : {}),
    ...(query.q ? { text: query.q } : {}),
  });
  const members = await presentMembers(ctx, ctx.db, rows);
  const withAppointments = !query.status && !query.info_tag && (!query.origin || query.origin.includes('APPOINTMENT'));
  return withAppointments ? [...members, ...(await ctx.hooks.of(ticketHooks.workViewAppointments)(ctx.db, queue.id, ctx.clock.now(), query.q))] : members;
}

/**
 * `GET /queues/{id}/public`: what any visitor may see — counts and called numbers, no patient.
 * Unknown and malformed ids are QUEUE_NOT_FOUND.
 */
export async function publicQueue(ctx: AppContext, queueId: string): Promise<PublicQueue> {
  const [view] = await publicQueues(ctx, [queueId]);
  if (!view) throw new AppError('QUEUE_NOT_FOUND');
  return view;
}

/**
 * The public views of several queues (a location's queue picker, a kiosk), in the order given;
 * ids of queues that do not exist are left out. The caller decides which ids may be shown.
 */
export async function publicQueues(ctx: AppContext, queueIds: string[]): Promise<PublicQueue[]> {
  const now = ctx.clock.now();
  const loaded = await Promise.all(
    queueIds.map(async (queueId) => {
      const [context, state, waiting, nextNumbers] = await Promise.all([
        findDrawContext(ctx.db, queueId),
        loadLineState(ctx.db, queueId, now),
        countWaiting(ctx.db, queueId),
        nextPublicNumbers(ctx.db, queueId),
      ]);
      // A deleted list is archived: its own tickets still show, the list no longer does.
      return context && !context.queue.archivedAt ? presentPublicQueue(context, { ...state, waiting, nextNumbers }, now) : undefined;
    }),
  );
  return loaded.flatMap((queue) => (queue ? [queue] : []));
}

/** The line as the public view shows it: its state, how many wait, the next numbers. */
type PublicLine = LineState & { waiting: number; nextNumbers: number[] };

function presentPublicQueue(context: DrawContext, line: PublicLine, now: Date): PublicQueue {
  const { queue } = context;
  const estimate = estimateFromCounts(queue, line, now, line.waiting);
  const intake = intakeOf(context);
  return {
    id: queue.id,
    profile_id: queue.profileId,
    name: queue.name,
    identifier: queue.identifier,
    phone: queue.phone,
    kiosk_text_before: queue.kioskTextBefore,
    kiosk_text_after: queue.kioskTextAfter,
    ticket_text_before: queue.ticketTextBefore,
    ticket_text_after: queue.ticketTextAfter,
    monitor_text: queue.monitorText,
    opening_hours: queue.openingHours,
    color: queue.color,
    accent_color: queue.accentColor,
    draw_online_enabled: queue.drawOnlineEnabled,
    kiosk_enabled: queue.kioskEnabled,
    wait_time_calculation_enabled: queue.waitTimeCalculationEnabled,
    display_monitor_on_kiosk: queue.displayMonitorOnKiosk,
    ask_patient_for_language: queue.askPatientForLanguage,
    // A list with an age limit asks for the birth date, whatever an older configuration says.
    patient_inputs: withAgeLimit({ ...DEFAULT_PATIENT_INPUTS, ...queue.patientInputs }, queue.minAge, queue.maxAge),
    min_age: queue.minAge,
    max_age: queue.maxAge,
    always_show_probing_questions: queue.alwaysShowProbingQuestions,
    logo_placement_ticket: queue.logoPlacementTicket,
    logo_placement_kiosk: queue.logoPlacementKiosk,
    ...logoOf(context),
    sealing_key: context.sealingKeyId && context.sealingPublicKey ? { key_id: context.sealingKeyId, public_key: context.sealingPublicKey } : null,
    session: intake.session,
    online_refusal: drawRefusal(intake, 'ONLINE') ?? null,
    kiosk_refusal: drawRefusal(intake, 'KIOSK') ?? null,
    waiting: line.waiting,
    processing: line.processing.length,
    called_numbers: estimate.calledNumbers,
    called_processors: line.processing.flatMap((p) => {
      const by = estimate.servedBy.get(p.id);
      return by && !p.calledSilently ? [{ number: p.number, processor_name: by.name, processor_room: by.room }] : [];
    }),
    next_numbers: line.nextNumbers,
    estimated_wait: estimate.newTicket ? { estimated_start: estimate.newTicket.estimatedStart.toISOString(), wait_minutes: estimate.newTicket.waitMinutes } : null,
  };
}
