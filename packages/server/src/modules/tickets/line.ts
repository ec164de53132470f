import { estimateNewcomer, estimateStartBehind, estimateStarts, learnedAverageMinutes, type LaneInput } from '@wartefrei/shared';
import type { LineState, OwnShift, QueueLine } from './line.repo.js';
import type { QueueRow } from './tickets.repo.js';

export interface PlaceInLine {
  /** 1 = next to be called. */
  position: number;
  /** Waiting members ahead. */
  ahead: number;
  /** Null when the queue does not calculate wait times. */
  estimatedStart: Date | null;
  /** An info tag on the member hides times on the ticket. */
  hideTimes: boolean;
}

export interface ServedBy {
  name: string;
  room: string | null;
}

export interface LineEstimate {
  places: Map<string, PlaceInLine>;
  /** A ticket drawn now; null when the queue does not calculate wait times. */
  newTicket: { estimatedStart: Date; waitMinutes: number } | null;
  /** Numbers being processed that were called publicly, latest call first. */
  calledNumbers: number[];
  /** The process minutes the estimate assumed per member (learned or configured). */
  averageMinutes: number;
  /** Who serves each member in processing, and where (member id → name, room); empty unless the list names them. */
  servedBy: Map<string, ServedBy>;
}

/**
 * What the shared estimator's lanes are made of: lanes are the actively processing processors,
 * plus those away on a pause from their return (at least 1, at most maxConcurrentProcessing);
 * the average is learned from recent real durations once there are enough (the configured one
 * until then).
 */
function lanesOf(queue: QueueRow, state: LineState, now: Date): LaneInput {
  return {
    now: now.getTime(),
    averageMinutes: learnedAverageMinutes(state.recentDurations, queue.averageProcessMinutes),
    preprocessingBufferMinutes: queue.preprocessingBufferMinutes,
    servers: state.activeProcessors,
    away: state.away.map((a) => ({ returnsAt: a.returnsAt.getTime() })),
    maxConcurrentProcessing: queue.maxConcurrentProcessing,
    processing: state.processing.map((p) => ({ startedAt: p.startedAt.getTime() })),
    reserved: state.reserved.map((r) => ({ start: r.start.getTime(), end: r.end.getTime() })),
  };
}

/** The estimate's parts that need no waiting member: a newcomer behind `waiting`, who is being served. */
function estimateWithout(queue: QueueRow, state: LineState, lanes: LaneInput, waiting: number | undefined): Omit<LineEstimate, 'places'> {
  const fresh = queue.waitTimeCalculationEnabled && waiting !== undefined ? estimateNewcomer(lanes, waiting) : undefined;
  return {
    newTicket: fresh ? { estimatedStart: new Date(fresh.estimatedStart), waitMinutes: fresh.waitMinutes } : null,
    calledNumbers: state.processing.filter((p) => !p.calledSilently).map((p) => p.number),
    averageMinutes: lanes.averageMinutes,
    servedBy: new Map(
      queue.showProcessorOnProcessing ? state.processing.flatMap((p) => (p.processorName ? [[p.id, { name: p.processorName, room: p.processorRoom }] as const] : [])) : [],
    ),
  };
}

/** Places and estimated starts of a queue's whole line, through the shared estimator (the staff's list). */
export function estimateLine(queue: QueueRow, line: QueueLine, now: Date): LineEstimate {
  const lanes = lanesOf(queue, line, now);
  const starts = queue.waitTimeCalculationEnabled
    ? new Map(estimateStarts({ ...lanes, waiting: line.waiting.map((w) => ({ id: w.id, delayMinutes: w.delayMinutes })) }).map((e) => [e.memberId, e.estimatedStart]))
    : new Map<string, number>();
  const places = new Map<string, PlaceInLine>();
  line.waiting.forEach((w, index) => {
    const start = starts.get(w.id);
    places.set(w.id, { position: index + 1, ahead: index, estimatedStart: start === undefined ? null : new Date(start), hideTimes: w.hideTimes });
  });
  return { ...estimateWithout(queue, line, lanes, line.waiting.length), places };
}

/**
 * The same estimate from the line's state and counts alone, with the places of the members given
 * (each: how many wait ahead, its own shift) — what a draw, a ticket page and the public view
 * need, without reading the waiting members (estimateStartBehind says why it is the same).
 * `waiting` is how many wait, for a newcomer's estimate; undefined when nobody asks (no newTicket).
 */
export function estimateFromCounts(
  queue: QueueRow,
  state: LineState,
  now: Date,
  waiting: number | undefined,
  members: ({ id: string; ahead: number } & OwnShift)[] = [],
): LineEstimate {
  const lanes = lanesOf(queue, state, now);
  const places = new Map<string, PlaceInLine>();
  for (const { id, ahead, delayMinutes, hideTimes } of members) {
    const start = queue.waitTimeCalculationEnabled ? new Date(estimateStartBehind(lanes, ahead, delayMinutes)) : null;
    places.set(id, { position: ahead + 1, ahead, estimatedStart: start, hideTimes });
  }
  return { ...estimateWithout(queue, state, lanes, waiting), places };
}
