// The two estimators compared. "server" is the real one, reached through the server's own
// feeding (packages/server/src/modules/tickets/line.ts → @wartefrei/shared estimate.ts), so a
// change to either shows here. "naive" is the baseline: members ahead × configured average ÷
// processors. The TypeScript is loaded through tsx's API, so this works from plain `node` too.
import { tsImport } from 'tsx/esm/api';

const MINUTE = 60_000;

const { estimateLine } = await tsImport('../../packages/server/src/modules/tickets/line.ts', import.meta.url);
const { learnedAverageMinutes } = await tsImport('../../packages/shared/src/tickets/estimate.ts', import.meta.url);

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
 * (waiting in call order, processing latest call first, active processors, durations oldest first).
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
 * What-if, not the server: the real estimator also told when a processor switched to not active
 * is back (as a timed "away for 60 minutes" would tell it). Fed through today's inputs: the
 * returning processor counts as a lane whose visit ends at the return time.
 */
export function serverKnowingReturnsEstimator(scenario) {
  const server = serverEstimator(scenario);
  return (line) => {
    const average = learnedAverageMinutes(line.recentDurations.slice(-50), scenario.configuredAverageMinutes) * MINUTE;
    return server({
      ...line,
      activeProcessors: line.activeProcessors + line.returnsAt.length,
      processing: [
        ...line.processing,
        // Started so that an average visit ends at the return: the estimator expects the lane free then.
        ...line.returnsAt.map((at, i) => ({ id: `away${i}`, number: 0, startedAt: at - average })),
      ],
    });
  };
}
