import { drawRequest } from './demo-queue.js';

export interface AcknowledgedDraw {
  id: string;
  number: number;
}

export interface DrawLoadResult {
  /** Draws answered 201, with what the answer promised. */
  acknowledged: AcknowledgedDraw[];
  /** Draws that ended without a 201 (refused, or cut off by the crash): their error texts. */
  failed: string[];
  /** Draws that had been sent but not answered at the moment `onAcknowledged` fired the crash. */
  inFlightAtCrash: number;
}

/**
 * Sends `total` online draws with `concurrency` in flight at any time. After the `crashAfter`-th
 * 201 it calls `crash` once (without awaiting it, so the draws in flight stay in flight) and
 * sends no new draws; the ones already sent end with whatever the dying server does to them.
 */
export async function drawUntilCrash(options: {
  base: string;
  queueId: string;
  body: Record<string, string>;
  total: number;
  concurrency: number;
  crashAfter: number;
  crash: () => Promise<void>;
}): Promise<DrawLoadResult> {
  const acknowledged: AcknowledgedDraw[] = [];
  const failed: string[] = [];
  let sent = 0;
  let inFlight = 0;
  let inFlightAtCrash = -1;
  let crashing: Promise<void> | undefined;

  const drawOne = async () => {
    inFlight += 1;
    try {
      const res = await drawRequest(options.base, options.queueId, options.body);
      const text = await res.text();
      if (res.status !== 201) {
        failed.push(`${res.status} ${text}`);
        return;
      }
      const ticket = JSON.parse(text) as AcknowledgedDraw;
      acknowledged.push({ id: ticket.id, number: ticket.number });
      if (acknowledged.length === options.crashAfter && !crashing) {
        inFlightAtCrash = inFlight - 1;
        crashing = options.crash();
      }
    } catch (error) {
      failed.push(String((error as Error).cause ?? error));
    } finally {
      inFlight -= 1;
    }
  };
  const worker = async () => {
    while (!crashing && sent < options.total) {
      sent += 1;
      await drawOne();
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await crashing;
  return { acknowledged, failed, inFlightAtCrash };
}

export interface LoadAnswer<P extends string> {
  /** The phase of the test when the draw was sent. */
  phase: P;
  /** 0: no HTTP answer at all (connection refused or cut). */
  status: number;
  body: string;
}

/**
 * Keeps `workers` online draws in flight until stopped, recording every answer with the phase it
 * was sent in. While `idle(phase)` holds, each worker pauses briefly between draws: quick error
 * answers would otherwise spin the shared cores.
 */
export function startDrawLoad<P extends string>(options: {
  base: string;
  queueId: string;
  body: Record<string, string>;
  workers: number;
  phase: () => P;
  idle?: (phase: P) => boolean;
}): { answers: LoadAnswer<P>[]; acknowledged: AcknowledgedDraw[]; stop: () => Promise<void> } {
  const answers: LoadAnswer<P>[] = [];
  const acknowledged: AcknowledgedDraw[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const phase = options.phase();
      try {
        const res = await drawRequest(options.base, options.queueId, options.body);
        const text = await res.text();
        answers.push({ phase, status: res.status, body: text });
        if (res.status === 201) {
          const ticket = JSON.parse(text) as AcknowledgedDraw;
          acknowledged.push({ id: ticket.id, number: ticket.number });
        }
      } catch (error) {
        answers.push({ phase, status: 0, body: String((error as Error).cause ?? error) });
      }
      if (options.idle?.(options.phase())) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const done = Promise.all(Array.from({ length: options.workers }, worker));
  return {
    answers,
    acknowledged,
    stop: async () => {
      running = false;
      await done;
    },
  };
}
