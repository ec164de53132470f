import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/connect.js';
import { appointmentOffers, appointments, freedTimes } from '../../db/schema/index.js';
import { seeded, type HistoryPlace } from './demo-history.js';

/*
 * The demo history's earlier appointments and confirmations (docs/product.md#earlier-appointments),
 * so the reports show their figures from the first start: the talk type asks 48 hours before,
 * most patients confirm; each cancelled talk freed its time, which was offered to two or three
 * waiting patients and mostly re-filled by one of them. A seed of its own: the history before
 * it stays exactly as it was.
 */

type AppointmentRow = typeof appointments.$inferInsert;
const HOUR = 3_600_000;

export interface EarlierHistory {
  /** Re-filled times: the appointments that took them. */
  refills: AppointmentRow[];
  freed: (typeof freedTimes.$inferInsert)[];
  offers: (typeof appointmentOffers.$inferInsert)[];
}

/** Marks the history's talks as asked and (mostly) confirmed, and makes the freed times, offers and re-fills of the cancelled ones. */
export function demoEarlierHistory(history: AppointmentRow[], place: HistoryPlace): EarlierHistory {
  const random = seeded(43);
  const result: EarlierHistory = { refills: [], freed: [], offers: [] };
  const kept = history.filter((row) => row.cancelState === null);
  for (const row of history) {
    const start = row.startAt.getTime();
    row.confirmationAskedAt = new Date(start - 48 * HOUR);
    row.unconfirmedFrom = new Date(start - 24 * HOUR);
    const confirms = row.cancelState === null && random() < (row.status === 'NO_SHOW' ? 0.2 : 0.9);
    row.confirmedAt = confirms ? new Date(start - (46 - random() * 20) * HOUR) : null;
    if (row.cancelState === null) continue;
    const freedAt = new Date(start - (6 + Math.floor(random() * 90)) * HOUR);
    const freedId = randomUUID();
    const sentAt = new Date(freedAt.getTime() + 2 * 60_000);
    const waiting = [0, 1, 2].map(() => kept[Math.floor(random() * kept.length)]!).filter((w, i, all) => all.findIndex((o) => o.id === w.id) === i);
    const filled = random() < 0.7;
    const refillId = randomUUID();
    if (filled) {
      result.refills.push({
        ...row,
        id: refillId,
        status: 'FINISHED',
        cancelState: null,
        source: 'SELF_BOOKED',
        lastName: 'Lang',
        checkedInAt: new Date(start - 5 * 60_000),
        createdAt: freedAt,
        confirmedAt: null,
        confirmationAskedAt: null,
        unconfirmedFrom: null,
      });
    }
    result.freed.push({
      id: freedId,
      accountId: place.accountId,
      profileId: place.profileId,
      appointmentTypeId: place.talkTypeId,
      processorId: place.processorId,
      startAt: row.startAt,
      endAt: row.endAt,
      reason: 'CANCELLED',
      state: filled ? 'FILLED' : 'LAPSED',
      round: 1,
      freedAt,
      fromAppointmentId: row.id!,
      filledAt: filled ? new Date(sentAt.getTime() + (5 + random() * 20) * 60_000) : null,
      filledByAppointmentId: filled ? refillId : null,
    });
    const takers = filled ? [{ id: refillId } as AppointmentRow, ...waiting.slice(1)] : waiting;
    takers.forEach((taker, i) => {
      const accepted = filled && i === 0;
      result.offers.push({
        accountId: place.accountId,
        freedTimeId: freedId,
        appointmentId: taker.id!,
        round: 1,
        state: accepted ? 'ACCEPTED' : filled ? 'LOST' : 'EXPIRED',
        channels: random() < 0.5 ? ['mail', 'sms'] : ['mail'],
        expiresAt: new Date(sentAt.getTime() + 30 * 60_000),
        sentAt,
        answeredAt: accepted ? new Date(sentAt.getTime() + 10 * 60_000) : null,
        createdAt: freedAt,
      });
    });
  }
  return result;
}

/** Writes them after the history's appointments (the freed times and offers name them). */
export async function seedDemoEarlier(tx: Queryable, earlier: EarlierHistory): Promise<void> {
  if (earlier.refills.length > 0) await tx.insert(appointments).values(earlier.refills);
  if (earlier.freed.length > 0) await tx.insert(freedTimes).values(earlier.freed);
  if (earlier.offers.length > 0) await tx.insert(appointmentOffers).values(earlier.offers);
}
