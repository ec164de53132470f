import type { Appointment, AppointmentType, LoggedUser, Processor, Profile, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { waitForMail } from '../support/mail.js';
import { givenNewPractice } from '../support/practice.js';
import { storeUser } from '../support/session.js';
import { callAs } from '../support/staff.js';
import { saveScreenshot } from '../support/screenshots.js';

// Issue 40: deleting a list or removing a processor never orphans booked appointments. A new
// practice's admin meets the dialog that names them and chooses: hand them over, or cancel them
// (the patients are told).
let browser: Browser;
let page: Page;
let errors: string[];
let owner: LoggedUser;
let sprechstunde: Queue;
let vertretung: Queue;
let anna: Processor;
let ben: Processor;
const patientMail = `patientin-${Date.now().toString(36)}@example.com`;
const booked: Appointment[] = [];

const call = <T>(method: string, url: string, data?: unknown): Promise<T> => callAs<T>(page, owner, method, url, data);
/** 08:00 UTC (09:00 or 10:00 in Vienna) this many days ahead. */
const morningIn = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T08:00:00Z`;
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The booked appointments as the calendar lists them now (lists still live only), by start. */
const appointmentsNow = async () =>
  (await call<Appointment[]>('GET', `/appointments?from=${dayIn(9)}&to=${dayIn(12)}`))
    .filter((a) => booked.some((b) => b.id === a.id))
    .sort((a, b) => a.start.localeCompare(b.start));
/** A Mantine Select: open it by its label, then pick the option. */
async function pick(label: string, option: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  errors = collectBrowserErrors(page);
  ({ owner } = await givenNewPractice(page, 'historie'));
  const profile = await call<Profile>('POST', '/profiles', { name: 'Ordination Linz', identifier: 'linz', time_zone: 'Europe/Vienna' });
  sprechstunde = await call<Queue>('POST', '/queues', { profile_id: profile.id, name: 'Sprechstunde', identifier: 'sprechstunde' });
  vertretung = await call<Queue>('POST', '/queues', { profile_id: profile.id, name: 'Vertretung', identifier: 'vertretung' });
  anna = await call<Processor>('POST', '/processors', { username: `anna-${Date.now().toString(36)}@praxis.example`, display_name: 'Anna Assistenz' });
  ben = await call<Processor>('POST', '/processors', { username: `ben-${Date.now().toString(36)}@praxis.example`, display_name: 'Ben Arzt' });
  for (const p of [anna, ben]) {
    await call('PUT', `/queues/${sprechstunde.id}/processors/${p.id}`, {});
    for (let weekday = 1; weekday <= 7; weekday++) {
      await call('POST', '/appointment-slots', { profile_id: profile.id, processor_id: p.id, kind: 'WEEK', weekday, start_time: '07:00', end_time: '19:00' });
    }
  }
  const type = await call<AppointmentType>('POST', '/appointment-types', { queue_id: sprechstunde.id, name: 'Kontrolle', duration_minutes: 15 });
  await call<AppointmentType>('POST', '/appointment-types', { queue_id: vertretung.id, name: 'Kontrolle', duration_minutes: 15 });
  for (const days of [10, 11]) {
    booked.push(
      await call<Appointment>('POST', '/appointments', {
        appointment_type_id: type.id,
        start: morningIn(days),
        processor_id: anna.id,
        first_name: 'Maria',
        last_name: 'Muster',
        mail: patientMail,
        notify_mail: true,
      }),
    );
  }
  await storeUser(page, owner);
}, 120_000);
afterAll(async () => {
  await browser.close();
});

describe('removing keeps history', () => {
  it('removes a processor with booked appointments: the dialog names them and hands them to a colleague', async () => {
    await page.goto('/backend/management?tab=processors');
    await page.getByRole('button', { name: 'Anna Assistenz löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bearbeiter löschen' });
    await dialog.getByText('Anna Assistenz kann sich danach nicht mehr anmelden', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    // The server refuses while appointments are booked: the dialog names them and asks.
    await dialog.getByText('Es sind noch 2 Termine gebucht.').waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(2);
    expect(await dialog.getByRole('radio', { name: /Absagen/ }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Einer anderen Person übergeben (Uhrzeit bleibt)' }).check();
    // Without a colleague chosen, nothing can be confirmed.
    expect(await dialog.getByRole('button', { name: 'Löschen' }).isDisabled()).toBe(true);
    await pick('Übernehmende Person', 'Ben Arzt');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'keep-history-processor-dialog');
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Anna Assistenz löschen' }).waitFor({ state: 'detached' });
    expect((await call<Processor[]>('GET', '/processors')).map((p) => p.display_name)).not.toContain('Anna Assistenz');
    expect((await appointmentsNow()).map((a) => [a.processor_id, a.cancel_state])).toEqual([
      [ben.id, null],
      [ben.id, null],
    ]);
  });

  it('deletes a list with booked appointments by moving them to another list of the location', async () => {
    await page.goto('/backend/management?tab=lists');
    await page.getByRole('button', { name: 'Warteliste Sprechstunde löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Warteliste löschen' });
    await dialog.getByRole('button', { name: 'Warteliste löschen' }).click();
    await dialog.getByText('Es sind noch 2 Termine gebucht.').waitFor();
    await dialog.getByRole('radio', { name: 'Auf eine andere Warteliste dieses Standorts verschieben (Uhrzeit bleibt)' }).check();
    await pick('Ziel-Warteliste', 'Vertretung');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'keep-history-list-move-dialog');
    await dialog.getByRole('button', { name: 'Warteliste löschen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Warteliste Sprechstunde löschen' }).waitFor({ state: 'detached' });
    expect((await appointmentsNow()).map((a) => [a.queue_id, a.cancel_state])).toEqual([
      [vertretung.id, null],
      [vertretung.id, null],
    ]);
  });

  it('deletes the last list of the location by cancelling its appointments: the patient is told by mail', async () => {
    await page.goto('/backend/management?tab=lists');
    await page.getByRole('button', { name: 'Warteliste Vertretung löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Warteliste löschen' });
    await dialog.getByRole('button', { name: 'Warteliste löschen' }).click();
    await dialog.getByText('Es sind noch 2 Termine gebucht.').waitFor();
    // No other list at the location: moving is offered but not possible, and says why.
    await dialog.getByText('Dieser Standort hat keine andere Warteliste', { exact: false }).waitFor();
    expect(await dialog.getByRole('radio', { name: /verschieben/ }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'keep-history-list-cancel-dialog');
    await dialog.getByRole('button', { name: 'Warteliste löschen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('An diesem Standort gibt es noch keine Warteliste.').waitFor();
    // Cancelled on the archived list: the calendar shows them no more, the patient has the news.
    expect(await appointmentsNow()).toEqual([]);
    expect((await waitForMail(patientMail, { subject: /abgesagt/ })).subject).toContain('Kontrolle');
    await saveScreenshot(page, 'keep-history-lists-after');
    // Each dialog's first DELETE answers 409 by design (the appointments named); nothing else failed.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    expect(errors.length).toBe(3);
  });
});
