import { estimateNewTicketWait, estimateStarts, learnedAverageMinutes } from '@wartefrei/shared';
import type { QueueLine } from './draw.repo.js';
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
 * Places and estimated starts of a queue's line, through the shared estimator: lanes are the
 * actively processing processors, plus those away on a pause from their return (at least 1,
 * at most maxConcurrentProcessing); the average is learned from recent real durations once
 * there are enough (the configured one until then).
 */
export function estimateLine(queue: QueueRow, line: QueueLine, now: Date): LineEstimate {
  const input = {
    now: now.getTime(),
    averageMinutes: learnedAverageMinutes(line.recentDurations, queue.averageProcessMinutes),
    preprocessingBufferMinutes: queue.preprocessingBufferMinutes,
    servers: line.activeProcessors,
    away: line.away.map((a) => ({ returnsAt: a.returnsAt.getTime() })),
    maxConcurrentProcessing: queue.maxConcurrentProcessing,
    processing: line.processing.map((p) => ({ startedAt: p.startedAt.getTime() })),
    waiting: line.waiting.map((w) => ({ id: w.id, delayMinutes: w.delayMinutes })),
    reserved: line.reserved.map((r) => ({ start: r.start.getTime(), end: r.end.getTime() })),
  };
  const calculate = queue.waitTimeCalculationEnabled;
  const starts = calculate ? new Map(estimateStarts(input).map((e) => [e.memberId, e.estimatedStart])) : new Map<string, number>();
  const places = new Map<string, PlaceInLine>();
  line.waiting.forEach((w, index) => {
    const start = starts.get(w.id);
    places.set(w.id, { position: index + 1, ahead: index, estimatedStart: start === undefined ? null : new Date(start), hideTimes: w.hideTimes });
  });
  const fresh = calculate ? estimateNewTicketWait(input) : undefined;
  return {
    places,
    newTicket: fresh ? { estimatedStart: new Date(fresh.estimatedStart), waitMinutes: fresh.waitMinutes } : null,
    calledNumbers: line.processing.filter((p) => !p.calledSilently).map((p) => p.number),
    averageMinutes: input.averageMinutes,
    servedBy: new Map(
      queue.showProcessorOnProcessing
        ? line.processing.flatMap((p) => (p.processorName ? [[p.id, { name: p.processorName, room: p.processorRoom }] as const] : []))
        : [],
    ),
  };
}
