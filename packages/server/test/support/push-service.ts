import net from 'node:net';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A push subscription as web-push-testing hands it out, with the id its messages are kept under. */
export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

interface WebPushTestingServer {
  startServer(): void;
  _server?: { close(callback: () => void): void; once(event: string, listener: () => void): void; listening: boolean };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A Web Push service on this machine: `web-push-testing` (maintained, on npm), the same code its
 * CLI runs. It hands out subscriptions for a VAPID key, checks each push's VAPID signature and
 * decrypts its payload (RFC 8291) as a browser's push service would, and keeps the messages.
 */
export async function startPushService() {
  const port = await freePort();
  const TestingServer = require('web-push-testing/src/server.js') as new (model: unknown, port: number) => WebPushTestingServer;
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };
  const server = new TestingServer(new PushApiModel(), port);
  // It announces its start on the console; that line is no news in a test run.
  const log = console.log;
  console.log = () => undefined;
  server.startServer();
  await new Promise<void>((resolve) => server._server?.once('listening', resolve));
  console.log = log;
  const origin = `http://localhost:${port}`;
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`push service ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  return {
    /** The origin to allow in PUSH_SERVICE_ORIGINS. */
    origin,
    /** What a browser's PushManager.subscribe would get for this VAPID key. */
    subscribe: (applicationServerKey: string) => post<TestPushSubscription>('/subscribe', { applicationServerKey }),
    /** The decrypted payloads this subscription received, oldest first. */
    messages: async (clientHash: string) => (await post<{ messages: string[] }>('/get-notifications', { clientHash })).messages,
    /** The browser unsubscribed: later pushes are answered 410. */
    expire: async (clientHash: string) => {
      const res = await fetch(`${origin}/expire-subscription/${clientHash}`, { method: 'POST' });
      if (!res.ok) throw new Error(`push service expire: ${res.status}`);
    },
    close: () => new Promise<void>((resolve) => (server._server ? server._server.close(() => resolve()) : resolve())),
  };
}
