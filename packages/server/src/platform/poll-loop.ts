import type { FastifyBaseLogger } from 'fastify';

export interface PollLoop {
  /** No further round starts; the one under way finishes (and commits) first. */
  stop(): Promise<void>;
}

/**
 * Runs `round` every `intervalMs` until stopped: the job runner and the webhook dispatcher. A
 * round answering true (more may be due) is followed at once instead of after a whole interval;
 * a failing round is logged with `failure` and the next one tries again. `stopping` tells a
 * long round to end early.
 */
export function startPollLoop(log: FastifyBaseLogger, intervalMs: number, failure: string, round: (stopping: () => boolean) => Promise<boolean>): PollLoop {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    current = round(() => stopped)
      .catch((error: unknown) => {
        log.error({ err: error }, failure);
        return false;
      })
      .then((more) => {
        if (!stopped) timer = setTimeout(tick, more ? 0 : intervalMs);
      });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
