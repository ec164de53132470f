/**
 * `npm run stripe-test-server`: the tests' Stripe-compatible server on 127.0.0.1:12111 (or
 * STRIPE_TEST_PORT), sending its webhooks to WEBHOOK_URL (default the local app's), for trying
 * billing in a browser without a Stripe account. Everything it keeps is in memory.
 */
import { startStripeTestServer } from './server.js';

const port = Number(process.env.STRIPE_TEST_PORT ?? 12111);
const webhookUrl = process.env.WEBHOOK_URL ?? 'http://127.0.0.1:3000/billing/webhook';
const server = await startStripeTestServer({ webhookUrl, port });
console.log(`Stripe test server at ${server.url}, webhooks to ${webhookUrl}. Start the app with:

  STRIPE_SECRET_KEY=${server.secretKey} STRIPE_WEBHOOK_SECRET=${server.webhookSecret} STRIPE_API_BASE=${server.url} npm start
`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
