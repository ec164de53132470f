import { scheduleJob } from '../../platform/jobs/index.js';
import type { FreedTimeListener } from '../appointments/index.js';
import { insertFreedTimes } from './offers.repo.js';
import { OFFER_SCAN_JOB, scheduleRound } from './jobs.js';

/*
 * What the offers hear from the appointments module (`appointmentHooks.freedTimes`), inside the
 * transaction of the change: a time an appointment let go of becomes a freed time with its first
 * round scheduled at once; a stretch that opened is scanned by a job of its own (it computes
 * free times, which a cancel's request should not wait for).
 */
export const freedTimeListener: FreedTimeListener = {
  async timesFreed(_ctx, q, held, reason, now) {
    const rows = await insertFreedTimes(
      q,
      held.map((row) => ({
        accountId: row.accountId,
        profileId: row.profileId,
        appointmentTypeId: row.appointmentTypeId,
        processorId: row.processorId!,
        startAt: row.startAt,
        endAt: row.endAt,
        reason,
        freedAt: now,
        // A deleted appointment is gone with this very transaction: nothing to point at.
        fromAppointmentId: reason === 'DELETED' ? null : row.id,
      })),
    );
    for (const row of rows) await scheduleRound(q, row.id, 1, now);
  },

  async stretchOpened(_ctx, q, stretch, reason, now) {
    const from = new Date(Math.max(stretch.from.getTime(), now.getTime()));
    await scheduleJob(q, {
      kind: OFFER_SCAN_JOB,
      key: `${stretch.processorId}:${from.toISOString()}:${stretch.to.toISOString()}:${now.toISOString()}`,
      runAt: now,
      payload: { accountId: stretch.accountId, processorId: stretch.processorId, from: from.toISOString(), to: stretch.to.toISOString(), reason },
    });
  },
};
