/**
 * The server's side of `npm start`'s supervisor (src/supervisor.ts): two messages over the
 * cluster's IPC channel. A server started directly (tests, `node dist/main.mjs`) has no channel
 * and neither says nor hears anything.
 */
export const WORKER_MESSAGES = {
  /** worker → supervisor: listening and ready to serve (sent after `listen`). */
  ready: 'ready',
  /** supervisor → worker: a replacement is ready (or, on PGlite, waits): stop and hand over. */
  handOver: 'hand-over',
} as const;

export function announceReady(): void {
  process.send?.({ wartefrei: WORKER_MESSAGES.ready });
}

export function onHandOver(handler: () => void): void {
  process.on('message', (message: unknown) => {
    if ((message as { wartefrei?: string } | null)?.wartefrei === WORKER_MESSAGES.handOver) handler();
  });
}
