import type { z } from 'zod';
import { localDateOf } from '@wartefrei/shared';
import type { JobHandler } from '../../platform/jobs/index.js';
import { findTypeWithLocation, freeTimeInputs, freeTimes } from '../appointments/index.js';
import { fitOf, wishTakes } from './fit.js';
import { scheduleRound, type ScanPayload } from './jobs.js';
import { insertFreedTimes, openFreedStarts, waitingAppointments } from './offers.repo.js';

/*
 * A stretch of a processor's calendar opened (an absence removed or shortened, hours added or
 * widened): the free times in it for which someone waits become freed times, each with its
 * first round. Bounded: only times a waiting appointment's wish takes (of its type, earlier than
 * it), at most one per waiting appointment per scan, within SCAN_DAYS and the first
 * SCAN_APPOINTMENTS waiting — a new weekly slot must not become a thousand offers at once.
 */

const DAY = 86_400_000;
export const SCAN_DAYS = 56;
const SCAN_APPOINTMENTS = 500;

export const scanStretch: JobHandler<z.infer<typeof ScanPayload>> = async (ctx, tx, job) => {
  const now = ctx.clock.now();
  const { accountId, processorId, reason } = job.payload;
  const from = new Date(Math.max(Date.parse(job.payload.from), now.getTime()));
  const to = new Date(Math.min(Date.parse(job.payload.to), now.getTime() + SCAN_DAYS * DAY));
  if (to.getTime() <= from.getTime()) return 'DONE';
  const waiting = await waitingAppointments(tx, accountId, from, SCAN_APPOINTMENTS);
  const taken = await openFreedStarts(tx, processorId, from, to);
  const byType = new Map<string, typeof waiting>();
  for (const row of waiting) byType.set(row.appointmentTypeId, [...(byType.get(row.appointmentTypeId) ?? []), row]);
  for (const [typeId, rows] of byType) {
    const found = await findTypeWithLocation(tx, typeId, undefined);
    if (!found || found.type.offerCount === 0) continue;
    const tz = found.location.timeZone;
    const latest = new Date(Math.min(to.getTime(), Math.max(...rows.map((row) => row.startAt.getTime()))));
    if (latest.getTime() <= from.getTime()) continue;
    const inputs = await freeTimeInputs(tx, found, localDateOf(from, tz), localDateOf(latest, tz), true);
    const free = freeTimes({ ...inputs, now }).filter((time) => time.processorId === processorId && time.start >= from.getTime() && time.end <= to.getTime());
    for (const row of rows) {
      const time = free.find((t) => !taken.has(t.start) && t.start < row.startAt.getTime() && wishTakes(row, fitOf(new Date(t.start), tz)));
      if (!time) continue;
      taken.add(time.start);
      const [freed] = await insertFreedTimes(tx, [
        {
          accountId,
          profileId: found.type.profileId,
          appointmentTypeId: typeId,
          processorId,
          startAt: new Date(time.start),
          endAt: new Date(time.end),
          reason,
          freedAt: now,
        },
      ]);
      if (freed) await scheduleRound(tx, freed.id, 1, now);
    }
  }
  return 'DONE';
};
