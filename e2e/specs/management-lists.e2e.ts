import type { Profile, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { field } from '../support/locators.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { givenNewPractice } from '../support/practice.js';
import { staffOf, type Staff } from '../support/staff.js';

// The management's locations and waiting lists: created, edited and deleted through the UI, in a
// practice of its own (the public demo refuses deleting lists and locations).
let browser: Browser;
let staff: Staff;
const suffix = Date.now().toString(36);
const locationIdentifier = `graz-${suffix}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const page = await newPage(browser);
  staff = staffOf(page, (await givenNewPractice(page, 'listen')).owner);
  // Its first location with a list, as onboarding leaves it: the identifiers the spec collides with.
  const wien = await staff.call<Profile>('POST', '/profiles', { name: 'Ordination Wien', identifier: 'wien', country: 'AT', region: '9' }, 201);
  await staff.call<Queue>('POST', '/queues', { profile_id: wien.id, name: 'Allgemeinmedizin', identifier: 'allgemein' }, 201);
});
afterAll(async () => {
  await browser.close();
});

const profiles = () => staff.call<Profile[]>('GET', '/profiles', undefined, 200);
const queues = () => staff.call<Queue[]>('GET', '/queues', undefined, 200);
const savedStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Gespeichert' }).waitFor();
/** A Mantine Select: open it by its label, then pick the option. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('management: locations and waiting lists', () => {
  it('creates, edits and deletes a location and its waiting lists, with the messages at the fields', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const errors = collectBrowserErrors(page);
    await storeUser(page, staff.user);
    await page.goto('/backend/management?tab=lists');
    await page.getByRole('tab', { name: 'Standorte und Wartelisten', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Ordination Wien' }).waitFor();
    await page.getByRole('link', { name: 'Rollout-Center' }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A new location: empty name refused before sending, then saved with its state.
    await page.getByRole('button', { name: 'Standort anlegen' }).click();
    const locationDialog = page.getByRole('dialog', { name: 'Neuer Standort' });
    await locationDialog.getByRole('button', { name: 'Speichern' }).click();
    await locationDialog.getByText('darf nicht leer sein', { exact: false }).first().waitFor();
    await field(page, 'Name des Standorts').fill('Ordination Graz');
    await field(page, 'Kennung').fill(locationIdentifier);
    await pick(page, 'Bundesland/Kanton (für Feiertage)', 'Steiermark');
    await field(page, 'Ort').fill('Graz');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await locationDialog.getByRole('button', { name: 'Speichern' }).click();
    // A practice in its trial pays for a second location: the price change is confirmed first.
    await page.getByRole('dialog', { name: 'Preisänderung bestätigen' }).getByRole('button', { name: 'Kostenpflichtig hinzufügen' }).click();
    await locationDialog.waitFor({ state: 'detached' });
    await savedStatus(page);
    const created = (await profiles()).find((p) => p.identifier === locationIdentifier)!;
    expect(created).toMatchObject({ name: 'Ordination Graz', country: 'AT', region: '6', time_zone: 'Europe/Vienna', address: { city: 'Graz' } });
    const section = page.locator(`[data-location="${created.id}"]`);
    await section.getByText('An diesem Standort gibt es noch keine Warteliste.').waitFor();

    // Editing it; an identifier already in use comes back from the server at its field.
    await section.getByRole('button', { name: 'Standort Ordination Graz bearbeiten' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Standort bearbeiten' });
    await field(page, 'Kennung').fill('wien');
    await editDialog.getByRole('button', { name: 'Speichern' }).click();
    await editDialog.getByText('Diese Kennung wird bereits verwendet').waitFor();
    expect(await field(page, 'Kennung').getAttribute('aria-invalid')).toBe('true');
    await field(page, 'Kennung').fill(locationIdentifier);
    await field(page, 'Name des Standorts').fill('Ordination Graz-Mitte');
    await editDialog.getByRole('button', { name: 'Speichern' }).click();
    await editDialog.waitFor({ state: 'detached' });
    await section.getByRole('heading', { name: 'Ordination Graz-Mitte' }).waitFor();
    expect((await profiles()).find((p) => p.id === created.id)?.name).toBe('Ordination Graz-Mitte');

    // A waiting list in it: the shared schema's cross-field rules show at their fields first.
    await section.getByRole('button', { name: 'Warteliste in Ordination Graz-Mitte anlegen' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neue Warteliste in Ordination Graz-Mitte' });
    await field(page, 'Name').fill('Impfsprechstunde');
    expect(await field(page, 'Kennung').inputValue()).toBe('impfsprechstunde');
    await field(page, 'Priorität').selectOption('5');
    await drawer.getByRole('button', { name: 'Ticket ziehen' }).click();
    await field(page, 'Mindestalter (Jahre)').fill('0');
    await field(page, 'Höchstalter (Jahre)').fill('65');
    await drawer.getByRole('checkbox', { name: 'Kiosk aktiv' }).check();
    await drawer.getByRole('button', { name: 'Nummern und Zeiten' }).click();
    await field(page, 'Startnummer').fill('100');
    await field(page, 'Endnummer').fill('50');
    await drawer.getByRole('button', { name: 'Patientendaten' }).click();
    await field(page, 'E-Mail-Adresse').selectOption('REQUIRED');
    await drawer.getByRole('button', { name: 'Bearbeitung und Schaltflächen' }).click();
    await field(page, 'Warteliste beenden').selectOption('ADMINS_ONLY');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'management-lists-queue-1280');
    await drawer.getByRole('button', { name: 'Anlegen' }).click();
    await drawer.getByText('darf nicht 0 sein', { exact: false }).waitFor();
    await drawer.getByText('Die Startnummer darf nicht größer als die Endnummer sein').waitFor();
    expect(await field(page, 'Endnummer').getAttribute('aria-invalid')).toBe('true');
    expect((await queues()).some((q) => q.profile_id === created.id)).toBe(false);
    await field(page, 'Mindestalter (Jahre)').fill('');
    await field(page, 'Endnummer').fill('199');
    await drawer.getByRole('button', { name: 'Anlegen' }).click();
    await drawer.waitFor({ state: 'detached' });
    await savedStatus(page);
    const queue = (await queues()).find((q) => q.profile_id === created.id)!;
    expect(queue).toMatchObject({
      name: 'Impfsprechstunde',
      identifier: 'impfsprechstunde',
      priority: 5,
      kiosk_enabled: true,
      min_age: null,
      max_age: 65,
      number_start: 100,
      number_end: 199,
      patient_inputs: { mail: 'REQUIRED', phone: 'NONE' },
      button_visibility: { terminate: 'ADMINS_ONLY', suspend_online: 'EVERYBODY' },
    });

    // Editing it: the drawer shows what is stored; a second list with the same identifier is refused by the server.
    await section.getByRole('button', { name: 'Warteliste Impfsprechstunde bearbeiten' }).click();
    const editDrawer = page.getByRole('dialog', { name: 'Warteliste Impfsprechstunde bearbeiten' });
    expect(await field(page, 'Priorität').inputValue()).toBe('5');
    await editDrawer.getByRole('button', { name: 'Texte' }).click();
    await field(page, 'Öffnungszeiten (höchstens 3 Zeilen)').fill('Mo–Fr 8–12 Uhr\nDi 14–18 Uhr');
    await editDrawer.getByRole('button', { name: 'Speichern' }).click();
    await editDrawer.waitFor({ state: 'detached' });
    await savedStatus(page);
    expect((await queues()).find((q) => q.id === queue.id)).toMatchObject({ opening_hours: 'Mo–Fr 8–12 Uhr\nDi 14–18 Uhr', priority: 5, max_age: 65 });

    await section.getByRole('button', { name: 'Warteliste in Ordination Graz-Mitte anlegen' }).click();
    await field(page, 'Name').fill('Zweite');
    await field(page, 'Kennung').fill('impfsprechstunde');
    await page.getByRole('dialog', { name: 'Neue Warteliste in Ordination Graz-Mitte' }).getByRole('button', { name: 'Anlegen' }).click();
    await page.getByRole('dialog', { name: 'Neue Warteliste in Ordination Graz-Mitte' }).getByText('Diese Kennung wird bereits verwendet').waitFor();
    expect(await field(page, 'Kennung').getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await section
      .getByRole('row', { name: /Impfsprechstunde/ })
      .getByRole('link', { name: 'Rollout-Center' })
      .waitFor();
    await saveScreenshot(page, 'management-lists-1280');

    // Deleting the list asks first; Cancel keeps it.
    await section.getByRole('button', { name: 'Warteliste Impfsprechstunde löschen' }).click();
    const confirmQueue = page.getByRole('dialog', { name: 'Warteliste löschen' });
    await confirmQueue.getByText('Möchten Sie die Warteliste Impfsprechstunde wirklich löschen?', { exact: false }).waitFor();
    await confirmQueue.getByRole('button', { name: 'Abbrechen' }).click();
    expect((await queues()).some((q) => q.id === queue.id)).toBe(true);
    await section.getByRole('button', { name: 'Warteliste Impfsprechstunde löschen' }).click();
    await confirmQueue.getByRole('button', { name: 'Warteliste löschen' }).click();
    await section.getByText('An diesem Standort gibt es noch keine Warteliste.').waitFor();
    expect((await queues()).some((q) => q.id === queue.id)).toBe(false);

    // Deleting the location names the lists that go with it, and says their tickets are kept.
    const extra = await staff.call<Queue>('POST', '/queues', { profile_id: created.id, name: 'Labor Graz', identifier: 'labor' }, 201);
    await page.reload();
    await section.getByText('Labor Graz').waitFor();
    await section.getByRole('button', { name: 'Standort Ordination Graz-Mitte löschen' }).click();
    const confirmLocation = page.getByRole('dialog', { name: 'Standort löschen' });
    await confirmLocation.getByText('die Tickets bleiben für Auswertungen erhalten', { exact: false }).waitFor();
    await confirmLocation.getByText('Labor Graz', { exact: false }).waitFor();
    await confirmLocation.getByRole('button', { name: 'Standort löschen' }).click();
    await section.waitFor({ state: 'detached' });
    expect((await profiles()).some((p) => p.id === created.id)).toBe(false);
    expect((await queues()).some((q) => q.id === extra.id)).toBe(false);
    // The first location is untouched.
    expect((await profiles()).some((p) => p.identifier === 'wien')).toBe(true);
    // The two identifiers in use answered 409 on purpose; nothing else may fail.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    expect(errors).toHaveLength(2);
    await page.context().close();
  });
});
