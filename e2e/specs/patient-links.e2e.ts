import type { AppointmentType, AssignedProcessor, BookedAppointment, PatientAppointment, Queue, TicketView } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { demoAdmin, openDemoQueue, type Staff } from '../support/staff.js';
import { soon } from '../support/today.js';

// A patient's link is a secret of its own (issue 39): the draw and the booking hand it out, the
// patient's pages open from it alone, the record's id opens nothing, and the kiosk checks in by
// the appointment's own code and shows the number only.
let browser: Browser;
let admin: Staff;
let labor: Queue;

const phone = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await demoAdmin(browser);
  labor = await openDemoQueue(admin, 'labor');
  await openDemoQueue(admin, 'allgemein');
});
afterAll(async () => {
  await browser.close();
});

/** The JSON of the first answer to `method path` while `act` runs. */
async function answerTo<T>(page: Page, method: string, path: RegExp, act: () => Promise<void>): Promise<T> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname)), act()]);
  return (await response.json()) as T;
}

describe("a patient's link", () => {
  it('draws on a phone: the page is the link of the answer, opens on another phone by it alone, and not by the id', async () => {
    const page = await newPage(browser, phone);
    const errors = collectBrowserErrors(page);
    await page.goto('/praxis-demo/wien/allgemein');
    await page.getByRole('button', { name: /Jetzt anstellen/ }).click();
    const ticket = await answerTo<TicketView>(page, 'POST', /^\/queues\/[^/]+\/members$/, () => page.getByRole('button', { name: 'Ticket ziehen' }).click());
    await page.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    expect(ticket.patient_url).toMatch(/\/ticket\/[A-Za-z0-9_-]{22}$/);
    expect(new URL(page.url()).pathname).toBe(new URL(ticket.patient_url!).pathname);
    expect(page.url()).not.toContain(ticket.id);

    const other = await newPage(browser, phone);
    await other.goto(new URL(ticket.patient_url!).pathname);
    await other.locator('.ticket-number', { hasText: String(ticket.number) }).waitFor();
    const byId = await newPage(browser, phone);
    await byId.goto(`/ticket/${ticket.id}`);
    await byId.getByRole('heading', { level: 1, name: 'Ticket nicht gefunden' }).waitFor();
    expect(await seriousA11yViolations(byId)).toEqual([]);
    await admin.call('POST', `/members/${ticket.id}/remove`, undefined, 200);
    expect(errors).toEqual([]);
    for (const p of [page, other, byId]) await p.context().close();
  });

  it('books on a phone: the appointment page opens from the booking’s link alone, not by the id', async () => {
    const page = await newPage(browser, phone);
    const errors = collectBrowserErrors(page);
    await page.goto('/praxis-demo/wien/allgemein/book');
    await page.getByRole('heading', { level: 2, name: 'Tag wählen' }).waitFor();
    await page.locator('.book-time').first().click();
    await page.getByLabel('Vorname').fill('Lina');
    await page.getByLabel('Nachname').fill('Link');
    await page.getByLabel('E-Mail').fill(`lina-${Date.now()}@example.com`);
    await page.getByLabel(/Ich bin einverstanden/).check();
    const appointment = await answerTo<PatientAppointment>(page, 'POST', /^\/appointments$/, () => page.getByRole('button', { name: 'Termin verbindlich buchen' }).click());
    await page.getByRole('heading', { level: 1, name: 'Ihr Termin ist gebucht' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(new URL(appointment.patient_url!).pathname);

    const other = await newPage(browser, phone);
    await other.goto(new URL(appointment.patient_url!).pathname);
    await other.getByRole('heading', { level: 1, name: 'Ihr Termin ist gebucht' }).waitFor();
    const byId = await newPage(browser, phone);
    await byId.goto(`/a/${appointment.id}`);
    await byId.getByRole('heading', { level: 1, name: 'Termin nicht gefunden' }).waitFor();
    await admin.call('POST', `/appointments/${appointment.id}/cancel`, {}, 200);
    expect(errors).toEqual([]);
    for (const p of [page, other, byId]) await p.context().close();
  });

  it('checks in at the kiosk by the typed code: the kiosk shows the number, the phone follows the ticket by its link', async () => {
    const [type] = (await admin.call<AppointmentType[]>('GET', '/appointment-types')).filter((t) => t.queue_id === labor.id);
    const [paula] = await admin.call<AssignedProcessor[]>('GET', `/queues/${labor.id}/processors`);
    const booked = await admin.call<BookedAppointment>(
      'POST',
      '/appointments',
      { appointment_type_id: type!.id, processor_id: paula!.id, start: await soon(40), last_name: 'Code', first_name: 'Clara' },
      201,
    );

    // The practice hands over the link (read out, sent): the phone opens it and shows the code.
    const page = await newPage(browser, phone);
    const errors = collectBrowserErrors(page);
    await page.goto(new URL(booked.patient_url!).pathname);
    await page.getByRole('heading', { level: 2, name: 'Am Terminal einchecken' }).waitFor();
    const code = (await page.locator('.appointment-code').textContent())!.match(/[0-9A-Z]{4}-[0-9A-Z]{4}/)![0];

    const kiosk = await newPage(browser, { viewport: { width: 1280, height: 800 }, hasTouch: true });
    await kiosk.addInitScript(() => {
      window.print = () => undefined;
    });
    await kiosk.goto('/praxis-demo/wien/kiosk');
    await kiosk.getByRole('button', { name: /^Für meinen Termin einchecken/ }).click();
    // Typed as a patient might: small letters, no dash, an O for the zero.
    const typed = code.replace('-', '').toLowerCase().replace(/0/g, 'o');
    const answer = await answerTo<Record<string, unknown>>(kiosk, 'POST', /^\/appointments\/check-in$/, async () => {
      await kiosk.getByLabel('QR-Code scannen oder Code eingeben').fill(typed);
      await kiosk.getByRole('button', { name: 'Einchecken' }).click();
    });
    const number = Number(await kiosk.locator('.kiosk-number').textContent());
    // The kiosk learned the number, nothing that opens the ticket or names a record.
    expect(Object.keys(answer).sort()).toEqual(['number', 'queue_name', 'start', 'type_name']);
    expect(answer.number).toBe(number);
    expect(JSON.stringify(answer)).not.toContain(booked.id);
    expect(await seriousA11yViolations(kiosk)).toEqual([]);

    // The phone's page, by the same link, is now the live ticket with that number.
    await page.locator('.ticket-number', { hasText: String(number) }).waitFor({ timeout: 15_000 });
    const ticket = (await (await page.request.get(`/members/${booked.patient_url!.split('/').at(-1)}`)).json()) as TicketView;
    expect(ticket.number).toBe(number);
    // The same code again is a miss like any other.
    await kiosk.getByRole('button', { name: 'Fertig' }).click();
    await kiosk.getByRole('button', { name: /^Für meinen Termin einchecken/ }).click();
    await kiosk.getByLabel('QR-Code scannen oder Code eingeben').fill(code);
    await kiosk.getByRole('button', { name: 'Einchecken' }).click();
    await kiosk.getByRole('alert').filter({ hasText: 'Termin nicht gefunden' }).waitFor();
    await admin.call('POST', `/members/${ticket.id}/remove`, undefined, 200);
    expect(errors).toEqual([]);
    for (const p of [page, kiosk]) await p.context().close();
  }, 300_000);
});
