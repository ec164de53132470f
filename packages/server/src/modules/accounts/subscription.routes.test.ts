import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenVerifiedAdmin, logIn } from '../../../test/support/factories.js';
import { drawRequest, givenOpenQueue } from '../../../test/support/tickets.js';

/*
 * The day-15 dead end: a server without payment configured (no Stripe key) must not put
 * practices in a trial that ends with every draw refused and no way to pay.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(); // no STRIPE_SECRET_KEY: self-hosted
});
afterAll(async () => t.close());

describe('a server without payment configured', () => {
  it('signs practices up payment-exempt, and they keep drawing after day 15', async () => {
    const admin = await givenVerifiedAdmin(t);
    const accountId = admin.account_id;
    const signedIn = async () => {
      const user = await logIn(t, admin.username, admin.password);
      return asUser(user);
    };
    const account = (await t.inject({ method: 'GET', url: `/accounts/${accountId}`, headers: await signedIn() })).json<Account>();
    expect(account).toMatchObject({ subscription_state: 'paymentExempt', trial_end: null });

    const queueId = await givenOpenQueue(t, accountId);
    t.clock.advanceSeconds(15 * 24 * 3600);
    expect((await drawRequest(t, queueId)).statusCode).toBe(201);
    const manual = await t.inject({ method: 'POST', url: `/queues/${queueId}/members`, headers: await signedIn(), payload: { origin: 'MANUAL' } });
    expect(manual.statusCode).toBe(201);
  });
});
