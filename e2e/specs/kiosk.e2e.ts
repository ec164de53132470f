import type { Member, Queue } from '@wartefrei/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot, screenshotsDir } from '../support/screenshots.js';
import { demoAdmin, openDemoQueue, type Staff, ticketIdOfLink } from '../support/staff.js';
import { decodeQr } from '../support/qr.js';
import { interceptPrint, prints, setKioskPrinting } from '../support/kiosk.js';
import arKiosk from '../../packages/shared/src/i18n/ar/kiosk.json' with { type: 'json' };
import arTicket from '../../packages/shared/src/i18n/ar/ticket.json' with { type: 'json' };

// The terminal by the door: pick a list, take a ticket, the paper with its QR code, the Sunmi printer bridge.
let browser: Browser;
let staff: Staff;
let allgemein: Queue;
let labor: Queue;

const terminal = { viewport: { width: 1280, height: 800 }, hasTouch: true };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await demoAdmin(browser);
  allgemein = await openDemoQueue(staff, 'allgemein');
  labor = await openDemoQueue(staff, 'labor');
  await staff.call(
    'PATCH',
    `/queues/${allgemein.id}`,
    { kiosk_enabled: true, display_monitor_on_kiosk: true, kiosk_text_before: 'Bitte ziehen Sie eine Nummer.', kiosk_text_after: 'Bitte nehmen Sie im Wartezimmer Platz.' },
    200,
  );
  await staff.call('PATCH', `/queues/${labor.id}`, { kiosk_enabled: true }, 200);
  // The paper ticket: this file's kiosk prints through the browser (the demo's own shows it on screen).
  await setKioskPrinting(staff, 'BROWSER');
});
afterAll(async () => {
  await setKioskPrinting(staff, 'OFF');
  await browser.close();
});

describe('kiosk', () => {
  it('draws at a touch, prints the ticket with a QR code that opens the ticket page, and returns to the start', async () => {
    const page = await newPage(browser, terminal);
    const errors = collectBrowserErrors(page);
    await page.addInitScript(interceptPrint);
    await page.goto('/praxis-demo/wien/kiosk');
    // The demo location offers appointments: the kiosk asks first what the patient came for.
    await page.getByRole('heading', { level: 1, name: 'Was möchten Sie tun?' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Ticket ziehen/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Bitte wählen Sie Ihr Anliegen:' }).waitFor();
    // The called numbers beside the buttons (displayMonitorOnKiosk on Allgemeinmedizin).
    await page.getByRole('heading', { level: 2, name: 'Aufgerufen' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'kiosk-1280');

    await page.getByRole('button', { name: /Allgemeinmedizin/ }).click();
    await page.locator('.kiosk-number').waitFor();
    const number = Number(await page.locator('.kiosk-number').textContent());
    expect(number).toBeGreaterThan(0);
    await page.getByText('Bitte nehmen Sie im Wartezimmer Platz.').first().waitFor();
    await expect.poll(() => prints(page)).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // What the printer gets: only the paper ticket, with number, list, time and the QR code.
    await page.emulateMedia({ media: 'print' });
    const paper = page.locator('.kiosk-print');
    expect(await paper.isVisible()).toBe(true);
    expect(await paper.textContent()).toContain(`Ihre Nummer${number}`);
    expect(await paper.textContent()).toMatch(/Gezogen um \d\d:\d\d Uhr/);
    await paper.screenshot({ path: `${screenshotsDir}kiosk-paper-ticket.png` });
    // The patient's link of the draw's answer, a secret: no id on paper.
    const link = await decodeQr(page, '.kiosk-print-qr');
    expect(link).toMatch(/\/ticket\/[A-Za-z0-9_-]{22}$/);
    await page.emulateMedia({ media: 'screen' });

    // The QR code opens the ticket on a phone.
    const phone = await newPage(browser, { viewport: { width: 375, height: 667 }, isMobile: true });
    await phone.goto(link!);
    await phone.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    expect(await phone.locator('.ticket-number').textContent()).toBe(String(number));
    const ticketId = await ticketIdOfLink(phone, link!);
    const kioskTickets = await staff.call<Member[]>('GET', `/queues/${allgemein.id}/members?origin=KIOSK`);
    expect(kioskTickets.map((m) => m.id)).toContain(ticketId);
    await phone.context().close();

    // "Fertig" returns to the start at once; unattended it returns by itself (here after a re-print).
    await page.getByRole('button', { name: 'Erneut drucken' }).click();
    await expect.poll(() => prints(page)).toBe(2);
    await page.getByText(/Zurück zum Start in \d+ Sekunden/).waitFor();
    await page.getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('heading', { level: 1, name: 'Was möchten Sie tun?' }).waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'kiosk-375');
    await staff.call('POST', `/members/${ticketId}/remove`, undefined, 200);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a patient chooses Arabic: the kiosk and its printed ticket read right to left, and so does the ticket on the phone', async () => {
    const page = await newPage(browser, terminal);
    const errors = collectBrowserErrors(page);
    await page.addInitScript(interceptPrint);
    await page.goto('/praxis-demo/wien/kiosk');
    await page.getByRole('heading', { level: 1, name: 'Was möchten Sie tun?' }).waitFor();
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('heading', { level: 1, name: arKiosk.appointments.title }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    // The layout mirrors: the language buttons sit at the left edge, where German has the location's name.
    const tools = await page.locator('.kiosk-tools').boundingBox();
    const title = await page.locator('.kiosk-location').boundingBox();
    expect(tools!.x).toBeLessThan(title!.x);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: new RegExp(`^${arKiosk.appointments.ticket}`) }).click();
    await page.getByRole('button', { name: /Allgemeinmedizin/ }).click();
    await page.locator('.kiosk-number').waitFor();
    await expect.poll(() => prints(page)).toBe(1);
    await saveScreenshot(page, 'kiosk-ar-rtl-1280');
    await page.emulateMedia({ media: 'print' });
    const paper = page.locator('.kiosk-print');
    expect(await paper.textContent()).toContain(arKiosk.yourNumber);
    await paper.screenshot({ path: `${screenshotsDir}kiosk-paper-ticket-ar.png` });
    const link = await decodeQr(page, '.kiosk-print-qr');
    await page.emulateMedia({ media: 'screen' });
    const ticketId = await ticketIdOfLink(page, link!);
    const [drawn] = (await staff.call<Member[]>('GET', `/queues/${allgemein.id}/members?origin=KIOSK`)).filter((m) => m.id === ticketId);
    expect(drawn!.lang).toBe('ar');

    // On the phone the patient picks Arabic under the ticket: the ticket page switches and mirrors.
    const phone = await newPage(browser, { viewport: { width: 375, height: 667 }, isMobile: true });
    await phone.goto(link!);
    await phone.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    await phone.getByLabel('Sprache').selectOption('ar');
    await phone.getByRole('heading', { level: 1, name: arTicket.view.waiting }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await saveScreenshot(phone, 'ticket-ar-375');
    await phone.context().close();

    await page.getByRole('button', { name: arKiosk.done }).click();
    await page.getByRole('heading', { level: 1, name: 'Was möchten Sie tun?' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await staff.call('POST', `/members/${ticketId}/remove`, undefined, 200);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('on the Sunmi kiosk prints through the app bridge, and names each problem: not in the app, no printer, kiosk deactivated', async () => {
    const outside = await newPage(browser, terminal);
    await outside.goto('/praxis-demo/wien/sunmi_kiosk');
    await outside.getByRole('heading', { level: 1, name: 'Nicht in der Kiosk-App' }).waitFor();
    await outside.context().close();

    // The Android app's injected object, stood in for (the printer is the process edge we cannot reach).
    const page = await newPage(browser, terminal);
    await page.addInitScript(() => {
      const w = window as unknown as { __printed: string[]; __printer: boolean; SunmiKiosk: unknown };
      w.__printed = [];
      w.__printer = false;
      w.SunmiKiosk = { hasPrinter: () => w.__printer, printTicket: (json: string) => (w.__printed.push(json), true) };
    });
    await page.goto('/praxis-demo/wien/allgemein/sunmi_kiosk');
    await page.getByRole('button', { name: /^Ticket ziehen/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Allgemeinmedizin' }).waitFor();
    const before = (await staff.call<unknown[]>('GET', `/queues/${allgemein.id}/members`)).length;
    await page.getByRole('button', { name: /Ticket ziehen/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Kein Drucker verbunden' }).waitFor();
    // No printer: nobody got a number that cannot be handed out.
    expect((await staff.call<unknown[]>('GET', `/queues/${allgemein.id}/members`)).length).toBe(before);

    await page.evaluate(() => void ((window as unknown as { __printer: boolean }).__printer = true));
    await page.getByRole('button', { name: /Ticket ziehen/ }).click();
    await page.locator('.kiosk-number').waitFor();
    const printed = await page.evaluate(() =>
      (window as unknown as { __printed: string[] }).__printed.map((json) => JSON.parse(json) as { number: number; queue: string; url: string }),
    );
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatchObject({ number: Number(await page.locator('.kiosk-number').textContent()), queue: 'Allgemeinmedizin' });
    expect(printed[0]!.url).toMatch(/\/ticket\/[A-Za-z0-9_-]{22}$/);
    await staff.call('POST', `/members/${await ticketIdOfLink(page, printed[0]!.url)}/remove`, undefined, 200);

    // Kiosk switched off for the list: the terminal says so instead of offering it.
    await staff.call('PATCH', `/queues/${labor.id}`, { kiosk_enabled: false }, 200);
    await page.goto('/praxis-demo/wien/labor/sunmi_kiosk');
    await page.getByRole('heading', { level: 1, name: 'Kiosk deaktiviert' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await staff.call('PATCH', `/queues/${labor.id}`, { kiosk_enabled: true }, 200);
    await page.context().close();
  });
});
