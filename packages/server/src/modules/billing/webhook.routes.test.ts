import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { ApiError } from '@wartefrei/shared';
import { accounts, billingEvents, jobs } from '../../db/schema/index.js';
import { runDueJobs } from '../../platform/jobs/index.js';
import { addPaymentMethod, billingOf, startBillingApp, stripeEvent, type BillingTestApp } from '../../../test/support/billing.js';
import { asUser, givenAdmin, logIn } from '../../../test/support/factories.js';
import { drawRequest, givenOpenQueue } from '../../../test/support/tickets.js';
import { bookingBody, givenBookablePractice, SPRING } from '../../../test/support/appointments.js';

let t: BillingTestApp;
beforeAll(async () => {
  t = await startBillingApp();
});
afterAll(async () => t.close());

/** A paying practice and the ids its events name. */
async function givenPayingPractice(existing?: Awaited<ReturnType<typeof givenAdmin>>) {
  const a = existing ?? (await givenAdmin(t));
  await addPaymentMethod(t, a.user, { card: 'pm_card_visa' });
  const [row] = await t.app.ctx.db.select().from(accounts).where(eq(accounts.id, a.accountId));
  const invoice = (extra: Record<string, unknown> = {}) => ({
    id: `in_test${Math.random().toString(36).slice(2)}`,
    object: 'invoice',
    customer: row!.stripeCustomerId,
    parent: { type: 'subscription_details', subscription_details: { subscription: row!.stripeSubscriptionId } },
    ...extra,
  });
  return { ...a, customerId: row!.stripeCustomerId!, subscriptionId: row!.stripeSubscriptionId!, invoice };
}

const state = async (user: Awaited<ReturnType<typeof givenAdmin>>['user']) => (await billingOf(t, user)).subscription_state;

describe('POST /billing/webhook', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const p = await givenPayingPractice();
    const event = stripeEvent('invoice.payment_failed', p.invoice());
    const forged = await t.deliver(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    const unsigned = await t.inject({ method: 'POST', url: '/billing/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(400);
    expect(await state(p.user)).toBe('allPaid');
  });

  it('answers 2xx to an event type it does not know, and to one of an unknown customer, changing nothing', async () => {
    const p = await givenPayingPractice();
    expect((await t.deliver(stripeEvent('customer.tax_id.created', { id: 'txi_1', object: 'tax_id', customer: p.customerId }))).statusCode).toBe(200);
    expect((await t.deliver(stripeEvent('invoice.payment_failed', p.invoice({ customer: 'cus_unknown' })))).statusCode).toBe(200);
    expect(await state(p.user)).toBe('allPaid');
  });

  it('applies each event once: a replay and an older event delivered late change nothing', async () => {
    const p = await givenPayingPractice();
    const now = Math.floor(Date.now() / 1000) + 100;
    const failed = stripeEvent('invoice.payment_failed', p.invoice(), now);
    // Delivered five times at once (Stripe retries while the first is still running): applied once.
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.deliver(failed)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await state(p.user)).toBe('notPaid');
    expect(await t.app.ctx.db.select().from(billingEvents).where(eq(billingEvents.id, failed.id))).toHaveLength(1);
    const graceJobs = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'billing.grace-end'), like(jobs.key, `${p.accountId}:%`)));
    expect(graceJobs).toHaveLength(1);

    // Out of order: a payment Stripe recorded before the failure arrives after it.
    expect((await t.deliver(stripeEvent('invoice.paid', p.invoice(), now - 60))).statusCode).toBe(200);
    expect(await state(p.user)).toBe('notPaid');

    expect((await t.deliver(stripeEvent('invoice.paid', p.invoice(), now + 60))).statusCode).toBe(200);
    expect(await state(p.user)).toBe('allPaid');

    // Replayed: the same failure event again.
    expect((await t.deliver(failed)).statusCode).toBe(200);
    expect(await state(p.user)).toBe('allPaid');
  });

  it('a paid invoice that is not the subscription’s (a device order) does not settle the subscription', async () => {
    const p = await givenPayingPractice();
    const now = Math.floor(Date.now() / 1000) + 200;
    await t.deliver(stripeEvent('invoice.payment_failed', p.invoice(), now));
    await t.deliver(stripeEvent('invoice.paid', p.invoice({ parent: null, metadata: { device_order_id: 'x' } }), now + 10));
    expect(await state(p.user)).toBe('notPaid');
  });

  it('the end of the current subscription is notPaid; the end of another one changes nothing', async () => {
    const p = await givenPayingPractice();
    const now = Math.floor(Date.now() / 1000) + 300;
    await t.deliver(stripeEvent('customer.subscription.deleted', { id: 'sub_old', object: 'subscription', customer: p.customerId }, now));
    expect(await state(p.user)).toBe('allPaid');
    await t.deliver(stripeEvent('customer.subscription.deleted', { id: p.subscriptionId, object: 'subscription', customer: p.customerId }, now + 1));
    expect(await state(p.user)).toBe('notPaid');
    const [row] = await t.app.ctx.db.select().from(accounts).where(eq(accounts.id, p.accountId));
    expect(row!.stripeSubscriptionId).toBeNull();
  });
});

describe('deactivated', () => {
  it('14 days notPaid deactivate: drawing and booking are refused, staff still read, the admin reaches billing; a payment reopens', async () => {
    const practice = await givenBookablePractice(t, { at: SPRING.now });
    const p = await givenPayingPractice(practice);
    const queueId = await givenOpenQueue(t, p.accountId);
    const now = Math.floor(Date.now() / 1000) + 400;
    await t.deliver(stripeEvent('invoice.payment_failed', p.invoice(), now));
    expect((await drawRequest(t, queueId)).statusCode).toBe(201);

    t.clock.advanceSeconds(14 * 86_400 - 60);
    await runDueJobs(t.app.ctx, { runnerId: 'test', limit: 100 });
    // Two weeks on, the morning's sign-in has long expired: the admin signs in again.
    let user = await logIn(t, p.admin.username, p.admin.password);
    expect(await state(user)).toBe('notPaid');
    t.clock.advanceSeconds(120);
    await runDueJobs(t.app.ctx, { runnerId: 'test', limit: 100 });
    user = await logIn(t, p.admin.username, p.admin.password);
    expect(await state(user)).toBe('deactivated');

    const refused = await drawRequest(t, queueId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json<ApiError>().code).toBe('SUBSCRIPTION_INVALID');
    const kiosk = await drawRequest(t, queueId, { origin: 'KIOSK' });
    expect(kiosk.json<ApiError>().code).toBe('SUBSCRIPTION_INVALID');
    const booking = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(practice.type.id, '2026-04-14T08:00:00+02:00') });
    expect(booking.statusCode).toBe(402);
    expect(booking.json<ApiError>().code).toBe('SUBSCRIPTION_INVALID');

    // What stays open: the staff's own data, and billing for the admin.
    const members = await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(user) });
    expect(members.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/invoices', headers: asUser(user) })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/payment-methods', headers: asUser(user) })).statusCode).toBe(200);

    await t.deliver(stripeEvent('invoice.paid', p.invoice(), now + 30 * 86_400));
    expect(await state(user)).toBe('allPaid');
    expect((await drawRequest(t, queueId)).statusCode).toBe(201);
  });
});
