import type { Account, Queue, ScheduleEntry } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { demoAdmin, type Staff } from '../support/staff.js';

// The management's weekly schedule per list and the practice's general settings, through the UI.
let browser: Browser;
let staff: Staff;
let queue: Queue;
let otherQueue: Queue;

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await demoAdmin(browser);
  const lists = await staff.call<Queue[]>('GET', '/queues');
  otherQueue = lists.find((q) => q.identifier === 'labor')!;
  // A list of its own, so no demo entry is in the way and nothing fires during the run.
  queue = await staff.call<Queue>('POST', '/queues', { profile_id: lists[0]!.profile_id, name: 'Impfsprechstunde', identifier: `impfen-${Date.now().toString(36)}` }, 201);
});
afterAll(async () => {
  await browser.close();
});

const schedule = () => staff.call<ScheduleEntry[]>('GET', `/queues/${queue.id}/schedule`, undefined, 200);
const savedStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Gespeichert' }).waitFor();

describe('management: weekly schedule', () => {
  it('adds, edits, switches and deletes entries of a list, keeping the list in the URL', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const errors = collectBrowserErrors(page);
    await storeUser(page, staff.user);
    await page.goto(`/backend/management?tab=schedule&queue=${queue.id}`);
    await page.getByRole('tab', { name: 'Zeitplan', selected: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Warteliste' }).inputValue()).toBe(queue.id);
    await page.getByText('Noch keine Einträge', { exact: false }).waitFor();
    await page.getByText('Zeitzone des Standorts Ordination Wien: Europe/Vienna', { exact: false }).waitFor();

    // Monday's own button: the weekday comes preset; an empty time is refused before sending.
    await page.getByRole('button', { name: 'Eintrag am Montag hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Eintrag' });
    expect(await dialog.getByRole('combobox', { name: 'Wochentag' }).inputValue()).toBe('1');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Uhrzeit darf nicht leer sein').waitFor();
    await dialog.getByLabel('Uhrzeit').fill('08:00');
    await dialog.getByRole('checkbox', { name: 'Auch an Feiertagen' }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await savedStatus(page);
    expect(await schedule()).toMatchObject([{ weekday: 1, local_time: '08:00', event: 'START', activated: true, valid_on_holiday: true }]);

    // The general button, with weekday and event chosen in the dialog.
    await page.getByRole('button', { name: 'Eintrag hinzufügen', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Wochentag' }).selectOption('3');
    await dialog.getByLabel('Uhrzeit').fill('17:30');
    await dialog.getByRole('combobox', { name: 'Ereignis' }).selectOption('TERMINATE');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    const wednesday = page.locator('section[data-weekday="3"]');
    await wednesday.getByText('Warteliste schließen').waitFor();

    // The same event at the same time again: the server's message appears at the time field.
    await page.getByRole('button', { name: 'Eintrag am Montag hinzufügen' }).click();
    await dialog.getByLabel('Uhrzeit').fill('08:00');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Es gibt bereits einen gleichen Eintrag zu dieser Zeit').waitFor();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await schedule()).toHaveLength(2);

    // Editing moves Monday's opening to 07:45 and makes it a block of new tickets.
    await page.getByRole('button', { name: 'Montag 08:00 Warteliste öffnen bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Eintrag bearbeiten' });
    expect(await edit.getByLabel('Uhrzeit').inputValue()).toBe('08:00');
    await edit.getByLabel('Uhrzeit').fill('07:45');
    await edit.getByRole('combobox', { name: 'Ereignis' }).selectOption('BLOCK');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.locator('section[data-weekday="1"]').getByText('07:45').waitFor();
    expect((await schedule()).find((e) => e.weekday === 1)).toMatchObject({ local_time: '07:45', event: 'BLOCK', valid_on_holiday: true });

    // The switches on the card change the entry at once (by keyboard, and by pointer).
    await page.getByRole('switch', { name: 'Aktiv: Mittwoch 17:30 Warteliste schließen' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await schedule()).find((e) => e.weekday === 3)?.activated).toBe(false);
    await wednesday.getByText('An Feiertagen', { exact: true }).click();
    await expect.poll(async () => (await schedule()).find((e) => e.weekday === 3)?.valid_on_holiday).toBe(true);

    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'management-schedule-1280');

    // Deleting asks first; cancelling keeps the entry.
    await page.getByRole('button', { name: 'Mittwoch 17:30 Warteliste schließen löschen' }).click();
    const ask = page.getByRole('dialog', { name: 'Eintrag löschen' });
    await ask.getByText('Möchten Sie den Eintrag Mittwoch 17:30 Warteliste schließen wirklich löschen?').waitFor();
    await ask.getByRole('button', { name: 'Abbrechen' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await schedule()).toHaveLength(2);
    await page.getByRole('button', { name: 'Mittwoch 17:30 Warteliste schließen löschen' }).click();
    await ask.getByRole('button', { name: 'Löschen' }).click();
    await ask.waitFor({ state: 'detached' });
    await wednesday.getByText('Keine Einträge').waitFor();
    expect((await schedule()).map((e) => e.weekday)).toEqual([1]);

    // A reload keeps the chosen list; choosing another one puts it into the URL.
    await page.reload();
    await page.locator('section[data-weekday="1"]').getByText('07:45').waitFor();
    await page.getByRole('combobox', { name: 'Warteliste' }).selectOption(otherQueue.id);
    await page.waitForURL(`**/backend/management?tab=schedule&queue=${otherQueue.id}`);
    await page.locator('section[data-weekday="1"]').getByText('07:45').waitFor({ state: 'detached' });
    // The one refused request is the duplicate entry above (409, shown at the field).
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await page.context().close();
  });
});

const STATES: Record<Account['subscription_state'], string> = {
  trial: 'Testphase',
  allPaid: 'Bezahlt',
  notPaid: 'Nicht bezahlt',
  paymentExempt: 'Von der Zahlung befreit',
  deactivated: 'Deaktiviert',
};

describe('management: general settings', () => {
  it('renames the practice and shows the account read-only', async () => {
    const account = await staff.call<Account>('GET', `/accounts/${staff.user.account_id}`, undefined, 200);
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const errors = collectBrowserErrors(page);
    await storeUser(page, staff.user);
    await page.goto('/backend/management?tab=general');
    await page.getByRole('tab', { name: 'Allgemein', selected: true }).waitFor();
    const name = page.getByRole('textbox', { name: 'Name der Praxis' });
    await expect.poll(() => name.inputValue()).toBe(account.display_name);
    await page.getByRole('definition').filter({ hasText: account.identifier }).waitFor();
    await page.getByRole('definition').filter({ hasText: STATES[account.subscription_state] }).waitFor();

    await name.fill('');
    await page.getByRole('region', { name: 'Praxis' }).getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Name der Praxis darf nicht leer sein').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await name.fill('Gruppenpraxis am Ring');
    await name.press('Enter');
    await savedStatus(page);
    expect((await staff.call<Account>('GET', `/accounts/${account.id}`)).display_name).toBe('Gruppenpraxis am Ring');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'management-general-1280');

    await staff.call('PATCH', `/accounts/${account.id}`, { display_name: account.display_name }, 200);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
