import type { Queue, TicketView } from '@wartefrei/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { deliverToServiceWorker, pushesReceived, routePushSubscriptions, smsReceived } from '../support/alerts.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { demoAdmin, drawByApi, type Staff, linkKey } from '../support/staff.js';

// "Almost your turn" (docs/product.md#alerts): a patient leaves the waiting room and is told by
// push or SMS when two are ahead — once — and never after cancelling.
let browser: Browser;
let staff: Staff;
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A list of its own, open, with SMS allowed: the line is exactly what the test draws. */
async function givenList(name: string): Promise<Queue> {
  const lists = await staff.call<Queue[]>('GET', '/queues');
  const queue = await staff.call<Queue>(
    'POST',
    '/queues',
    { profile_id: lists[0]!.profile_id, name, identifier: `alarm-${Date.now().toString(36)}`, may_activate_sms_notifications: true, alert_members_ahead: 2 },
    201,
  );
  await staff.call('POST', `/queues/${queue.id}/session`, { event: 'START' }, 200);
  return queue;
}
const call = (ticket: TicketView) => staff.call('POST', `/members/${ticket.id}/call`, { force: true }, 200);
/** Long enough for a check that might wrongly send (it runs 250 ms after a change) to have sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await demoAdmin(browser);
});
afterAll(async () => {
  await browser.close();
});

describe('"almost your turn" alerts', () => {
  it('push: "noch 2 vor Ihnen" reaches the push service once, shows as a notification, and nothing comes after a cancel', async () => {
    const queue = await givenList('Impfungen');
    const page = await newPage(browser, phone);
    const errors = collectBrowserErrors(page);
    await page.context().grantPermissions(['notifications']);
    const subscriptions = await routePushSubscriptions(page);
    const [first, second, third] = [await drawByApi(page, queue.id), await drawByApi(page, queue.id), await drawByApi(page, queue.id)];
    const patient = await drawByApi(page, queue.id);

    await page.goto(`/ticket/${linkKey(patient)}`);
    const panel = page.getByRole('region', { name: 'Benachrichtigen, wenn Sie bald dran sind' });
    await panel.getByText('wenn noch 2 vor Ihnen sind oder noch etwa 10 Minuten bleiben').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Mitteilung auf dieses Gerät' }).click();
    await panel.getByRole('status').filter({ hasText: 'Mitteilungen sind eingeschaltet' }).waitFor();
    await saveScreenshot(page, 'ticket-alerts-390');
    const [subscription] = subscriptions;
    if (!subscription) throw new Error('the page made no push subscription');
    await settle();
    expect(await pushesReceived(subscription.clientHash)).toEqual([]); // 3 ahead

    await call(first);
    await expect.poll(() => pushesReceived(subscription.clientHash)).toHaveLength(1);
    const [almost] = await pushesReceived(subscription.clientHash);
    expect(almost).toMatchObject({ title: `${queue.name}: Gleich sind Sie dran`, body: `Nummer ${patient.number}: noch 2 vor Ihnen.` });
    // The service worker shows it, also with the page in the background.
    expect(await deliverToServiceWorker(page, JSON.stringify(almost))).toEqual([{ title: almost!.title, body: almost!.body }]);

    await call(second);
    await settle();
    expect(await pushesReceived(subscription.clientHash)).toHaveLength(1); // once, not again at 1 ahead

    await page.getByRole('button', { name: 'Ticket stornieren' }).click();
    await page.getByRole('button', { name: 'Ja, stornieren' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ihr Ticket wurde storniert' }).waitFor();
    await call(third);
    await settle();
    expect(await pushesReceived(subscription.clientHash)).toHaveLength(1); // nothing after the cancel
    expect(errors).toEqual([]);
  });

  it('SMS: the number is checked, the alert reaches the gateway, and the work view shows it sent', async () => {
    const queue = await givenList('Befundbesprechung');
    const page = await newPage(browser, phone);
    const first = await drawByApi(page, queue.id);
    await drawByApi(page, queue.id);
    await drawByApi(page, queue.id);
    const patient = await drawByApi(page, queue.id);
    await page.goto(`/ticket/${linkKey(patient)}`);
    const panel = page.getByRole('region', { name: 'Benachrichtigen, wenn Sie bald dran sind' });
    const number = panel.getByLabel('Handynummer');
    await number.fill('12ab');
    await panel.getByRole('button', { name: 'SMS an meine Handynummer' }).click();
    await panel.getByRole('alert').waitFor();
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    await number.fill('+43 664 5550123');
    await panel.getByRole('button', { name: 'SMS an meine Handynummer' }).click();
    await panel.getByRole('status').filter({ hasText: 'SMS gehen an die Nummer mit der Endung 123.' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await call(first);
    await expect.poll(() => smsReceived('+436645550123')).toHaveLength(1);
    const [text] = await smsReceived('+436645550123');
    // A link of its own (each message mints one), opening the same ticket.
    expect(text?.text).toMatch(new RegExp(`^${queue.name}: Nummer ${patient.number}: noch 2 vor Ihnen\\. http://127\\.0\\.0\\.1:\\d+/ticket/[A-Za-z0-9_-]{22}$`));
    const sent = text!.text.split('/ticket/')[1]!;
    expect(sent).not.toBe(linkKey(patient));
    expect(((await (await page.request.get(`/members/${sent}`)).json()) as TicketView).id).toBe(patient.id);

    // Staff see it in the work view, per ticket.
    await storeUser(staff.page, staff.user);
    await staff.page.goto(`/backend/processor/${queue.id}`);
    const row = staff.page.getByRole('row', { name: `Ticket Nr. ${patient.number}`, exact: true });
    await row.getByText('Benachrichtigung: SMS bald dran: gesendet').filter({ visible: true }).waitFor();
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
  });
});
