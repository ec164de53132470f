/** A refetch that tries again after a failure until it succeeds; see `retrying`. */
export interface Retrier {
  /** Fetches now (dropping a retry that waits: this attempt replaces it) and retries while it fails. */
  run(): void;
  /** Drops the waiting retry and forgets the running attempt's outcome; `run` starts again. */
  stop(): void;
}

export interface RetryOptions {
  /** The first retry's delay; 1 s by default. */
  baseMs?: number;
  /** The longest delay; 30 s by default. */
  maxMs?: number;
  /** The spread of each delay, in [0, 1); Math.random by default. */
  random?: () => number;
}

/**
 * Runs `attempt` and, while it fails, runs it again after a delay that doubles from `baseMs` up
 * to `maxMs`, each spread between half and one and a half times (jitter): a screen whose refetch
 * failed — the server restarting, a full listen queue, a lost packet on a phone — must not stay
 * on its old state until the next event, which may never come. The spread keeps thousands of
 * screens that failed together from retrying together (bench/fanout.mjs's reconnect storm).
 *
 * `attempt` answers true when it is done: it fetched, or got an answer that trying again will
 * not change (a 404). False, or a throw, asks for a retry. No dependency: patient screens use it.
 */
export function retrying(attempt: () => Promise<boolean>, options: RetryOptions = {}): Retrier {
  const baseMs = options.baseMs ?? 1000;
  const maxMs = options.maxMs ?? 30_000;
  const random = options.random ?? Math.random;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by run and stop: an attempt of an older generation schedules nothing. */
  let generation = 0;

  const go = (own: number, failures: number) => {
    void attempt()
      .catch(() => false)
      .then((done) => {
        if (done || own !== generation) return;
        const delay = Math.min(maxMs, baseMs * 2 ** failures) * (0.5 + random());
        timer = setTimeout(() => go(own, failures + 1), delay);
      });
  };

  return {
    run() {
      clearTimeout(timer);
      generation += 1;
      go(generation, 0);
    },
    stop() {
      clearTimeout(timer);
      generation += 1;
    },
  };
}
