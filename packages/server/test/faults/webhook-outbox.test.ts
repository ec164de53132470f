import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookDelivery, WebhookEndpointWithSecret } from '@wartefrei/shared';
import { createTestDatabase, testDatabaseKind } from '../support/test-database.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { prepareDemoDraws } from './demo-queue.js';
import { startServerProcess, type ServerOptions } from './server-process.js';

// The outbox across kill -9: the real server (its bundle, as `npm start` runs it) commits a draw,
// its sender has the event on the wire, and the process is killed before the receiver answers.
// Another server on the same database (PostgreSQL), or the same one started again on the same
// data folder (PGlite), delivers it once the dead node's lease has run out — the same message.
// Two server starts, each allowed server-process.ts's START_TIMEOUT_MS on a loaded machine.
const SCENARIO_TIMEOUT = 420_000;
const TIMEOUT_MS = 1000;

async function demoAdmin(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('admin@praxis-demo.example:wartefrei-demo').toString('base64')}` },
  });
  const login = (await res.json()) as { id: string; token: string };
  return { authorization: `Basic ${Buffer.from(`${login.id}:${login.token}`).toString('base64')}`, 'content-type': 'application/json' };
}

async function scenario(database: ServerOptions) {
  const receiver = await startWebhookReceiver();
  const env = { WEBHOOK_ALLOWED_ORIGINS: receiver.origin, WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) };
  try {
    // The first attempt is held far beyond the node's life: it dies with the request in flight.
    receiver.reply({ status: 200, holdMs: 60_000 });
    const first = await startServerProcess({ ...database, env });
    const headers = await demoAdmin(first.base);
    const created = await fetch(`${first.base}/webhook-endpoints`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url(), events: ['ticket.drawn'] }) });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as WebhookEndpointWithSecret;
    const { queueId, body } = await prepareDemoDraws(first.base);
    const drawn = await fetch(`${first.base}/queues/${queueId}/members`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(drawn.status).toBe(201);
    const ticket = (await drawn.json()) as { id: string };
    const [inFlight] = await receiver.waitFor(1, 15_000);
    await first.crash();

    const second = await startServerProcess({ ...database, env });
    try {
      const received = await receiver.waitFor(2, 30_000);
      const events = received.map((r) => new Webhook(endpoint.secret).verify(r.body, r.headers) as { type: string; data: { id: string } });
      expect(events.map((e) => [e.type, e.data.id])).toEqual([
        ['ticket.drawn', ticket.id],
        ['ticket.drawn', ticket.id],
      ]);
      expect(received[1]!.headers['webhook-id']).toBe(inFlight!.headers['webhook-id']);
      // The record, written by the second node.
      let delivery: WebhookDelivery | undefined;
      for (let i = 0; i < 50 && delivery?.status !== 'DELIVERED'; i++) {
        const list = await fetch(`${second.base}/webhook-endpoints/${endpoint.id}/deliveries`, { headers: await demoAdmin(second.base) });
        [delivery] = (await list.json()) as WebhookDelivery[];
        if (delivery?.status !== 'DELIVERED') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 2, last_response_code: 200 });
    } finally {
      await second.stop();
    }
  } finally {
    await receiver.close();
  }
}

describe.runIf(testDatabaseKind === 'postgres')('the webhook outbox across kill -9 on PostgreSQL', () => {
  it(
    'another server on the same database delivers the event of a committed draw whose node died mid-send',
    async () => {
      const testDb = await createTestDatabase();
      try {
        await scenario({ databaseUrl: testDb.url! });
      } finally {
        await testDb.close();
      }
    },
    SCENARIO_TIMEOUT,
  );
});

describe.runIf(testDatabaseKind === 'pglite')('the webhook outbox across kill -9 on the embedded database (PGlite)', () => {
  it(
    'the server started again on the same data folder delivers the event of a committed draw whose send was cut off',
    async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-webhook-crash-'));
      try {
        await scenario({ dataDir: path.join(root, 'data') });
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
    SCENARIO_TIMEOUT,
  );
});
