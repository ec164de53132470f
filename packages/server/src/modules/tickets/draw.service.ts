import {
  checkDrawTicket,
  DEFAULT_PATIENT_INPUTS,
  drawRefusal,
  formatLocalDate,
  localDateOf,
  type DrawTicketBody,
  type TicketView,
} from '@wartefrei/shared';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isUniqueViolation, violatedConstraint } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import { Outbox } from '../../platform/realtime/index.js';
import { getSessionRow, queueOfActor } from '../sessions/index.js';
import { intakeOf } from './intake.js';
import { estimateLine, type LineEstimate } from './line.js';
import { presentTicket } from './present.js';
import { announceUpdate } from './tickets.events.js';
import { findDrawContext, insertMember, loadQueueLine, takeNextNumber } from './tickets.repo.js';

/** Who draws: a patient (online, kiosk) by address, or a signed-in processor (manual). */
export interface Drawer {
  actor: Actor | undefined;
  ip: string;
}

/**
 * `POST /queues/{id}/members`: draws a ticket. Online and kiosk tickets need no login and are
 * rate limited per address; a manual one needs a processor of the queue. The order of checks
 * is the patient's: does the queue exist, may one draw now, is the data right. The number comes
 * from the session's counter row in the same transaction as the insert; the first estimated
 * start is the estimate for a newcomer at the end of the line as it stood just before (read
 * outside the transaction, so the counter row is locked only for the update and the insert).
 */
export async function drawTicket(ctx: AppContext, limiter: RateLimiter, queueId: string, body: DrawTicketBody, drawer: Drawer): Promise<TicketView> {
  const now = ctx.clock.now();
  if (!isUuid(queueId)) throw new AppError('QUEUE_NOT_FOUND');
  if (body.origin === 'MANUAL') {
    if (!drawer.actor) throw new AppError('AUTH_HEADER_MISSING');
    await queueOfActor(ctx, drawer.actor, queueId);
  } else {
    const verdict = limiter.hit(drawer.ip, now);
    if (!verdict.allowed) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(verdict.retryAfterSeconds) } });
  }
  const context = await findDrawContext(ctx.db, queueId);
  if (!context) throw new AppError('QUEUE_NOT_FOUND');
  const refusal = drawRefusal(intakeOf(context, now), body.origin);
  if (refusal) throw new AppError(refusal);

  const { queue } = context;
  const checked = checkDrawTicket({ ...DEFAULT_PATIENT_INPUTS, ...queue.patientInputs }, body, {
    today: formatLocalDate(localDateOf(now, context.timeZone)),
    minAge: queue.minAge,
    maxAge: queue.maxAge,
  });
  if (!checked.ok) throw new AppError('VALIDATION', { fields: checked.fields });
  const input = checked.value;

  const before = estimateLine(queue, await loadQueueLine(ctx.db, queue.id), now);
  const outbox = new Outbox();
  const member = await ctx.db
    .transaction(async (tx) => {
      const taken = await takeNextNumber(tx, queue.id, input.origin);
      if (!taken) {
        // Refused by the counter row: the session changed since the check above, or the range is used up.
        const fresh = intakeOf({ ...context, session: await getSessionRow(tx, queue.id) }, now);
        throw new AppError(drawRefusal(fresh, input.origin) ?? 'NUMBER_RANGE_EXHAUSTED');
      }
      const row = await insertMember(tx, {
        accountId: queue.accountId,
        queueId: queue.id,
        numberQueueId: queue.id,
        sessionNo: taken.sessionNo,
        ordinal: taken.ordinal,
        number: taken.number,
        origin: input.origin,
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
        firstEstimatedStart: before.newTicket?.estimatedStart ?? null,
        createdAt: now,
      });
      announceUpdate(outbox, row);
      return row;
    })
    .catch((error: unknown) => {
      // A wrapped number whose earlier holder is still open: every number of the range is in use.
      if (isUniqueViolation(error) && violatedConstraint(error) === 'queue_members_open_number_unique') {
        throw new AppError('NUMBER_RANGE_EXHAUSTED');
      }
      throw error;
    });
  await outbox.flush(ctx.realtime);
  // The answer comes from the same snapshot as the first estimate, with the newcomer at the end
  // of the line: consistent with it, and no second read of the line. A draw racing this one may
  // stand ahead; the ticket page refetches on its first live event anyway.
  return presentTicket(member, queue, withNewcomer(before, member.id), [], now);
}

/** The line as it stood before a draw, plus the new ticket at its end. */
function withNewcomer(line: LineEstimate, memberId: string): LineEstimate {
  const waiting = line.places.size;
  const places = new Map(line.places);
  places.set(memberId, { position: waiting + 1, ahead: waiting, estimatedStart: line.newTicket?.estimatedStart ?? null, hideTimes: false });
  return { ...line, places };
}
