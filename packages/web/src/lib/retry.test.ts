import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retrying } from './retry';

/** An attempt that fails `failures` times (a rejected fetch), then succeeds; it notes when it ran. */
function flaky(failures: number) {
  const calls: number[] = [];
  let synced = false;
  const attempt = () => {
    calls.push(Date.now());
    if (calls.length <= failures) return Promise.reject(new Error('network error'));
    synced = true;
    return Promise.resolve(true);
  };
  return { attempt, calls, synced: () => synced };
}

/** Lets the attempt's promise settle, then moves the clock. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('retrying', () => {
  it('a fetch failing twice, then succeeding, ends synced after 1 s and 2 s more', async () => {
    const fetch = flaky(2);
    retrying(fetch.attempt, { random: () => 0.5 }).run();
    await advance(0);
    expect(fetch.calls).toEqual([0]);
    await advance(999);
    expect(fetch.calls).toHaveLength(1);
    await advance(1);
    expect(fetch.calls).toEqual([0, 1000]);
    await advance(2000);
    expect(fetch.calls).toEqual([0, 1000, 3000]);
    expect(fetch.synced()).toBe(true);
    await advance(60_000);
    expect(fetch.calls).toHaveLength(3); // done: no more attempts
  });

  it('doubles the delay per failure up to the cap, spread between half and one and a half times', async () => {
    const fetch = flaky(Infinity);
    let spread = 0;
    retrying(fetch.attempt, { baseMs: 100, maxMs: 1000, random: () => spread }).run();
    await advance(10_000);
    const gaps = fetch.calls.slice(1).map((at, i) => at - fetch.calls[i]!);
    // random 0: half of 100, 200, 400, 800, then the cap of 1000.
    expect(gaps.slice(0, 6)).toEqual([50, 100, 200, 400, 500, 500]);

    const other = flaky(Infinity);
    spread = 0.9;
    retrying(other.attempt, { baseMs: 100, maxMs: 1000, random: () => spread }).run();
    await advance(10_000);
    const wide = other.calls.slice(1).map((at, i) => at - other.calls[i]!);
    expect(wide.slice(0, 5)).toEqual([140, 280, 560, 1120, 1400]);
  });

  it('treats an answer of false like a failure, and true (a 404 too) as done', async () => {
    const answers = [false, false, true];
    const calls: number[] = [];
    retrying(
      () => {
        calls.push(Date.now());
        return Promise.resolve(answers[calls.length - 1] ?? true);
      },
      { random: () => 0.5 },
    ).run();
    await advance(10_000);
    expect(calls).toEqual([0, 1000, 3000]);
  });

  it('a new run replaces the waiting retry and starts the backoff over; stop drops it', async () => {
    const fetch = flaky(Infinity);
    const sync = retrying(fetch.attempt, { random: () => 0.5 });
    sync.run();
    await advance(3000); // attempts at 0, 1000, 3000; the next would be at 7000
    sync.run(); // an event arrived: fetch now, then 1 s, 2 s, ...
    await advance(1000);
    expect(fetch.calls).toEqual([0, 1000, 3000, 3000, 4000]);
    sync.stop();
    await advance(60_000);
    expect(fetch.calls).toHaveLength(5);
  });
});
