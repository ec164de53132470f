import http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { pipeUpgrade } from './upgrade-pipe.js';

export interface RoundRobinProxy {
  url: string;
  /** How many requests and socket upgrades went to each target, in the order of `targets`. */
  counts: number[];
  close(): Promise<void>;
}

/**
 * A deliberately dumb load balancer: each HTTP request and each WebSocket upgrade goes to the
 * next node in turn, with no affinity of any kind — what the nodes must cope with when sticky
 * sessions are not configured. Plain HTTP/1.1 on loopback; no keep-alive towards the nodes, so
 * one client connection's requests really alternate.
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const ports = targets.map((target) => Number(new URL(target).port));
  const counts = targets.map(() => 0);
  let turn = 0;
  const nextTarget = () => {
    const index = turn++ % ports.length;
    counts[index] = (counts[index] ?? 0) + 1;
    return ports[index] as number;
  };
  const sockets = new Set<net.Socket>();

  const server = http.createServer((req, res) => {
    const upstream = http.request({ host: '127.0.0.1', port: nextTarget(), method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  // A WebSocket: replayed to the chosen node, then piped both ways.
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => pipeUpgrade(req, client, head, nextTarget(), sockets));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
