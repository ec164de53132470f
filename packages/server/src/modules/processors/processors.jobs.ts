import { registerJobHandler, type JobHandler } from '../../platform/jobs/index.js';
import { endPauseIfCurrent } from './processors.repo.js';
import { announceActivityChange, PAUSE_END_JOB } from './processors.pause.js';

/**
 * The end of a pause with an announced return: the stored flag follows the read rule (active
 * again from `until`). Missed-while-down rule: it always runs, however late — the processor is
 * back. It does nothing when the pause is no longer the current one (switched back by hand,
 * replaced by another pause, unassigned).
 */
const endPause: JobHandler = async (_ctx, tx, job, outbox) => {
  const { queueId, userId, until } = job.payload as { queueId: string; userId: string; until: string };
  if (await endPauseIfCurrent(tx, queueId, userId, new Date(until))) announceActivityChange(outbox, queueId);
  return 'DONE';
};

registerJobHandler(PAUSE_END_JOB, endPause);
