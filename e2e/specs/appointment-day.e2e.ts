import type { AppointmentType, AssignedProcessor, Appointment, BookedAppointment, Queue } from '@wartefrei/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { demoAdmin, openDemoQueue, type Staff } from '../support/staff.js';
import { soon } from '../support/today.js';

// The appointment on its day: booked for today, it waits on the work view; the patient checks
// in at the kiosk with the QR code of their appointment page; the row becomes a ticket, staff
// call it, and the appointment page on the patient's phone says it is their turn.
let browser: Browser;
let admin: Staff;
let labor: Queue;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await demoAdmin(browser);
  // The lab list: the other specs switch the general list's intake off and on.
  labor = await openDemoQueue(admin, 'labor');
});
afterAll(async () => {
  await browser.close();
});

describe('the appointment on its day', () => {
  it('checks in at the kiosk by QR code, becomes a row of the work view, is called, and the page says "your turn"', async () => {
    const [type] = (await admin.call<AppointmentType[]>('GET', '/appointment-types')).filter((t) => t.queue_id === labor.id);
    const [paula] = await admin.call<AssignedProcessor[]>('GET', `/queues/${labor.id}/processors`);
    const appointment = await admin.call<BookedAppointment>(
      'POST',
      '/appointments',
      { appointment_type_id: type!.id, processor_id: paula!.id, start: await soon(), last_name: 'Heute', first_name: 'Hanna' },
      201,
    );

    // The work view lists it under today's appointments until it arrives.
    const desk = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const deskErrors = collectBrowserErrors(desk);
    await storeUser(desk, admin.user);
    await desk.goto(`/backend/processor/${labor.id}`);
    const waitingRow = desk.locator(`[data-appointment-row="${appointment.id}"]`);
    await waitingRow.waitFor();
    expect(await waitingRow.textContent()).toContain('Heute, Hanna');
    expect(await seriousA11yViolations(desk)).toEqual([]);
    await saveScreenshot(desk, 'work-view-appointments-1280');

    // The phone keeps the appointment page open; the kiosk's scanner reads its QR code.
    const phone = await newPage(browser, { viewport: { width: 375, height: 667 }, isMobile: true });
    // The desk hands the patient their link (the booking's answer); the id opens nothing.
    await phone.goto(new URL(appointment.patient_url!).pathname);
    await phone.getByRole('heading', { level: 2, name: 'Am Terminal einchecken' }).waitFor();
    // The kiosk code is the appointment's own (8 characters of Crockford's base32), no part of the id.
    const code = (await phone.locator('.appointment-code').textContent())!.match(/[0-9A-Z]{4}-[0-9A-Z]{4}/)![0];
    expect(appointment.id.replace(/-/g, '').toUpperCase()).not.toContain(code.replace('-', ''));
    expect(await seriousA11yViolations(phone)).toEqual([]);

    const kiosk = await newPage(browser, { viewport: { width: 1280, height: 800 }, hasTouch: true });
    const kioskErrors = collectBrowserErrors(kiosk);
    await kiosk.addInitScript(() => {
      window.print = () => undefined;
    });
    await kiosk.goto('/praxis-demo/wien/kiosk');
    await kiosk.getByRole('button', { name: /^Für meinen Termin einchecken/ }).click();
    const field = kiosk.getByLabel('QR-Code scannen oder Code eingeben');
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await seriousA11yViolations(kiosk)).toEqual([]);
    // A scanner types what the code holds and presses Enter.
    await field.pressSequentially(appointment.patient_url!);
    await field.press('Enter');
    await kiosk.locator('.kiosk-number').waitFor();
    const number = Number(await kiosk.locator('.kiosk-number').textContent());
    await saveScreenshot(kiosk, 'kiosk-check-in-1280');

    // At the desk the appointment is now a ticket of the list, called like any other.
    await waitingRow.waitFor({ state: 'detached' });
    const ticketRow = desk.getByRole('row', { name: `Ticket Nr. ${number}`, exact: true });
    await ticketRow.getByRole('button', { name: 'Aufrufen' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Sie sind an der Reihe!' }).waitFor({ timeout: 15_000 });
    await ticketRow.getByRole('button', { name: 'Abschließen' }).click();
    expect([...deskErrors, ...kioskErrors]).toEqual([]);
    // Room for soon() to wait out the last minutes of the day.
  }, 300_000);

  it('books at the kiosk a type bookable there, shows the appointment to take along, and returns to the start', async () => {
    const kiosk = await newPage(browser, { viewport: { width: 1280, height: 800 }, hasTouch: true });
    const errors = collectBrowserErrors(kiosk);
    await kiosk.goto('/praxis-demo/wien/kiosk');
    await kiosk.getByRole('button', { name: /^Termin buchen/ }).click();
    // Only the lab's type is bookable at the kiosk: the booking starts at its days and times.
    await kiosk.getByRole('heading', { level: 2, name: 'Tag wählen' }).waitFor();
    expect(await kiosk.locator('.book-chosen').textContent()).toBe('Blutabnahme');
    expect(await seriousA11yViolations(kiosk)).toEqual([]);
    await kiosk.locator('.book-time').first().click();
    await kiosk.getByLabel('Vorname').fill('Karl');
    await kiosk.getByLabel('Nachname').fill('Kiosk');
    await kiosk.getByLabel('E-Mail').fill('karl.kiosk@example.com');
    await kiosk.getByLabel(/Ich bin einverstanden/).check();
    await kiosk.getByRole('button', { name: 'Termin verbindlich buchen' }).click();
    await kiosk.getByRole('heading', { level: 1, name: 'Ihr Termin ist gebucht' }).waitFor();
    expect(await kiosk.getByRole('status').first().textContent()).toContain('Blutabnahme');
    expect(await seriousA11yViolations(kiosk)).toEqual([]);
    await saveScreenshot(kiosk, 'kiosk-booked-1280');
    const booked = (
      await admin.call<Appointment[]>('GET', `/appointments?from=${new Date().toISOString().slice(0, 10)}&to=${new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10)}`)
    ).find((a) => a.last_name === 'Kiosk');
    expect(booked).toMatchObject({ channel: 'KIOSK', source: 'SELF_BOOKED', queue_id: labor.id });
    // The kiosk keeps nothing of the patient: done, it asks the next one from the start.
    expect(await kiosk.evaluate(() => localStorage.getItem('appointmentMap'))).toBeNull();
    await kiosk.getByRole('button', { name: 'Fertig' }).click();
    await kiosk.getByRole('heading', { level: 1, name: 'Was möchten Sie tun?' }).waitFor();
    await admin.call('POST', `/appointments/${booked!.id}/cancel`, {}, 200);
    expect(errors).toEqual([]);
  });

  it('tells a code it does not know at the kiosk, and keeps the field for the next try', async () => {
    const kiosk = await newPage(browser, { viewport: { width: 1280, height: 800 }, hasTouch: true });
    await kiosk.goto('/praxis-demo/wien/kiosk');
    await kiosk.getByRole('button', { name: /^Für meinen Termin einchecken/ }).click();
    const field = kiosk.getByLabel('QR-Code scannen oder Code eingeben');
    await field.fill('ABCDEF12');
    await kiosk.getByRole('button', { name: 'Einchecken' }).click();
    await kiosk.getByRole('alert').filter({ hasText: 'Termin nicht gefunden' }).waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await seriousA11yViolations(kiosk)).toEqual([]);
  });
});
