import { checkDrawTicket, DEFAULT_PATIENT_INPUTS, drawRefusal, formatLocalDate, localDateOf, type DrawTicketBody, type TicketView } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isUniqueViolation, violatedConstraint } from '../../platform/errors.js';
import { hitOrRefuse, type RateLimiter } from '../../platform/rate-limit.js';
import { Outbox } from '../../platform/realtime/index.js';
import { queueOfActor } from '../queues/index.js';
import { getOrCreateSession } from '../sessions/index.js';
import { intakeOf } from './intake.js';
import { estimateFromCounts, type LineEstimate } from './line.js';
import { presentTicket } from './present.js';
import { ticketAlertsOf } from './alert-view.js';
import { announceUpdate } from './tickets.events.js';
import { drawMember, findDrawContext } from './draw.repo.js';
import { countWaiting, loadLineState } from './line.repo.js';
import { ticketHooks } from './hooks.js';
import { addInfoTag, visibleInfoTagsOf } from './member-tags.repo.js';
import { newLinkToken, ticketUrl } from '../patient-links/index.js';

/** A public draw's limits: per client address (`perAddress`) and per list, whatever the address. */
export interface DrawLimiters {
  perAddress: RateLimiter;
  perList: RateLimiter;
}

/** Who draws: a patient (online, kiosk) by address, or a signed-in processor (manual). */
export interface Drawer {
  actor: Actor | undefined;
  ip: string;
}

/**
 * `POST /queues/{id}/members`: draws a ticket. Online and kiosk tickets need no login and are
 * rate limited per address; a manual one needs a processor of the queue. The order of checks
 * is the patient's: does the queue exist, may one draw now, is the data right. The number comes
 * from the session's counter row in the same statement as the insert (drawMember); the first
 * estimated start is the estimate for a newcomer at the end of the line as it stood just before
 * (read before, so the counter row is locked only for the update and the insert).
 */
export async function drawTicket(ctx: AppContext, limiter: DrawLimiters, queueId: string, body: DrawTicketBody, drawer: Drawer): Promise<TicketView> {
  const now = ctx.clock.now();
  if (body.origin === 'MANUAL') {
    if (!drawer.actor) throw new AppError('AUTH_HEADER_MISSING');
    await queueOfActor(ctx.db, drawer.actor, queueId);
  } else {
    // The address first: one client's flood is refused before it can use up the list's count.
    await hitOrRefuse(limiter.perAddress, drawer.ip, now);
    await hitOrRefuse(limiter.perList, queueId, now);
  }
  const context = await findDrawContext(ctx.db, queueId);
  // An archived (deleted) list keeps its tickets' views, but takes no one new.
  if (!context || context.queue.archivedAt) throw new AppError('QUEUE_NOT_FOUND');
  const refusal = drawRefusal(intakeOf(context), body.origin);
  if (refusal) throw new AppError(refusal);

  const { queue } = context;
  const checked = checkDrawTicket({ ...DEFAULT_PATIENT_INPUTS, ...queue.patientInputs }, body, {
    today: formatLocalDate(localDateOf(now, context.timeZone)),
    minAge: queue.minAge,
    maxAge: queue.maxAge,
    sealed: context.sealingKeyId !== null,
  });
  if (!checked.ok) throw new AppError('VALIDATION', { fields: checked.fields });
  const input = checked.value;
  const interview = await ctx.hooks.of(ticketHooks.drawInterview).check(ctx.db, {
    accountId: queue.accountId,
    profileId: queue.profileId,
    queueId: queue.id,
    variant: input.origin === 'KIOSK' ? 'KIOSK' : 'ONLINE',
    alwaysAsk: queue.alwaysShowProbingQuestions && (input.origin === 'ONLINE' || input.origin === 'KIOSK'),
    answers: input.answers,
    sealed: context.sealingKeyId !== null,
  });

  // The line's state and length, not its members: a draw costs the same behind 5 or 5,000.
  const [state, waiting] = await Promise.all([loadLineState(ctx.db, queue.id, now), countWaiting(ctx.db, queue.id)]);
  const before = estimateFromCounts(queue, state, now, waiting);
  const outbox = new Outbox();
  const values = {
    // Sealed in the browser for this id (docs/security.md#encryption): the row takes it.
    ...(input.record_id ? { id: input.record_id } : {}),
    accountId: queue.accountId,
    queueId: queue.id,
    numberQueueId: queue.id,
    silent: input.silent,
    drawnByUserId: input.origin === 'MANUAL' ? (drawer.actor?.userId ?? null) : null,
    orderAt: now,
    displayName: input.display_name,
    firstName: input.first_name,
    lastName: input.last_name,
    birthDate: input.birth_date,
    insuranceNumber: input.insurance_number,
    mail: input.mail,
    phone: input.phone,
    lang: input.lang ?? null,
    sealedData: input.sealed_data,
    firstEstimatedStart: before.newTicket?.estimatedStart ?? null,
    createdAt: now,
  };
  // The patient's key: handed out in this answer only, stored as its hash (patient-links).
  const token = newLinkToken();
  // A draw with an interview keeps its answers and their tags in the same transaction as the
  // ticket; a plain draw stays one statement (drawMember says why that matters).
  const draw = interview
    ? ctx.db.transaction(async (tx) => {
        const drawn = await drawMember(tx, input.origin, values, token);
        if (drawn) {
          await interview.store(tx, drawn.id, now);
          for (const tagId of interview.infoTagIds) await addInfoTag(tx, drawn.id, tagId, now);
        }
        return drawn;
      })
    : drawMember(ctx.db, input.origin, values, token);
  const member = await draw.catch((error: unknown) => {
    // A wrapped number whose earlier holder is still open: every number of the range is in use.
    if (isUniqueViolation(error) && violatedConstraint(error) === 'queue_members_open_number_unique') {
      throw new AppError('NUMBER_RANGE_EXHAUSTED');
    }
    if (isUniqueViolation(error) && violatedConstraint(error) === 'queue_members_pkey') throw new AppError('RECORD_ID_TAKEN');
    throw error;
  });
  if (!member) {
    // Refused by the counter row: the session changed since the check above, or the range is used up.
    const fresh = intakeOf({ ...context, session: await getOrCreateSession(ctx.db, queue.id) });
    throw new AppError(drawRefusal(fresh, input.origin) ?? 'NUMBER_RANGE_EXHAUSTED');
  }
  announceUpdate(outbox, member);
  await outbox.flush(ctx.realtime);
  // The answer comes from the same snapshot as the first estimate, with the newcomer at the end
  // of the line: consistent with it, and no second read of the line. A draw racing this one may
  // stand ahead; the ticket page refetches on its first live event anyway.
  const tags = interview && interview.infoTagIds.length > 0 ? await visibleInfoTagsOf(ctx.db, member.id) : [];
  // A new ticket has asked for no alerts yet: what the list offers is all, no read needed.
  const view = presentTicket(member, queue, withNewcomer(before, waiting, member.id), tags, await ticketAlertsOf(ctx, ctx.db, queue, undefined), now, context);
  return { ...view, patient_url: ticketUrl(ctx.config.publicUrl, token) };
}

/**
 * The estimate of the line as it stood before a draw (`waiting` members), with the new ticket
 * at its end — the only place the ticket view reads, so the only one it gets.
 */
function withNewcomer(line: LineEstimate, waiting: number, memberId: string): LineEstimate {
  const place = { position: waiting + 1, ahead: waiting, estimatedStart: line.newTicket?.estimatedStart ?? null, hideTimes: false };
  return { ...line, places: new Map([[memberId, place]]) };
}
