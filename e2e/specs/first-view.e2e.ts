import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { demoAdmin, drawByApi, emptyQueue, linkKey, openDemoQueue, type Staff } from '../support/staff.js';

// Issue 44 §1: the ticket, draw and booking pages come with what the patient came for in the
// HTML — readable with JavaScript switched off — and the live script takes them over without a
// hydration error; the ticket then follows the staff's call live as before.
let browser: Browser;
let staff: Staff;
let queueId: string;
const phone = { viewport: { width: 390, height: 844 }, isMobile: true };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await demoAdmin(browser);
  queueId = (await openDemoQueue(staff, 'allgemein')).id;
});
afterAll(async () => {
  await staff.page.context().close();
  await browser.close();
});

describe('without JavaScript', () => {
  it('the ticket page shows number, place, estimate and state', async () => {
    const ticket = await drawByApi(staff.page, queueId);
    const page = await newPage(browser, { ...phone, javaScriptEnabled: false });
    const response = await page.goto(`/ticket/${linkKey(ticket)}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('.ticket-number').textContent()).toBe(String(ticket.number));
    await page.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    expect(await page.getByText(/Vor Ihnen|Sie sind als Nächstes dran/).count()).toBe(1);
    await page.context().close();
  });

  it('the draw page shows the list and the draw button', async () => {
    const page = await newPage(browser, { ...phone, javaScriptEnabled: false });
    await page.goto('/praxis-demo/wien/allgemein');
    await page.getByRole('heading', { level: 1, name: 'Allgemeinmedizin' }).waitFor();
    expect(await page.getByRole('button', { name: /Ticket ziehen/ }).count()).toBe(1);
    await page.context().close();
  });

  it('the booking page shows the next free times', async () => {
    const page = await newPage(browser, { ...phone, javaScriptEnabled: false });
    await page.goto('/praxis-demo/wien/allgemein/book');
    await page.getByRole('heading', { level: 1, name: 'Termin buchen' }).waitFor();
    expect(await page.locator('.book-time').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('an unknown ticket answers 404 with the not-found state', async () => {
    const page = await newPage(browser, { ...phone, javaScriptEnabled: false });
    const response = await page.goto(`/ticket/${'A'.repeat(43)}`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Ticket nicht gefunden' }).waitFor();
    await page.context().close();
  });
});

describe('with JavaScript', () => {
  it('the ticket page is taken over without a hydration error and follows the call live', async () => {
    await emptyQueue(staff, queueId);
    const ticket = await drawByApi(staff.page, queueId);
    const page = await newPage(browser, phone);
    const errors = collectBrowserErrors(page);
    await page.goto(`/ticket/${linkKey(ticket)}`);
    await page.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    // Taken over: the frame's buttons are enabled once the screen's script has hydrated.
    await page.locator('fieldset.patient-live:not([disabled])').waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('ticketMap') ?? '{}') as Record<string, string>)).toMatchObject({ [ticket.queue_id]: linkKey(ticket) });
    await staff.call('POST', `/members/${ticket.id}/call`, { force: true });
    await page.getByRole('heading', { level: 1, name: 'Sie sind an der Reihe!' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the draw and booking pages are taken over without a hydration error', async () => {
    for (const path of ['/praxis-demo/wien/allgemein', '/praxis-demo/wien/allgemein/book']) {
      const page = await newPage(browser, phone);
      const errors = collectBrowserErrors(page);
      await page.goto(path);
      await page.locator('fieldset.patient-live:not([disabled])').waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("comes in the phone's chosen language, with the practice's time on a phone abroad", async () => {
    await emptyQueue(staff, queueId);
    const ticket = await drawByApi(staff.page, queueId);
    const page = await newPage(browser, { ...phone, timezoneId: 'America/New_York' });
    const errors = collectBrowserErrors(page);
    await page.goto(`/ticket/${linkKey(ticket)}`);
    await page.locator('fieldset.patient-live:not([disabled])').waitFor();
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'You are waiting' }).waitFor();
    // Loaded again: the server writes the page in English already, and the take-over keeps it.
    const response = await page.reload();
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('You are waiting');
    await page.locator('fieldset.patient-live:not([disabled])').waitFor();
    await page.getByRole('heading', { level: 1, name: 'You are waiting' }).waitFor();
    const shown = /"estimated_start":"([^"]+)"/.exec(html)?.[1];
    expect(shown).toBeTruthy();
    const vienna = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Vienna' }).format(new Date(shown ?? 0));
    expect(await page.locator('.ticket-estimate').textContent()).toContain(vienna);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
