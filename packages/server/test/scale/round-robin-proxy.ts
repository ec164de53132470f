import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

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
    const upstream = http.request(
      { host: '127.0.0.1', port: nextTarget(), method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  // A WebSocket: replay the upgrade request to the chosen node, then pipe bytes both ways.
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const upstream = net.connect(nextTarget(), '127.0.0.1', () => {
      const headerLines = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headerLines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headerLines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });

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
