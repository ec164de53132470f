/**
 * The wait estimator (issue 5 §5), a pure function of the queue as it is now.
 *
 * Model: `servers` lanes (the actively processing processors) free now, plus one lane per
 * processor `away` on a pause with an announced return, free from that return — at least 1 lane,
 * at most maxConcurrentProcessing (the present ones first). Members already PROCESSING occupy lanes until they are expected to
 * finish; the waiting members then take, in the caller's queue order (the call order, with time
 * priorities already applied), the lane that is free first. Each visit is preceded by the
 * preprocessing buffer and lasts the average process time. A booked appointment (`reserved`)
 * takes the lane free first for its own time whenever it would begin before the next walk-in's
 * visit ended, so walk-ins are placed around it. A member's info-tag delay
 * (+ later, − earlier) then shifts only that member's own estimate. Cancelled and finished
 * members are not passed in, so they cost nothing.
 *
 * The estimator errs late, never early — a patient who comes back too late loses the turn,
 * one who is early only waits:
 * - a member being processed is expected to need at least LATE_RESIDUAL of the average more, also
 *   near or past the end of the average (a visit is never "done any second now");
 * - the buffer is added before every visit, also when a lane is free right now;
 * - a LATER-delayed member keeps its slot in the lanes, so those behind it are not moved up;
 * - every estimate is rounded up to the full minute and never lies before `now`;
 * - the learned average leans towards the LEARNED_QUANTILE of real durations, not the median.
 *
 * Invariant (tested): before the delay shift, estimates never decrease along the queue order —
 * so among members with the same delay a later member never gets an earlier estimate than one
 * ahead of it, whatever lane either takes; and every estimate is at or after `now`.
 */

const MINUTE = 60_000;

/** Fraction of the average a visit in progress is still expected to take at least, even past the average. */
export const LATE_RESIDUAL = 0.25;
/** Real durations needed before the learned average replaces the configured one. */
export const LEARNED_MIN_SAMPLES = 8;
/** At most this many of the most recent durations are considered. */
export const LEARNED_MAX_SAMPLES = 50;
/** The quantile of recent durations used as the average: above the median, so it errs late. */
export const LEARNED_QUANTILE = 0.65;

export interface EstimateInput {
  /** Epoch ms. */
  now: number;
  averageMinutes: number;
  preprocessingBufferMinutes: number;
  /** Processors actively processing this queue; with `away`, clamped to 1..maxConcurrentProcessing. */
  servers: number;
  /**
   * Processors not active for now who announced their return (epoch ms): each is a lane again
   * from then — without it the estimate would assume the reduced staffing lasts all wait long.
   * A return already passed is a lane free now.
   */
  away?: { returnsAt: number }[];
  maxConcurrentProcessing?: number;
  /** Members being processed, with their actual start (epoch ms). */
  processing: { startedAt: number }[];
  /** Waiting members in queue order; delayMinutes from info tags: + later, − earlier. */
  waiting: { id: string; delayMinutes?: number }[];
  /**
   * Booked appointments of the list not yet checked in (epoch ms): each takes a lane for its
   * time, so a walk-in is not promised the minutes an appointment holds.
   */
  reserved?: { start: number; end: number }[];
}

/** What the lanes are made of: the queue as it is now, without the waiting members. */
export type LaneInput = Omit<EstimateInput, 'waiting'>;

export interface MemberEstimate {
  memberId: string;
  /** Epoch ms, a whole minute. */
  estimatedStart: number;
}

const ceilToMinute = (ms: number): number => Math.ceil(ms / MINUTE) * MINUTE;

/** The number of lanes the estimator uses: at least 1, at most maxConcurrentProcessing. */
export function estimatorLanes(servers: number, maxConcurrentProcessing?: number): number {
  const lanes = Math.max(1, Math.floor(Number.isFinite(servers) ? servers : 1));
  if (maxConcurrentProcessing === undefined || maxConcurrentProcessing < 1) return lanes;
  return Math.min(lanes, Math.floor(maxConcurrentProcessing));
}

/**
 * When each lane is free before anyone is placed: the present processors now, the returning
 * ones at their return (earliest first); capped so the present ones stay, never none.
 */
function initialLanes(input: LaneInput): number[] {
  const present = Math.max(0, Math.floor(Number.isFinite(input.servers) ? input.servers : 0));
  const returning = (input.away ?? []).map(({ returnsAt }) => (Number.isFinite(returnsAt) ? Math.max(input.now, returnsAt) : input.now)).sort((a, b) => a - b);
  const count = estimatorLanes(present + returning.length, input.maxConcurrentProcessing);
  const free = [...Array.from({ length: present }, () => input.now), ...returning].slice(0, count);
  // No lane at all (nobody active, nobody returning): one lane free now, as with servers 0.
  return free.length > 0 ? free : [input.now];
}

/**
 * The lanes with the members in processing placed, ready to place the waiting members one after
 * the other in call order (see the model above).
 */
function laneModel(input: LaneInput) {
  const average = Math.max(0, input.averageMinutes) * MINUTE;
  const buffer = Math.max(0, input.preprocessingBufferMinutes) * MINUTE;
  const visit = buffer + average;
  const lanes = initialLanes(input);
  const earliestLane = (): number => lanes.indexOf(Math.min(...lanes));

  // Earliest started first: with more members processing than lanes, the extra ones queue behind.
  for (const { startedAt } of [...input.processing].sort((a, b) => a.startedAt - b.startedAt)) {
    const elapsed = Math.max(0, input.now - startedAt);
    const remaining = Math.max(average - elapsed, LATE_RESIDUAL * average);
    const lane = earliestLane();
    lanes[lane] = (lanes[lane] ?? input.now) + remaining;
  }

  // Appointments in start order: one that would begin before the next walk-in's visit ended
  // takes the lane first, from its start (or now, when overdue) to its end.
  const reserved = (input.reserved ?? []).filter((r) => r.end > input.now).sort((a, b) => a.start - b.start);
  const reserveBefore = (visitEnd: number) => {
    while (reserved.length > 0 && reserved[0]!.start < visitEnd) {
      const block = reserved.shift()!;
      const lane = earliestLane();
      const from = Math.max(block.start, input.now);
      lanes[lane] = Math.max(lanes[lane] ?? input.now, from) + (block.end - from);
    }
  };

  /** Places the next waiting member; its start before any delay shift (epoch ms). */
  const placeNext = (): number => {
    reserveBefore((lanes[earliestLane()] ?? input.now) + visit);
    const lane = earliestLane();
    const start = (lanes[lane] ?? input.now) + buffer;
    lanes[lane] = start + average;
    return start;
  };

  /**
   * Places `count` members whose starts nobody asks for, with the lanes left exactly as placing
   * them one by one would leave them — but in whole rounds where it can, so a member 5,000th in
   * line costs no more than the 50th (issue 23 §2). Why a round is exact: once no lane is free
   * more than one visit after the earliest, placing one member in each lane takes every lane
   * once, in the order they free up, and each frees again one visit later; no appointment may
   * come due within the rounds skipped (it would take a lane first).
   */
  const skip = (count: number) => {
    let left = Math.max(0, Math.floor(count));
    while (left > 0) {
      const latest = Math.max(...lanes);
      let rounds = latest - Math.min(...lanes) <= visit ? Math.floor(left / lanes.length) : 0;
      const nextBlock = reserved[0];
      if (rounds > 0 && nextBlock) {
        // A pick at lane time t reserves first when the block starts before t + visit; the
        // latest pick of r rounds is at latest + (r − 1) × visit.
        rounds = Math.min(rounds, visit > 0 ? Math.floor((nextBlock.start - latest) / visit) : nextBlock.start >= latest ? rounds : 0);
      }
      if (rounds > 0) {
        for (let lane = 0; lane < lanes.length; lane++) lanes[lane] = lanes[lane]! + rounds * visit;
        left -= rounds * lanes.length;
      } else {
        placeNext();
        left -= 1;
      }
    }
  };

  return { placeNext, skip };
}

const shiftedStart = (input: LaneInput, start: number, delayMinutes: number): number =>
  ceilToMinute(Math.max(input.now, start + (Number.isFinite(delayMinutes) ? delayMinutes : 0) * MINUTE));

/** The estimated start of every waiting member, in the order given (see the model above). */
export function estimateStarts(input: EstimateInput): MemberEstimate[] {
  const lanes = laneModel(input);
  return input.waiting.map(({ id, delayMinutes = 0 }) => ({ memberId: id, estimatedStart: shiftedStart(input, lanes.placeNext(), delayMinutes) }));
}

/**
 * The estimated start of ONE waiting member with `ahead` members before it in call order and its
 * own info-tag delay: the same as its entry in estimateStarts over the whole line (a delay moves
 * only its own member, so who stands ahead does not matter, only how many), without the line.
 */
export function estimateStartBehind(input: LaneInput, ahead: number, delayMinutes = 0): number {
  const lanes = laneModel(input);
  lanes.skip(ahead);
  return shiftedStart(input, lanes.placeNext(), delayMinutes);
}

/** When a ticket drawn now, behind `waiting` members, would start, and the wait in whole minutes. */
export function estimateNewcomer(input: LaneInput, waiting: number): { estimatedStart: number; waitMinutes: number } {
  const estimatedStart = estimateStartBehind(input, waiting);
  return { estimatedStart, waitMinutes: Math.ceil((estimatedStart - input.now) / MINUTE) };
}

/** When a ticket drawn now would start, and the wait in whole minutes: a new member at the end of the queue. */
export function estimateNewTicketWait(input: EstimateInput): { estimatedStart: number; waitMinutes: number } {
  return estimateNewcomer(input, input.waiting.length);
}

/**
 * The average process minutes to estimate with: with at least LEARNED_MIN_SAMPLES recent real
 * durations (oldest first; the last LEARNED_MAX_SAMPLES count) their LEARNED_QUANTILE, which a
 * few outliers barely move; otherwise the configured value.
 */
export function learnedAverageMinutes(recentDurationsMinutes: number[], configured: number): number {
  const samples = recentDurationsMinutes
    .filter((d) => Number.isFinite(d) && d > 0)
    .slice(-LEARNED_MAX_SAMPLES)
    .sort((a, b) => a - b);
  if (samples.length < LEARNED_MIN_SAMPLES) return configured;
  const position = LEARNED_QUANTILE * (samples.length - 1);
  const below = samples[Math.floor(position)] ?? configured;
  const above = samples[Math.ceil(position)] ?? configured;
  return below + (above - below) * (position - Math.floor(position));
}
