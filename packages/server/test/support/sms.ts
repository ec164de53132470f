import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  to: string;
  text: string;
  authorization: string | undefined;
}

/**
 * A generic SMS gateway on 127.0.0.1 as SMS_URL expects one: it takes a JSON POST of
 * `{ to, text }` and keeps it. `failNext` answers the next messages with 503, as a gateway down.
 * A GET answers what it received (the end-to-end specs run in another process).
 */
export async function startSmsGateway() {
  const received: ReceivedSms[] = [];
  let failing = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failing > 0) {
        failing--;
        res.writeHead(503).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; text: string };
      received.push({ to: body.to, text: body.text, authorization: req.headers.authorization });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    /** Resolves with the messages to `to` once there are `count` of them, or fails after `ms`. */
    async waitFor(to: string, count: number, ms = 5_000): Promise<ReceivedSms[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.filter((sms) => sms.to === to);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`${found.length} of ${count} SMS to ${to} within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    failNext: (count: number) => {
      failing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
