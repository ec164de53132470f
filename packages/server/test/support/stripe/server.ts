import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createExpressApp } from 'stripe-stateful-mock';
import { parseStripeForm } from './form.js';
import { BillingStore } from './store.js';

export interface StripeTestServer {
  /** `STRIPE_API_BASE` for the app: a bare http://127.0.0.1:PORT. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are delivered, signed like Stripe signs them (set once the app listens). */
  webhookUrl: string | undefined;
  store: BillingStore;
  /** Resolves when every event raised so far was delivered (or failed to be). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A Stripe-compatible server on 127.0.0.1 for the tests and the end-to-end run: customers,
 * products, prices and tax rates are served by `stripe-stateful-mock` (from the registry); what
 * it lacks of the calls wartefrei makes — SetupIntents, PaymentMethods, price-based
 * Subscriptions, Invoices and InvoiceItems, signed webhooks — is served by `BillingStore` in
 * Stripe's documented shapes. The app talks to it through the unchanged SDK.
 */
export async function startStripeTestServer(options: { webhookUrl?: string; port?: number } = {}): Promise<StripeTestServer> {
  const mockServer = createExpressApp().listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => mockServer.once('listening', () => resolve()));
  const mockPort = (mockServer.address() as AddressInfo).port;
  const secretKey = 'sk_test_wartefrei';
  const webhookSecret = 'whsec_wartefrei_test';
  const signer = new Stripe(secretKey);
  let deliveries: Promise<void> = Promise.resolve();

  const server: StripeTestServer = {
    url: '',
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl,
    store: undefined as unknown as BillingStore,
    settled: async () => {
      // Deliveries may raise further events (a renewal's invoice): wait until none is added.
      for (let before = deliveries; ; before = deliveries) {
        await before;
        if (before === deliveries) return;
      }
    },
    close: async () => {
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await new Promise<void>((resolve) => mockServer.close(() => resolve()));
    },
  };

  const store = new BillingStore({
    // The stateful mock's own objects (customers, prices, tax rates), read like any client would.
    readMock: async (path) => {
      const res = await fetch(`http://127.0.0.1:${mockPort}${path}`, { headers: { Authorization: `Bearer ${secretKey}` } });
      return res.ok ? ((await res.json()) as Record<string, unknown>) : undefined;
    },
    emit: (type, object) => {
      const event = {
        id: `evt_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
      const payload = JSON.stringify(event);
      deliveries = deliveries.then(async () => {
        if (!server.webhookUrl) return;
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
        await fetch(server.webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload }).catch(() => undefined);
      });
    },
  });
  server.store = store;

  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const [path = '', query = ''] = (req.url ?? '').split('?');
      const params = { ...parseStripeForm(query), ...parseStripeForm(body.toString('utf8')) };
      void store
        .handle(req.method ?? 'GET', path, params, String(req.headers['idempotency-key'] ?? ''))
        .then((answer) => {
          if (answer) {
            res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${Date.now()}` });
            res.end(JSON.stringify(answer.body));
            return;
          }
          // Not ours: the stateful mock answers it, as it was sent.
          const forward = http.request({ host: '127.0.0.1', port: mockPort, method: req.method, path: req.url, headers: req.headers }, (answerFromMock) => {
            res.writeHead(answerFromMock.statusCode ?? 500, answerFromMock.headers);
            answerFromMock.pipe(res);
          });
          forward.end(body);
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
        });
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(options.port ?? 0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return server;
}
