import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceOrder, Invoice, PaymentMethod } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { addPaymentMethod, billingOf, startBillingApp, type BillingTestApp } from '../../../test/support/billing.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { postQueue } from '../../../test/support/api.js';

const ADDRESS = { street1: 'Hauptstraße 1', postcode: '1010', city: 'Wien', country: 'at' };

describe('billing on a self-hosted server (no Stripe key)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('says so: every account is payment-exempt, lists are empty, nothing can be charged', async () => {
    const { user } = await givenAdmin(t);
    const overview = await billingOf(t, user);
    expect(overview).toMatchObject({ payment_configured: false, subscription_state: 'paymentExempt', trial_end: null, has_payment_method: false });
    expect(overview.price.gross_cents).toBe(10_680);
    for (const url of ['/payment-methods', '/invoices', '/device-orders']) {
      const res = await t.inject({ method: 'GET', url, headers: asUser(user) });
      expect([url, res.statusCode, res.json()]).toEqual([url, 200, []]);
    }
    const order = await t.inject({
      method: 'POST',
      url: '/device-orders',
      headers: asUser(user),
      payload: { items: [{ device: 'MONITOR', quantity: 1 }], delivery_address: ADDRESS },
    });
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({ code: 'BILLING_NOT_CONFIGURED' });
    const quote = await t.inject({ method: 'GET', url: '/billing/quote?lists=5', headers: asUser(user) });
    expect(quote.json()).toMatchObject({ charged: false });
  });
});

describe('billing with Stripe (the test server on 127.0.0.1)', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await startBillingApp();
  });
  afterAll(async () => t.close());

  it('a new practice is in its 14-day trial without a card; a card ends it in allPaid on invoice.paid', async () => {
    const { user } = await givenAdmin(t);
    const before = await billingOf(t, user);
    expect(before).toMatchObject({ payment_configured: true, subscription_state: 'trial', trial_days_left: 14, has_payment_method: false });

    const methods = await addPaymentMethod(t, user, { card: 'pm_card_visa' });
    expect(methods).toEqual([expect.objectContaining({ type: 'card', brand: 'visa', last4: '4242', exp_month: 12, default: true, iban_masked: null })]);
    // Paying from the trial's end: the days left stay on the screen.
    expect(await billingOf(t, user)).toMatchObject({ subscription_state: 'allPaid', has_payment_method: true, trial_days_left: 14 });

    const invoices = (await t.inject({ method: 'GET', url: '/invoices', headers: asUser(user) })).json<Invoice[]>();
    expect(invoices).toEqual([expect.objectContaining({ status: 'paid', gross_cents: 0, number: expect.stringMatching(/^WF-/) as string })]);
    const subscription = [...t.stripe.store.subscriptions.values()].at(-1)!;
    expect(subscription.status).toBe('trialing');
    expect(subscription.items.data.map((i) => [i.price.unit_amount, i.quantity])).toEqual([
      [8_900, 1],
      [2_999, 0],
      [2_999, 0],
    ]);
  });

  it('a SEPA mandate: needs the accepted mandate, shows bank code and masked IBAN, and a second method can become the default', async () => {
    const { user } = await givenAdmin(t);
    const refused = await t.inject({ method: 'POST', url: '/payment-methods/setup', headers: asUser(user), payload: { type: 'sepa_debit' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { mandate_accepted: { code: 'CONSENT_REQUIRED' } } });

    const [sepa] = await addPaymentMethod(t, user, { iban: 'AT61 1904 3002 3457 3201', account_holder: 'Dr. Maria Muster' });
    expect(sepa).toMatchObject({ type: 'sepa_debit', bank_code: '19043', last4: '3201', default: true });
    expect(sepa!.iban_masked).toMatch(/^AT.*3201$/);
    const both = await addPaymentMethod(t, user, { card: 'pm_card_mastercard' });
    const card = both.find((m) => m.type === 'card')!;
    expect(card.default).toBe(false);

    const switched = await t.inject({ method: 'POST', url: `/payment-methods/${card.id}/default`, headers: asUser(user) });
    expect(switched.json<PaymentMethod[]>().find((m) => m.default)?.id).toBe(card.id);
    const detached = await t.inject({ method: 'POST', url: `/payment-methods/${card.id}/detach`, headers: asUser(user) });
    expect(detached.json<PaymentMethod[]>()).toEqual([expect.objectContaining({ id: sepa!.id, default: true })]);
  });

  it('a declined payment moves the practice to notPaid, with the day it will be deactivated', async () => {
    const { user, accountId } = await givenAdmin(t);
    await addPaymentMethod(t, user, { card: 'pm_card_chargeDeclined' });
    expect((await billingOf(t, user)).subscription_state).toBe('allPaid');
    const subscription = [...t.stripe.store.subscriptions.values()].find((s) => s.metadata.account_id === accountId)!;
    await fetch(`${t.stripe.url}/_test/subscriptions/${subscription.id}/renew`, { method: 'POST' });
    await t.stripe.settled();
    const after = await billingOf(t, user);
    expect(after.subscription_state).toBe('notPaid');
    expect(new Date(after.deactivation_at!).getTime() - t.clock.now().getTime()).toBe(14 * 86_400_000);
    const invoices = (await t.inject({ method: 'GET', url: '/invoices', headers: asUser(user) })).json<Invoice[]>();
    expect(invoices[0]).toMatchObject({ status: 'open', net_cents: 8_900, vat_cents: 1_780, gross_cents: 10_680 });
  });

  it('the subscription follows the lists and locations; the quote shows the next amount first', async () => {
    const { user, accountId } = await givenAdmin(t);
    const profile = await t.inject({ method: 'POST', url: '/profiles', headers: asUser(user), payload: { name: 'Ordination', identifier: 'ordination' } });
    const profileId = profile.json<{ id: string }>().id;
    await postQueue(t, user, profileId, { identifier: 'eins' });
    await addPaymentMethod(t, user, { card: 'pm_card_visa' });

    const quote = await t.inject({ method: 'GET', url: '/billing/quote?lists=3', headers: asUser(user) });
    expect(quote.json()).toMatchObject({ charged: true, current: { gross_cents: 10_680 }, next: { extra_lists: 1, gross_cents: 14_279 }, difference_gross_cents: 3_599 });

    for (const identifier of ['zwei', 'drei']) await postQueue(t, user, profileId, { identifier });
    const subscription = [...t.stripe.store.subscriptions.values()].find((s) => s.metadata.account_id === accountId)!;
    await expect.poll(() => subscription.items.data.map((i) => i.quantity), { timeout: 5_000 }).toEqual([1, 0, 1]);
    expect((await billingOf(t, user)).price).toMatchObject({ lists: 3, extra_lists: 1, gross_cents: 14_279 });
  });

  it('orders a monitor: priced with VAT, charged as its own invoice, confirmed by mail, listed', async () => {
    const { user, admin } = await givenAdmin(t);
    const body = { items: [{ device: 'MONITOR', quantity: 1 }], delivery_address: ADDRESS };
    const early = await t.inject({ method: 'POST', url: '/device-orders', headers: asUser(user), payload: body });
    expect(early.json()).toMatchObject({ code: 'PAYMENT_METHOD_REQUIRED' });
    await addPaymentMethod(t, user, { card: 'pm_card_visa' });

    const badCountry = await t.inject({ method: 'POST', url: '/device-orders', headers: asUser(user), payload: { ...body, delivery_address: { ...ADDRESS, country: 'XX' } } });
    expect(badCountry.statusCode).toBe(400);

    const since = t.smtp.mails.length;
    const created = await t.inject({ method: 'POST', url: '/device-orders', headers: asUser(user), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<DeviceOrder>();
    expect(order).toMatchObject({ net_cents: 69_900, vat_cents: 13_980, gross_cents: 83_880, status: 'ORDERED', delivery_address: { country: 'AT' } });
    const mail = await t.smtp.waitForMail(admin.username, { since });
    expect(mail.subject).toBe(`Ihre Bestellung Nr. ${order.number}`);
    expect(mail.text).toContain('838,80');

    const invoice = t.stripe.store.invoices.get(order.invoice_id!)!;
    expect(invoice).toMatchObject({ status: 'paid', total: 83_880, metadata: { device_order_id: order.id } });
    expect((await t.inject({ method: 'GET', url: '/device-orders', headers: asUser(user) })).json()).toEqual([order]);
    expect((await t.inject({ method: 'GET', url: `/device-orders/${order.id}`, headers: asUser(user) })).json()).toEqual(order);

    const pdf = await t.inject({ method: 'GET', url: `/invoices/${invoice.id}/pdf`, headers: asUser(user) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="rechnung-${invoice.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('a processor gets 403 on every billing route, whatever the body', async () => {
    const { accountId } = await givenAdmin(t);
    const processor = await givenProcessor(t, accountId);
    const routes: [string, string][] = [
      ['GET', '/billing'],
      ['GET', '/billing/quote?lists=x'],
      ['GET', '/payment-methods'],
      ['POST', '/payment-methods/setup'],
      ['POST', '/payment-methods/setup/seti_x/complete'],
      ['POST', '/payment-methods/setup/seti_x/test-confirm'],
      ['POST', '/payment-methods/pm_x/default'],
      ['POST', '/payment-methods/pm_x/detach'],
      ['GET', '/invoices'],
      ['GET', '/invoices/in_x/pdf'],
      ['GET', '/device-orders'],
      ['POST', '/device-orders'],
      ['GET', '/device-orders/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, url] of routes) {
      for (const payload of [undefined, { nonsense: true }, { items: [{ device: 'KIOSK', quantity: 1 }], delivery_address: ADDRESS }]) {
        const res = await t.inject({ method: method, url, headers: asUser(processor), ...(method === 'POST' && { payload }) });
        expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      }
    }
  });

  it("another practice's payment method, setup, invoice and order are 404", async () => {
    const a = await givenAdmin(t);
    const b = await givenAdmin(t);
    const [method] = await addPaymentMethod(t, a.user, { card: 'pm_card_visa' });
    await addPaymentMethod(t, b.user, { card: 'pm_card_visa' });
    const setup = (await t.inject({ method: 'POST', url: '/payment-methods/setup', headers: asUser(a.user), payload: { type: 'card' } })).json<{ setup_intent_id: string }>();
    const order = (
      await t.inject({ method: 'POST', url: '/device-orders', headers: asUser(a.user), payload: { items: [{ device: 'KIOSK', quantity: 1 }], delivery_address: ADDRESS } })
    ).json<DeviceOrder>();
    const foreign: [string, string][] = [
      ['POST', `/payment-methods/${method!.id}/default`],
      ['POST', `/payment-methods/${method!.id}/detach`],
      ['POST', `/payment-methods/setup/${setup.setup_intent_id}/complete`],
      ['GET', `/invoices/${order.invoice_id}/pdf`],
      ['GET', `/device-orders/${order.id}`],
      ['GET', '/invoices/in_doesnotexist/pdf'],
    ];
    for (const [method_, url] of foreign) {
      const res = await t.inject({ method: method_, url, headers: asUser(b.user) });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    expect((await t.inject({ method: 'GET', url: '/invoices', headers: asUser(b.user) })).json<Invoice[]>().map((i) => i.id)).not.toContain(order.invoice_id);
    expect((await t.inject({ method: 'GET', url: '/payment-methods', headers: asUser(a.user) })).json()).toHaveLength(1);
  });
});
