import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { REALTIME_CLOSE } from '@wartefrei/shared';
import type { AppContext } from './context.js';

/** The part of a socket the shutdown needs. */
interface ClosableSocket {
  close(code: number, reason: string): void;
}

/** How many groups the sockets are told in: enough to smooth the wave, few enough to stay cheap. */
const SOCKET_WAVES = 20;

/**
 * Tells every socket to reconnect (close 1012, "Service Restart"), in waves spread over
 * `spreadMs`, in random order: 10,000 sockets of a stopping node then knock on the other nodes
 * over a few seconds, not in one instant that overflows their listen queues.
 */
export async function closeSocketsSpread(clients: Iterable<ClosableSocket>, spreadMs: number, random: () => number = Math.random): Promise<void> {
  const sockets = [...clients];
  // Fisher–Yates: which screens reconnect first is left to chance, not to the order they came in.
  for (let i = sockets.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sockets[i], sockets[j]] = [sockets[j]!, sockets[i]!];
  }
  const waves = Math.min(SOCKET_WAVES, sockets.length);
  for (let wave = 0; wave < waves; wave++) {
    const from = Math.floor((wave * sockets.length) / waves);
    const to = Math.floor(((wave + 1) * sockets.length) / waves);
    for (const socket of sockets.slice(from, to)) socket.close(REALTIME_CLOSE.SERVER_RESTART, 'SERVER_RESTART');
    if (wave < waves - 1 && spreadMs > 0) await sleep(spreadMs / waves);
  }
}

/**
 * The orderly stop of a node (docs/architecture.md#operating), in this order:
 * 1. `GET /health/ready` answers 503 while the node still serves everything, for `drainMs`, so a
 *    load balancer polling it stops sending before the node stops listening (skipped with
 *    `drain: false`: Ctrl+C on a developer's machine has no load balancer to wait for);
 * 2. the sockets are told to reconnect elsewhere, spread over `socketSpreadMs`, while `stopWork`
 *    lets a running job finish or roll back and starts no new one;
 * 3. the app closes: no new connections, running requests finish, then the database closes.
 * Handed over to a replacement by `npm start`'s supervisor (`handOver`), the node skips the
 * drain, stops listening first and tells every socket at once.
 */
export async function shutDown(app: FastifyInstance & { ctx: AppContext }, options: { drain: boolean; stopWork: () => Promise<void>; handOver?: boolean }): Promise<void> {
  const { drainMs, socketSpreadMs } = app.ctx.config.shutdown;
  app.ctx.lifecycle.draining = true;
  if (options.drain && drainMs > 0) await sleep(drainMs);
  if (options.handOver) {
    // A replacement listens on the same port (supervisor.ts): stop taking connections first, so
    // every socket told to reconnect reaches it. All at once: spread over 2 or 4 s, 10,000 of them
    // were re-synced no sooner (bench/fanout.mjs; the replacement's accept queue overflowed alike).
    app.server.close();
    await Promise.all([closeSocketsSpread(app.websocketServer.clients, 0), options.stopWork()]);
  } else {
    await Promise.all([closeSocketsSpread(app.websocketServer.clients, socketSpreadMs), options.stopWork()]);
  }
  await app.close();
}
