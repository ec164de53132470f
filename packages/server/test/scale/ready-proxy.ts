import http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { pipeUpgrade } from './upgrade-pipe.js';

export interface ReadyProxy {
  url: string;
  /** Replaces the nodes (a restarted node has a new port); the ready checks start over. */
  setTargets(targets: string[]): void;
  close(): Promise<void>;
}

/** How often each node's readiness is asked, as a load balancer's health check does (faster than usual, for a test). */
const CHECK_EVERY_MS = 100;

/**
 * A load balancer as one is configured in front of wartefrei (nginx, HAProxy, a cloud one): it
 * asks each node's `GET /health/ready` every 100 ms and sends requests and socket upgrades round
 * robin to the ready ones only. A request whose connection a node refuses (it stopped listening)
 * goes to the next node — it never reached the first, so that is safe even for a POST; a
 * connection that breaks after the request was sent is answered 502, never retried.
 */
export async function startReadyProxy(initial: string[]): Promise<ReadyProxy> {
  let targets = [...initial];
  const ready = new Map<string, boolean>();
  let turn = 0;
  const candidates = () => {
    const live = targets.filter((target) => ready.get(target));
    const list = live.length > 0 ? live : targets;
    const start = turn++;
    return list.map((_, i) => list[(start + i) % list.length]!);
  };

  let stopped = false;
  const checkAll = async () => {
    while (!stopped) {
      await Promise.all(
        targets.map(async (target) => {
          const ok = await fetch(`${target}/health/ready`, { signal: AbortSignal.timeout(1000) }).then(
            (res) => res.ok,
            () => false,
          );
          ready.set(target, ok);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
    }
  };
  const checking = checkAll();

  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, order: string[]) => {
    const [target, ...rest] = order;
    if (!target) {
      res.writeHead(502).end();
      return;
    }
    const { port } = new URL(target);
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && !res.headersSent) return forward(req, body, res, rest);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    upstream.end(body);
  };

  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, candidates()));
  });
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const [target] = candidates();
    pipeUpgrade(req, client, head, Number(new URL(target ?? 'http://127.0.0.1:1').port), sockets);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setTargets(next) {
      targets = [...next];
    },
    close: async () => {
      stopped = true;
      await checking;
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
