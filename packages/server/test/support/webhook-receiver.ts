import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  /** The path it was posted to (one receiver serves several endpoints by path). */
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Parsed body. */
  event: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** What the receiver does with the next request: answer a status, or hold it for `holdMs` first. */
export type Reply = { status: number; holdMs?: number };

/**
 * A real webhook receiver on 127.0.0.1 (the process edge): records every request as it came,
 * answers from a queue of replies (200 when the queue is empty). A GET (never a webhook) answers
 * what it received, for the end-to-end specs, which run in another process than the receiver.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const replies: Reply[] = [];
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ path: req.url ?? '', headers, body, event: JSON.parse(body) as ReceivedWebhook['event'] });
      for (const wake of waiters.splice(0)) wake();
      const reply = replies.shift() ?? { status: 200 };
      const answer = () => {
        if (!res.destroyed) res.writeHead(reply.status).end('ok');
      };
      if (reply.holdMs) setTimeout(answer, reply.holdMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    /** Queues replies for the next requests, in order. */
    reply: (...next: Reply[]) => void replies.push(...next),
    /** Resolves once `count` requests have arrived in all, or fails after `ms`. */
    async waitFor(count: number, ms = 10_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} webhooks`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
