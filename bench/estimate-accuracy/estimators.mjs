// The two estimators compared. "server" is the real one, reached through the server's own
// feeding (packages/server/src/modules/tickets/line.ts → @wartefrei/shared estimate.ts), so a
// change to either shows here. "naive" is the baseline: members ahead × configured average ÷
// processors. The TypeScript is loaded through tsx's API, so this works from plain `node` too.
import { tsImport } from 'tsx/esm/api';

const MINUTE = 60_000;

const { estimateLine } = await tsImport('../../packages/server/src/modules/tickets/line.ts', import.meta.url);

/** The queue row as line.ts reads it: only these columns feed the estimate. */
export function queueRow(scenario) {
  return {
    averageProcessMinutes: scenario.configuredAverageMinutes,
    preprocessingBufferMinutes: scenario.preprocessingBufferMinutes,
    // A practice with n processors on one list allows n visits at once.
    maxConcurrentProcessing: scenario.processors,
    waitTimeCalculationEnabled: true,
  };
}

/**
 * The server's estimate of a simulated line: the snapshot is shaped as loadQueueLine returns it
 * (waiting in call order, processing latest call first, active processors, durations oldest first)
 * with the processors away on a pause as loadAwayProcessors returns them (line.ts).
 */
export function serverEstimator(scenario) {
  const queue = queueRow(scenario);
  return (line) => {
    const estimate = estimateLine(
      queue,
      {
        waiting: line.waiting.map((w) => ({
          id: w.id,
          number: w.number,
          silent: false,
          orderAt: new Date(w.arrival),
          delayMinutes: 0,
          hideTimes: false,
        })),
        processing: [...line.processing]
          .sort((a, b) => b.startedAt - a.startedAt)
          .map((p) => ({ id: p.id, number: p.number, startedAt: new Date(p.startedAt), calledSilently: false })),
        activeProcessors: line.activeProcessors,
        // loadQueueLine reads at most the 50 most recent.
        recentDurations: line.recentDurations.slice(-50),
        away: line.away.map((a) => ({ returnsAt: new Date(a.returnsAt) })),
        // The simulated mornings have walk-ins only: no appointment holds a lane.
        reserved: [],
      },
      new Date(line.now),
    );
    return {
      newcomer: estimate.newTicket.estimatedStart.getTime(),
      waiting: new Map([...estimate.places].map(([id, place]) => [id, place.estimatedStart.getTime()])),
    };
  };
}

/** Members ahead × configured average ÷ processors (the active ones the server counts, 1..max). */
export function naiveEstimator(scenario) {
  const average = scenario.configuredAverageMinutes * MINUTE;
  return (line) => {
    const processors = Math.max(1, Math.min(line.activeProcessors, scenario.processors));
    const at = (ahead) => line.now + (ahead * average) / processors;
    return {
      newcomer: at(line.waiting.length),
      waiting: new Map(line.waiting.map((w, ahead) => [w.id, at(ahead)])),
    };
  };
}

/**
 * The server as it was before pauses with a return (issue 8): the same estimator on the same
 * line, but told nothing about returns — a pause is a plain switch to not active. The "before"
 * beside "server" (after) on the very same days.
 */
export function serverWithoutReturnsEstimator(scenario) {
  const server = serverEstimator(scenario);
  return (line) => server({ ...line, away: [] });
}
