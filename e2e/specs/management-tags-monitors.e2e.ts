import type { InfoTag, Monitor, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { demoAdmin, type Staff } from '../support/staff.js';

// The management's info tags and monitors: create with validation, edit, delete after confirmation.
let browser: Browser;
let staff: Staff;
let queues: Queue[];
const suffix = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await demoAdmin(browser);
  queues = await staff.call<Queue[]>('GET', '/queues');
});
afterAll(async () => {
  await browser.close();
});

const openTab = async (tab: string, name: string): Promise<{ page: Page; errors: string[] }> => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const errors = collectBrowserErrors(page);
  await storeUser(page, staff.user);
  await page.goto(`/backend/management?tab=${tab}`);
  await page.getByRole('tab', { name, selected: true }).waitFor();
  return { page, errors };
};
const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'Gespeichert' }).waitFor();

describe('management: info tags', () => {
  it('creates a tag (the delay rule shows at its field), edits it and deletes it after asking', async () => {
    const { page, errors } = await openTab('infotags', 'Info-Tags');
    const name = `Bef-${suffix}`;
    await page.getByRole('button', { name: 'Info-Tag anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Info-Tag anlegen' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill('Befundbesprechung');
    await dialog.getByRole('combobox', { name: 'Verzögerung' }).selectOption('LATER');
    await dialog.getByRole('textbox', { name: 'Text auf dem Ticket' }).fill('Bitte bringen Sie Ihre Befunde mit.');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    // Later needs minutes: the shared rule's message, at the minutes field, which takes the focus.
    await dialog.getByText('Bei früherer oder späterer Einplanung muss die Verzögerung mindestens 1 Minute betragen').waitFor();
    const minutes = dialog.getByRole('textbox', { name: 'Verzögerung in Minuten' });
    expect(await minutes.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await minutes.fill('20');
    await dialog.getByRole('checkbox', { name: 'Zeiten auf dem Ticket ausblenden' }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await saved(page);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('20 Min. später').waitFor();
    let tag = (await staff.call<InfoTag[]>('GET', '/info-tags')).find((t) => t.name === name);
    expect(tag).toMatchObject({
      label: 'Befundbesprechung',
      delay: 'LATER',
      delay_minutes: 20,
      hide_times_on_ticket: true,
      visible_on_ticket: true,
      ticket_text: 'Bitte bringen Sie Ihre Befunde mit.',
    });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'management-infotags-1280');

    // Editing: back to no delay; the minutes go back to 0 with it.
    await page.getByRole('button', { name: `Info-Tag ${name} bearbeiten` }).click();
    const edit = page.getByRole('dialog', { name: `Info-Tag ${name} bearbeiten` });
    await edit.getByRole('combobox', { name: 'Verzögerung' }).selectOption('NONE');
    await edit.getByRole('checkbox', { name: 'Zeitpriorität' }).check();
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await row.getByText('Keine Verzögerung').waitFor();
    tag = (await staff.call<InfoTag[]>('GET', '/info-tags')).find((t) => t.name === name);
    expect(tag).toMatchObject({ delay: 'NONE', delay_minutes: 0, time_priority: true });

    // Deleting asks first; cancelling keeps the tag.
    await page.getByRole('button', { name: `Info-Tag ${name} löschen` }).click();
    const ask = page.getByRole('dialog', { name: 'Info-Tag löschen' });
    await ask.getByText(`Möchten Sie den Info-Tag ${name} wirklich löschen?`, { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Abbrechen' }).click();
    expect((await staff.call<InfoTag[]>('GET', '/info-tags')).some((t) => t.name === name)).toBe(true);
    await page.getByRole('button', { name: `Info-Tag ${name} löschen` }).click();
    await page.getByRole('dialog', { name: 'Info-Tag löschen' }).getByRole('button', { name: 'Löschen' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await staff.call<InfoTag[]>('GET', '/info-tags')).some((t) => t.name === name)).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('management: monitors', () => {
  it('creates a monitor with lists ordered by keyboard, opens its link, edits and deletes it', async () => {
    const { page, errors } = await openTab('monitors', 'Monitore');
    const general = queues.find((q) => q.identifier === 'allgemein')!;
    const lab = queues.find((q) => q.identifier === 'labor')!;
    const identifier = `labortv-${suffix}`;
    await page.getByRole('heading', { name: 'Wartezimmer' }).waitFor();

    await page.getByRole('button', { name: 'Monitor anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Monitor anlegen' });
    await dialog.getByRole('textbox', { name: 'Anzeigename' }).fill('Labor-TV');
    await dialog.getByRole('textbox', { name: 'Kennung' }).fill(identifier);
    await dialog.getByRole('combobox', { name: 'Layout' }).selectOption('LIST');
    await dialog.getByRole('textbox', { name: 'Zoom' }).fill('400');
    // Ticked in this order: Blutabnahme first, then Allgemeinmedizin.
    await dialog.getByRole('checkbox', { name: lab.name }).check();
    await dialog.getByRole('checkbox', { name: general.name }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Zoom darf höchstens 300 sein').waitFor();
    await dialog.getByRole('textbox', { name: 'Zoom' }).fill('150');
    // The keyboard way to reorder: focus the arrow, press Enter; the focus stays with the list.
    await dialog.getByRole('button', { name: `${general.name} nach oben` }).focus();
    await page.keyboard.press('Enter');
    await dialog.locator('[data-monitor-queue]').first().getByText(general.name).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`${general.name} nach unten`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await saved(page);

    const created = (await staff.call<Monitor[]>('GET', '/monitors')).find((m) => m.identifier === identifier)!;
    expect(created).toMatchObject({ display_name: 'Labor-TV', layout: 'LIST', custom_zoom: 150, queue_ids: [general.id, lab.id] });
    const card = page.locator(`[data-monitor="${created.id}"]`);
    await card.getByText(`/praxis-demo/monitor/${identifier}`).waitFor();
    await card.getByText(`/monitor/${created.id}`).waitFor();
    await card.getByText(`Zeigt: ${general.name}, ${lab.name}`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'management-monitors-1280');

    // The "open" link shows the monitor itself.
    const [screen] = await Promise.all([page.context().waitForEvent('page'), card.getByRole('link', { name: 'Labor-TV öffnen (neues Fenster)' }).click()]);
    await screen.getByRole('heading', { level: 1, name: 'Labor-TV' }).waitFor();
    await screen.close();

    // Editing keeps what is not changed.
    await page.getByRole('button', { name: 'Monitor Labor-TV bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Monitor Labor-TV bearbeiten' });
    await edit.getByRole('textbox', { name: 'Anzeigename' }).fill('Labor-Bildschirm');
    await edit.getByRole('checkbox', { name: lab.name }).uncheck();
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await card.getByRole('heading', { name: 'Labor-Bildschirm' }).waitFor();
    expect(await staff.call<Monitor>('GET', `/monitors/${created.id}`)).toMatchObject({ display_name: 'Labor-Bildschirm', custom_zoom: 150, queue_ids: [general.id] });

    // Deleting asks first.
    await page.getByRole('button', { name: 'Monitor Labor-Bildschirm löschen' }).click();
    const ask = page.getByRole('dialog', { name: 'Monitor löschen' });
    await ask.getByText('Möchten Sie den Monitor Labor-Bildschirm wirklich löschen?', { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Löschen' }).click();
    await card.waitFor({ state: 'detached' });
    expect((await staff.call<Monitor[]>('GET', '/monitors')).some((m) => m.id === created.id)).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
