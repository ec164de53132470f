import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import Stripe from 'stripe';
import type { BillingOverview, LoggedUser, PaymentMethod } from '@wartefrei/shared';
import { startTestApp, type TestApp } from './test-app.js';
import { startStripeTestServer, type StripeTestServer } from './stripe/server.js';
import { asUser } from './factories.js';

export interface BillingTestApp extends TestApp {
  stripe: StripeTestServer;
  /** Signs an event like Stripe and posts it to the app's webhook. */
  deliver(event: Record<string, unknown>, secret?: string): Promise<{ statusCode: number; body: string }>;
}

/**
 * The app with billing on: the SDK talks to the Stripe test server on 127.0.0.1, and the app
 * listens on a port of its own so that the server's signed webhooks reach it like Stripe's.
 */
export async function startBillingApp(): Promise<BillingTestApp> {
  const stripe = await startStripeTestServer();
  const t = await startTestApp({
    paymentConfigured: true,
    stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url, publishableKey: undefined },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  stripe.webhookUrl = `http://127.0.0.1:${port}/billing/webhook`;
  const signer = new Stripe(stripe.secretKey);
  return {
    ...t,
    stripe,
    deliver: async (event, secret = stripe.webhookSecret) => {
      const payload = JSON.stringify(event);
      const res = await t.inject({
        method: 'POST',
        url: '/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }) },
        payload,
      });
      return { statusCode: res.statusCode, body: res.body };
    },
    close: async () => {
      await t.close();
      await stripe.close();
    },
  };
}

export async function billingOf(t: TestApp, user: LoggedUser): Promise<BillingOverview> {
  const res = await t.inject({ method: 'GET', url: '/billing', headers: asUser(user) });
  expect(res.statusCode).toBe(200);
  return res.json<BillingOverview>();
}

/** Adds a payment method as the billing screen's test form does: SetupIntent, then confirmed with test data. */
export async function addPaymentMethod(t: BillingTestApp, user: LoggedUser, data: { card: string } | { iban: string; account_holder: string }): Promise<PaymentMethod[]> {
  const type = 'iban' in data ? 'sepa_debit' : 'card';
  const setup = await t.inject({ method: 'POST', url: '/payment-methods/setup', headers: asUser(user), payload: { type, mandate_accepted: type === 'sepa_debit' } });
  expect(setup.statusCode, setup.body).toBe(201);
  const { setup_intent_id } = setup.json<{ setup_intent_id: string }>();
  const confirm = await t.inject({ method: 'POST', url: `/payment-methods/setup/${setup_intent_id}/test-confirm`, headers: asUser(user), payload: data });
  expect(confirm.statusCode, confirm.body).toBe(200);
  await t.stripe.settled();
  return confirm.json<PaymentMethod[]>();
}

/** A Stripe event of `type` about `object`, created at `created` (seconds). */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}
