import { z } from 'zod';
import { registerJobHandler, type JobHandler } from '../../platform/jobs/index.js';
import { AppError } from '../../platform/errors.js';
import { findQueueById, getOrCreateSession } from './sessions.repo.js';
import { applySessionEvent, TIMED_SUSPEND_END_JOB } from './sessions.service.js';

/**
 * The end of a timed suspend. Missed-while-down rule: it always runs, however late — intake
 * that should have resumed must resume. It does nothing when the suspend it belongs to is no
 * longer the current one (resumed by hand, replaced by another suspend, closed by TERMINATE).
 */
const TimedSuspendEndPayload = z.object({ queueId: z.uuid(), channel: z.enum(['ONLINE', 'KIOSK']), until: z.iso.datetime({ offset: true }) });

const endTimedSuspend: JobHandler<z.infer<typeof TimedSuspendEndPayload>> = async (ctx, tx, job, outbox) => {
  const { queueId, channel, until } = job.payload;
  const queue = await findQueueById(tx, queueId);
  if (!queue) return 'DONE';
  const session = await getOrCreateSession(tx, queueId);
  const current = channel === 'ONLINE' ? session.onlineSuspendedUntil : session.kioskSuspendedUntil;
  if (current?.toISOString() !== until) return 'DONE';
  try {
    await tx.transaction((sp) =>
      applySessionEvent(
        ctx,
        sp,
        queue,
        { event: channel === 'ONLINE' ? 'RESUME_ONLINE_FIXED' : 'RESUME_KIOSK_FIXED', note: { timed_suspend_ended: until } },
        { source: 'JOB' },
        outbox,
      ),
    );
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'SESSION_UNCHANGED')) throw error;
  }
  return 'DONE';
};

/** The sessions module's job kinds; app.ts calls this when it builds the app. */
export function registerSessionJobs(): void {
  registerJobHandler(TIMED_SUSPEND_END_JOB, endTimedSuspend, TimedSuspendEndPayload);
}
