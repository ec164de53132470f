import type { Profile, Queue, TicketView } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { interceptPrint, prints, setKioskPrinting } from '../support/kiosk.js';
import { decodeQr } from '../support/qr.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { demoAdmin, openDemoQueue, type Staff, ticketIdOfLink } from '../support/staff.js';

// Kiosk printing is the location's setting (issue 40, point 3): OFF shows the number and a QR code
// on the screen and never opens a print dialog, BROWSER prints once per ticket, SUNMI hands the
// ticket to the Sunmi app's bridge.
let browser: Browser;
let staff: Staff;
let allgemein: Queue;

const terminal = { viewport: { width: 1280, height: 800 }, hasTouch: true };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await demoAdmin(browser);
  allgemein = await openDemoQueue(staff, 'allgemein');
  await staff.call('PATCH', `/queues/${allgemein.id}`, { kiosk_enabled: true }, 200);
});
afterAll(async () => {
  await setKioskPrinting(staff, 'OFF');
  await browser.close();
});

/** Draws on Allgemeinmedizin at the kiosk; answers the draw's ticket as the server sent it. */
async function drawAtKiosk(page: Page): Promise<TicketView> {
  await page.getByRole('button', { name: /^Ticket ziehen/ }).click();
  const drawn = page.waitForResponse((r) => r.request().method() === 'POST' && /\/queues\/[^/]+\/members$/.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: /Allgemeinmedizin/ }).click();
  const ticket = (await (await drawn).json()) as TicketView;
  await page.locator('.kiosk-number', { hasText: String(ticket.number) }).waitFor();
  return ticket;
}

const removeTicket = async (page: Page, ticket: TicketView) => staff.call('POST', `/members/${await ticketIdOfLink(page, ticket.patient_url!)}/remove`, undefined, 200);

describe('kiosk printing', () => {
  it('off (the demo’s): the number and a QR code to the ticket page on screen, never a print dialog', async () => {
    const page = await newPage(browser, terminal);
    const errors = collectBrowserErrors(page);
    await page.addInitScript(interceptPrint);
    await page.goto('/praxis-demo/wien/kiosk');
    const ticket = await drawAtKiosk(page);
    const qr = page.locator('.kiosk-screen-qr');
    expect(await qr.getAttribute('data-url')).toBe(ticket.patient_url);
    expect(await qr.getByRole('img', { name: 'QR-Code zu Ihrem Ticket' }).isVisible()).toBe(true);
    // The code on the screen is the ticket's link, as a phone's camera reads it.
    expect(await decodeQr(page, '.kiosk-screen-qr svg')).toBe(ticket.patient_url);
    await page.getByText('Scannen Sie den Code, um Ihren Platz auf dem Handy zu verfolgen.').waitFor();
    expect(await page.getByText('Ihr Ticket wird gedruckt.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Erneut drucken' }).count()).toBe(0);
    expect(await page.locator('.kiosk-print').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'kiosk-printing-off-1280');
    await page.getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('heading', { level: 1, name: 'Was möchten Sie tun?' }).waitFor();
    expect(await prints(page)).toBe(0);
    await removeTicket(page, ticket);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the admin chooses the mode at the location, each with what it needs; browser prints once per ticket', async () => {
    const admin = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await storeUser(admin, staff.user);
    await admin.goto('/backend/management?tab=lists');
    await admin.getByRole('button', { name: 'Standort Ordination Wien bearbeiten' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Standort bearbeiten' });
    const modes = dialog.getByRole('radiogroup', { name: 'Tickets am Kiosk' });
    expect(await modes.getByRole('radio', { name: 'Nicht drucken: Nummer und QR-Code am Bildschirm' }).isChecked()).toBe(true);
    await dialog.getByText('--kiosk --kiosk-printing', { exact: false }).waitFor();
    await dialog.getByText('Sunmi-Kiosk-App läuft', { exact: false }).waitFor();
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await saveScreenshot(admin, 'location-kiosk-printing-1280');
    await modes.getByRole('radio', { name: 'Über den Browser drucken' }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    const wien = (await staff.call<Profile[]>('GET', '/profiles')).find((p) => p.identifier === 'wien');
    expect(wien?.kiosk_printing).toBe('BROWSER');
    await admin.context().close();

    const page = await newPage(browser, terminal);
    await page.addInitScript(interceptPrint);
    await page.goto('/praxis-demo/wien/kiosk');
    const first = await drawAtKiosk(page);
    await page.getByText('Ihr Ticket wird gedruckt.').waitFor();
    await expect.poll(() => prints(page)).toBe(1);
    expect(await page.locator('.kiosk-screen-qr').count()).toBe(0);
    await page.getByRole('button', { name: 'Fertig' }).click();
    const second = await drawAtKiosk(page);
    await expect.poll(() => prints(page)).toBe(2);
    await page.getByRole('button', { name: 'Erneut drucken' }).waitFor();
    await removeTicket(page, first);
    await removeTicket(page, second);
    await page.context().close();
  });

  it('sunmi: /kiosk prints through the app’s bridge, and outside the app says so', async () => {
    await setKioskPrinting(staff, 'SUNMI');
    const outside = await newPage(browser, terminal);
    await outside.addInitScript(interceptPrint);
    await outside.goto('/praxis-demo/wien/kiosk');
    await outside.getByRole('heading', { level: 1, name: 'Nicht in der Kiosk-App' }).waitFor();
    await outside.getByText('stellen Sie den Ticketdruck in der Verwaltung beim Standort um', { exact: false }).waitFor();
    expect(await seriousA11yViolations(outside)).toEqual([]);
    await outside.context().close();

    // The Android app's injected object, stood in for (the printer is the process edge we cannot reach).
    const page = await newPage(browser, terminal);
    await page.addInitScript(interceptPrint);
    await page.addInitScript(() => {
      const w = window as unknown as { __printed: string[]; SunmiKiosk: unknown };
      w.__printed = [];
      w.SunmiKiosk = { hasPrinter: () => true, printTicket: (json: string) => (w.__printed.push(json), true) };
    });
    await page.goto('/praxis-demo/wien/kiosk');
    const ticket = await drawAtKiosk(page);
    const printed = () => page.evaluate(() => (window as unknown as { __printed: string[] }).__printed.map((json) => JSON.parse(json) as { number: number; url: string }));
    await expect.poll(async () => (await printed()).length).toBe(1);
    expect((await printed())[0]).toMatchObject({ number: ticket.number, url: ticket.patient_url });
    await page.getByText('Ihr Ticket wird gedruckt.').waitFor();
    expect(await prints(page)).toBe(0);
    await removeTicket(page, ticket);
    await page.context().close();
  });
});
