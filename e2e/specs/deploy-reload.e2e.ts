import fs from 'node:fs';
import path from 'node:path';
import type { Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { demoAdmin, drawByApi, linkKey, openDemoQueue, type Staff } from '../support/staff.js';

// Kiosks, monitors and open ticket pages follow a deploy (issue 40, point 8): they notice that the
// server reports a new version and reload themselves at a quiet moment, keeping their place. The
// deploy is real: a new index.html in the folder the server serves (run.mjs's web build), whose
// hash GET /system-information then reports; it is put back after each test.
let browser: Browser;
let staff: Staff;
let queue: Queue;

const webDir = process.env.E2E_WEB_DIR;
if (!webDir) throw new Error('E2E_WEB_DIR is not set — start the end-to-end tests with "npm run test:e2e"');
const indexFile = path.join(webDir, 'index.html');
const original = fs.readFileSync(indexFile, 'utf8');
let deploys = 0;

/** A new build on the server: index.html changes (its assets stay, as a new build's would be there). */
const deploy = () => fs.writeFileSync(indexFile, `${original}\n<!-- build ${++deploys} -->\n`);

/** Counts the page's loads: an init script runs once per document, a reload included. */
const countLoads = () => {
  sessionStorage.setItem('e2e-loads', String(Number(sessionStorage.getItem('e2e-loads') ?? '0') + 1));
};
const loads = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('e2e-loads')));

/**
 * Makes the page ask for the version now (it asks every 5 minutes and when it comes into view)
 * and waits for the answer; a reload it decides on follows in the same task.
 */
async function checkVersion(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/system-information');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await answered;
  await page.waitForTimeout(300);
}

/** Resolves once the page's live socket is subscribed (its snapshot, itself a live update, has come). */
const subscribed = (page: Page) =>
  new Promise<void>((resolve) => page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => String(payload).includes('"subscribed"') && resolve())));

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await demoAdmin(browser);
  queue = await openDemoQueue(staff, 'allgemein');
  await staff.call('PATCH', `/queues/${queue.id}`, { kiosk_enabled: true }, 200);
});
afterEach(() => fs.writeFileSync(indexFile, original));
afterAll(async () => {
  fs.writeFileSync(indexFile, original);
  await browser.close();
});

describe('after a deploy', () => {
  it('the kiosk reloads after the current patient, back on its start screen', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 }, hasTouch: true });
    const errors = collectBrowserErrors(page);
    await page.addInitScript(countLoads);
    await page.goto('/praxis-demo/wien/kiosk');
    await page.getByRole('button', { name: /^Ticket ziehen/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Bitte wählen Sie Ihr Anliegen:' }).waitFor();

    deploy();
    await checkVersion(page);
    // A patient is choosing: nothing changes under their finger.
    expect(await loads(page)).toBe(1);
    await page.getByRole('button', { name: /Allgemeinmedizin/ }).click();
    const number = await page.locator('.kiosk-number').textContent();
    expect(await loads(page)).toBe(1);

    // "Fertig": the patient is done, the kiosk takes the new version on its start screen.
    await page.getByRole('button', { name: 'Fertig' }).click();
    await expect.poll(() => loads(page)).toBe(2);
    await page.getByRole('heading', { level: 1, name: 'Was möchten Sie tun?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/praxis-demo/wien/kiosk');
    await checkVersion(page);
    expect(await loads(page)).toBe(2);
    const [drawn] = (await staff.call<{ id: string; number: number }[]>('GET', `/queues/${queue.id}/members?origin=KIOSK`)).filter((m) => String(m.number) === number);
    await staff.call('POST', `/members/${drawn!.id}/remove`, undefined, 200);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the monitor reloads between calls, not while a call is shown and announced', async () => {
    const page = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await page.addInitScript(countLoads);
    // The page's timers are Playwright's: the call's 12 s highlight passes when the test says so.
    await page.clock.install();
    const ticket = await drawByApi(page, queue.id);
    await page.goto('/praxis-demo/wien/monitor');
    await page
      .locator('.monitor-next', { hasText: String(ticket.number) })
      .first()
      .waitFor();

    await staff.call('POST', `/members/${ticket.id}/call`, { force: true }, 200);
    await page
      .locator('.monitor-newest', { hasText: String(ticket.number) })
      .first()
      .waitFor();
    deploy();
    await checkVersion(page);
    expect(await loads(page)).toBe(1);
    expect(await page.locator('.monitor-flash').count()).toBe(1);

    // The call's highlight ends: between calls the monitor takes the new version.
    await page.clock.fastForward(13_000);
    await expect.poll(() => loads(page)).toBe(2);
    await page
      .locator('.monitor-newest', { hasText: String(ticket.number) })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/praxis-demo/wien/monitor');
    await staff.call('POST', `/members/${ticket.id}/remove`, undefined, 200);
    await page.context().close();
  });

  it('an open ticket page reloads after a live update, not while the patient types, and keeps its ticket', async () => {
    const ticket = await drawByApi(staff.page, queue.id);
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    const errors = collectBrowserErrors(page);
    await page.addInitScript(countLoads);
    const live = subscribed(page);
    await page.goto(`/ticket/${linkKey(ticket)}`);
    await page.locator('.ticket-number', { hasText: String(ticket.number) }).waitFor();
    await live;

    deploy();
    await checkVersion(page);
    // Nothing happened on the ticket yet: the page stays as it is.
    expect(await loads(page)).toBe(1);

    // The patient is typing their phone number when the list changes: no reload under their fingers.
    const phone = page.getByLabel('Handynummer');
    await phone.fill('+43 664');
    const refetched = () => page.waitForResponse((r) => new URL(r.url()).pathname === `/members/${linkKey(ticket)}`);
    const update = refetched();
    const other = await drawByApi(staff.page, queue.id);
    await update;
    await page.waitForTimeout(300);
    expect(await loads(page)).toBe(1);
    expect(await phone.inputValue()).toBe('+43 664');

    // Done typing (the field left); the next live update is the quiet moment.
    await phone.evaluate((field: HTMLInputElement) => field.blur());
    await staff.call('POST', `/members/${other.id}/remove`, undefined, 200);
    await expect.poll(() => loads(page)).toBe(2);
    expect(new URL(page.url()).pathname).toBe(`/ticket/${linkKey(ticket)}`);
    await page.locator('.ticket-number', { hasText: String(ticket.number) }).waitFor();
    await staff.call('POST', `/members/${ticket.id}/remove`, undefined, 200);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a ticket page put away (hidden) reloads at once, keeping its ticket', async () => {
    const ticket = await drawByApi(staff.page, queue.id);
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    await page.addInitScript(countLoads);
    const live = subscribed(page);
    await page.goto(`/t/${linkKey(ticket)}`);
    await page.locator('.ticket-number', { hasText: String(ticket.number) }).waitFor();
    // Its snapshot is a live update too: taken before the deploy, the next one is the patient's own move.
    await live;
    deploy();
    await checkVersion(page);
    expect(await loads(page)).toBe(1);
    // The phone goes into the pocket: the browser reports the page hidden.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => loads(page)).toBe(2);
    expect(new URL(page.url()).pathname).toBe(`/t/${linkKey(ticket)}`);
    await page.locator('.ticket-number', { hasText: String(ticket.number) }).waitFor();
    await staff.call('POST', `/members/${ticket.id}/remove`, undefined, 200);
    await page.context().close();
  });

  it('a script chunk gone after a deploy reloads the page into the new version, not to "Die Seite konnte nicht geladen werden"', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    await page.addInitScript(countLoads);
    // The old build's ticket screen is gone: its chunk (which the draw page fetches ahead) answers
    // 404 once; the reloaded page of the new build gets it.
    await page.route(/\/assets\/TicketScreen-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: '' }), { times: 1 });
    await page.goto('/praxis-demo/wien/allgemein');
    await page.getByRole('button', { name: /Jetzt anstellen/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Allgemeinmedizin' }).waitFor();
    deploy();
    await page.getByRole('button', { name: 'Ticket ziehen' }).click();
    await expect.poll(() => loads(page)).toBe(2);
    await page.waitForURL(/\/ticket\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Die Seite konnte nicht geladen werden' }).count()).toBe(0);
    const key = new URL(page.url()).pathname.split('/').at(-1)!;
    const ticket = (await (await page.request.get(`/members/${key}`)).json()) as { id: string };
    await staff.call('POST', `/members/${ticket.id}/remove`, undefined, 200);
    await page.context().close();
  });
});
