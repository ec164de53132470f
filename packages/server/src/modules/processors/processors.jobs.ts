import { z } from 'zod';
import { registerJobHandler, type JobHandler } from '../../platform/jobs/index.js';
import { endPauseIfCurrent } from './processors.repo.js';
import { announceActivityChange, PAUSE_END_JOB } from './processors.pause.js';

/**
 * The end of a pause with an announced return: the stored flag follows the read rule (active
 * again from `until`). Missed-while-down rule: it always runs, however late — the processor is
 * back. It does nothing when the pause is no longer the current one (switched back by hand,
 * replaced by another pause, unassigned).
 */
const PauseEndPayload = z.object({ queueId: z.uuid(), userId: z.uuid(), until: z.iso.datetime({ offset: true }) });

const endPause: JobHandler<z.infer<typeof PauseEndPayload>> = async (_ctx, tx, job, outbox) => {
  const { queueId, userId, until } = job.payload;
  if (await endPauseIfCurrent(tx, queueId, userId, new Date(until))) announceActivityChange(outbox, queueId);
  return 'DONE';
};

/** The processors module's job kinds; app.ts calls this when it builds the app. */
export function registerProcessorJobs(): void {
  registerJobHandler(PAUSE_END_JOB, endPause, PauseEndPayload);
}
