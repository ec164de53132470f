import { describe, expect, it } from 'vitest';
import { estimateNewTicketWait, estimateStartBehind, estimateStarts, estimatorLanes, learnedAverageMinutes, type EstimateInput } from './estimate.js';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 22, 8, 0);
const ago = (minutes: number) => NOW - minutes * MINUTE;
const inMinutes = (minutes: number) => NOW + minutes * MINUTE;
/** Processors on a pause, back in these many minutes (negative: the return has passed). */
const backIn = (...minutes: number[]) => minutes.map((m) => ({ returnsAt: inMinutes(m) }));
const base: EstimateInput = { now: NOW, averageMinutes: 10, preprocessingBufferMinutes: 0, servers: 1, processing: [], waiting: [] };
const members = (...delays: (number | undefined)[]) => delays.map((delayMinutes, i) => (delayMinutes === undefined ? { id: `m${i}` } : { id: `m${i}`, delayMinutes }));
/** Estimates as minutes after NOW, in queue order. */
const minutesFromNow = (input: Partial<EstimateInput>) => estimateStarts({ ...base, ...input }).map((e) => (e.estimatedStart - NOW) / MINUTE);

/** Deterministic pseudo-random integers below n (a linear congruential generator): the same queues every run. */
function seededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

describe('estimateStarts', () => {
  it.each<[string, Partial<EstimateInput>, number[]]>([
    ['empty queue', {}, []],
    ['one server', { waiting: members(0, 0, 0) }, [0, 10, 20]],
    ['two servers', { servers: 2, waiting: members(0, 0, 0, 0, 0) }, [0, 0, 10, 10, 20]],
    ['servers 0 counts as one', { servers: 0, waiting: members(0, 0) }, [0, 10]],
    ['servers capped by maxConcurrentProcessing', { servers: 3, maxConcurrentProcessing: 2, waiting: members(0, 0, 0) }, [0, 0, 10]],
    ['processing part-way', { processing: [{ startedAt: ago(4) }], waiting: members(0, 0) }, [6, 16]],
    ['processing just started', { processing: [{ startedAt: NOW }], waiting: members(0) }, [10]],
    // Overran the average by 20 minutes: still expected to need a quarter of it (2.5 → 3 minutes).
    ['processing overran the average', { processing: [{ startedAt: ago(30) }], waiting: members(0, 0) }, [3, 13]],
    ['two servers, both processing', { servers: 2, processing: [{ startedAt: ago(2) }, { startedAt: ago(6) }], waiting: members(0, 0, 0) }, [4, 8, 14]],
    [
      // 8 of 10 minutes done: the remaining 2 are raised to the quarter of the average (2.5 → 3).
      'a visit near its end still needs a quarter of the average',
      { servers: 2, processing: [{ startedAt: ago(2) }, { startedAt: ago(8) }], waiting: members(0, 0, 0) },
      [3, 8, 13],
    ],
    ['two servers, one processing', { servers: 2, processing: [{ startedAt: ago(5) }], waiting: members(0, 0, 0) }, [0, 5, 10]],
    ['more processing than servers: the extra visit queues behind', { processing: [{ startedAt: ago(1) }, { startedAt: ago(3) }], waiting: members(0) }, [16]],
    ['buffer before every visit', { preprocessingBufferMinutes: 2, waiting: members(0, 0, 0) }, [2, 14, 26]],
    ['buffer after a processing member', { preprocessingBufferMinutes: 3, processing: [{ startedAt: ago(4) }], waiting: members(0) }, [9]],
    ['LATER delay shifts only that member', { waiting: members(0, 15, 0) }, [0, 25, 20]],
    ['EARLIER delay shifts only that member', { waiting: members(0, 0, -15) }, [0, 10, 5]],
    ['EARLIER never before now', { waiting: members(-15, 0) }, [0, 10]],
    ['no delay given', { waiting: members(undefined, undefined) }, [0, 10]],
    ['fractional average rounds up to the minute', { averageMinutes: 7.5, waiting: members(0, 0, 0) }, [0, 8, 15]],
    // A processor on a pause, back in 15 minutes: who would be served after the return starts
    // earlier than with one lane all along ([0, 10, 20, 30]); who is served before, unchanged.
    ['a returning lane is free from its return', { away: backIn(15), waiting: members(0, 0, 0, 0) }, [0, 10, 15, 20]],
    ['a return already passed is a lane now', { away: backIn(-5), waiting: members(0, 0, 0) }, [0, 0, 10]],
    ['nobody active, one returning: served from the return', { servers: 0, away: backIn(30), waiting: members(0, 0) }, [30, 40]],
    ['two returning: the earlier return first', { servers: 0, away: backIn(20, 5), waiting: members(0, 0, 0) }, [5, 15, 20]],
    [
      'returning lanes count within maxConcurrentProcessing, the present ones first',
      { servers: 2, maxConcurrentProcessing: 2, away: backIn(5), waiting: members(0, 0, 0) },
      [0, 0, 10],
    ],
    ['visits in progress take the present lanes first', { away: backIn(20), processing: [{ startedAt: ago(4) }], waiting: members(0, 0, 0) }, [6, 16, 20]],
    ['buffer before a returning lane too', { preprocessingBufferMinutes: 2, away: backIn(10), waiting: members(0, 0) }, [2, 12]],
  ])('%s', (_label, input, expected) => expect(minutesFromNow(input)).toEqual(expected));

  it.each<[string, Partial<EstimateInput>, number[]]>([
    ['an appointment at 08:15 takes the lane after the first walk-in', { waiting: members(0, 0, 0), reserved: [{ start: inMinutes(15), end: inMinutes(35) }] }, [0, 35, 45]],
    ['an appointment far ahead changes nothing now', { waiting: members(0, 0), reserved: [{ start: inMinutes(120), end: inMinutes(140) }] }, [0, 10]],
    ['an appointment starting within the next visit comes first', { waiting: members(0), reserved: [{ start: inMinutes(5), end: inMinutes(20) }] }, [20]],
    ['an overdue appointment not yet checked in holds the lane until its end', { waiting: members(0), reserved: [{ start: ago(10), end: inMinutes(5) }] }, [5]],
    ['an appointment over is no appointment', { waiting: members(0), reserved: [{ start: ago(30), end: ago(5) }] }, [0]],
    ['two lanes: the appointment takes one, walk-ins the other', { servers: 2, waiting: members(0, 0, 0), reserved: [{ start: inMinutes(0), end: inMinutes(30) }] }, [0, 10, 20]],
  ])('reserved: %s', (_name, input, expected) => {
    expect(minutesFromNow(input)).toEqual(expected);
  });

  it('keeps the member ids in queue order', () => {
    expect(estimateStarts({ ...base, waiting: [{ id: 'b' }, { id: 'a' }] }).map((e) => e.memberId)).toEqual(['b', 'a']);
  });

  it('rounds up to a whole minute when now is not on one', () => {
    const now = NOW + 20_000;
    const [first] = estimateStarts({ ...base, now, waiting: members(0) });
    expect(first?.estimatedStart).toBe(NOW + MINUTE);
  });

  // Deterministic pseudo-random queues: the invariants hold whatever the input.
  it('never before now, and never earlier than a member ahead with the same delay', () => {
    const random = seededRandom(42);
    for (let round = 0; round < 300; round++) {
      const waiting = Array.from({ length: random(12) }, (_, i) => ({ id: `m${i}`, delayMinutes: [0, 0, 10, -10][random(4)] }));
      const input: EstimateInput = {
        now: NOW + random(60) * 1000,
        averageMinutes: 1 + random(30),
        preprocessingBufferMinutes: random(5),
        servers: random(4),
        away: Array.from({ length: random(3) }, () => ({ returnsAt: inMinutes(random(90) - 15) })),
        processing: Array.from({ length: random(4) }, () => ({ startedAt: ago(random(60)) })),
        waiting,
      };
      const estimates = estimateStarts(input);
      expect(estimates).toHaveLength(waiting.length);
      estimates.forEach((e, i) => {
        expect(e.estimatedStart).toBeGreaterThanOrEqual(input.now);
        for (let j = 0; j < i; j++) {
          if (waiting[j]?.delayMinutes === waiting[i]?.delayMinutes) {
            expect(e.estimatedStart).toBeGreaterThanOrEqual(estimates[j]?.estimatedStart ?? Infinity);
          }
        }
      });
    }
  });
});

describe('estimateStartBehind', () => {
  // The whole line's estimate is the reference: skipping whole rounds must land on the same start.
  it("equals the member's entry in estimateStarts over the whole line, whatever the line", () => {
    const random = seededRandom(7);
    for (let round = 0; round < 400; round++) {
      const ahead = [0, 1, 2, 3, 7, 40, 250][random(7)]!;
      const delay = [0, 0, 10, -10][random(4)]!;
      const input: EstimateInput = {
        now: NOW + random(60) * 1000,
        averageMinutes: random(8) === 0 ? 0 : 1 + random(30),
        preprocessingBufferMinutes: random(5),
        servers: random(4),
        maxConcurrentProcessing: random(3) === 0 ? 1 + random(3) : undefined,
        away: Array.from({ length: random(3) }, () => ({ returnsAt: inMinutes(random(240) - 15) })),
        processing: Array.from({ length: random(4) }, () => ({ startedAt: ago(random(60)) })),
        reserved: Array.from({ length: random(5) }, () => {
          const start = inMinutes(random(600) - 30);
          return { start, end: start + (5 + random(40)) * MINUTE };
        }),
        waiting: [...Array.from({ length: ahead }, (_, i) => ({ id: `m${i}`, delayMinutes: random(2) === 0 ? 0 : 10 })), { id: 'me', delayMinutes: delay }],
      };
      const whole = estimateStarts(input).at(-1)?.estimatedStart;
      expect(estimateStartBehind(input, ahead, delay), `round ${round}`).toBe(whole);
    }
  });

  it('places the 5,000th of two lanes 2,500 visits on', () => {
    expect(estimateStartBehind({ ...base, servers: 2, preprocessingBufferMinutes: 2 }, 5000)).toBe(NOW + (2500 * 12 + 2) * MINUTE);
  });
});

describe('estimatorLanes', () => {
  it.each<[number, number | undefined, number]>([
    [0, undefined, 1],
    [-2, 5, 1],
    [Number.NaN, 5, 1],
    [3, undefined, 3],
    [3, 2, 2],
    [2, 5, 2],
  ])('servers %s, max %s → %d', (servers, max, lanes) => expect(estimatorLanes(servers, max)).toBe(lanes));
});

describe('estimateNewTicketWait', () => {
  it.each<[string, Partial<EstimateInput>, number]>([
    ['empty queue', {}, 0],
    ['empty queue with buffer', { preprocessingBufferMinutes: 5 }, 5],
    ['two ahead, one server', { waiting: members(0, 0) }, 20],
    ['two ahead, two servers', { servers: 2, waiting: members(0, 0) }, 10],
    ['one processing part-way', { processing: [{ startedAt: ago(4) }] }, 6],
    ['a LATER member ahead still takes its slot', { waiting: members(30) }, 10],
    ['three ahead, a second processor back in 15 minutes', { away: backIn(15), waiting: members(0, 0, 0) }, 20],
    ['three ahead, nobody returning', { waiting: members(0, 0, 0) }, 30],
  ])('%s → %d minutes', (_label, input, minutes) => {
    const { estimatedStart, waitMinutes } = estimateNewTicketWait({ ...base, ...input });
    expect(waitMinutes).toBe(minutes);
    expect(estimatedStart).toBe(NOW + minutes * MINUTE);
  });
});

describe('learnedAverageMinutes', () => {
  const fives = (n: number) => Array.from({ length: n }, () => 5);
  it.each<[string, number[], number]>([
    ['no history: configured', [], 12],
    ['too few durations: configured', fives(7), 12],
    ['enough durations: learned', fives(8), 5],
    ['one 90-minute outlier among 5-minute visits', [...fives(9), 90], 5],
    ['two outliers among 20 visits', [...fives(9), 90, ...fives(9), 120], 5],
    ['errs late: the 65th percentile, not the median (5.5)', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 6.85],
    ['invalid durations do not count', [0, -3, Number.NaN, Number.POSITIVE_INFINITY, ...fives(7)], 12],
    ['only the most recent 50 count', [...Array.from({ length: 60 }, () => 5), ...Array.from({ length: 50 }, () => 20)], 20],
  ])('%s', (_label, durations, expected) => expect(learnedAverageMinutes(durations, 12)).toBeCloseTo(expected, 10));

  it('the mean would have been moved by the outlier', () => {
    const durations = [...fives(9), 90];
    const mean = durations.reduce((a, b) => a + b, 0) / durations.length;
    expect(mean).toBe(13.5);
    expect(learnedAverageMinutes(durations, 12)).toBeLessThan(mean / 2);
  });
});
