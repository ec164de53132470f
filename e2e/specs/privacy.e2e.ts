import fs from 'node:fs';
import type { Queue, TicketView } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { main } from '../support/locators.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { demoAdmin, openDemoQueue, type Staff } from '../support/staff.js';

// Data protection as the practice owner meets it: the retention period, erasing one patient's
// data on request from the work view, and the audit log that records both.
let browser: Browser;
let admin: Staff;
let queue: Queue;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await demoAdmin(browser);
  queue = await openDemoQueue(admin, 'labor');
  page = await newPage(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  errors = collectBrowserErrors(page);
  await storeUser(page, admin.user);
  // The lab list asks no names in the demo; this spec's patient gives one.
  await admin.call('PATCH', `/queues/${queue.id}`, { patient_inputs: { ...queue.patient_inputs, first_name: 'OPTIONAL' } }, 200);
});
afterAll(async () => {
  await admin.call('PATCH', `/queues/${queue.id}`, { patient_inputs: queue.patient_inputs }, 200);
  await browser.close();
});

describe('data protection', () => {
  it('the admin sets how long patient data is kept; out of range is refused at the field, shorter asks first', async () => {
    await page.goto('/backend/management?tab=general');
    const section = main(page).getByRole('region', { name: 'Datenschutz' });
    const days = section.getByRole('textbox', { name: /Aufbewahrungsdauer der Patientendaten/ });
    await days.fill('0');
    await section.getByRole('button', { name: 'Speichern' }).click();
    await section.getByText(/mindestens 1/).waitFor();
    await days.fill('90');
    await section.getByRole('button', { name: 'Speichern' }).click();
    await section.getByText('Gespeichert').waitFor();
    const retention = async () => (await admin.call<{ retention_days: number }>('GET', `/accounts/${admin.user.account_id}`)).retention_days;
    expect(await retention()).toBe(90);

    await days.fill('60');
    await section.getByRole('button', { name: 'Speichern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aufbewahrung auf 60 Tage verkürzen?' });
    await dialog.getByRole('button', { name: 'Verkürzen' }).click();
    await expect.poll(retention).toBe(60);
  });

  it("erases one patient's data from the work view after a confirmation; the ticket stays", async () => {
    const response = await page.request.post(`/queues/${queue.id}/members`, { data: { origin: 'ONLINE', first_name: 'Lotte', last_name: 'Löschmich' } });
    const ticket = (await response.json()) as TicketView;
    await page.goto(`/backend/processor/${queue.id}`);
    const row = page.getByRole('row', { name: `Ticket Nr. ${ticket.number}`, exact: true });
    await row.getByText('Lotte Löschmich').waitFor();
    await row.getByRole('button', { name: `Weitere Aktionen für Nr. ${ticket.number}` }).click();
    await page.getByRole('menuitem', { name: 'Patientendaten löschen' }).click();
    const dialog = page.getByRole('dialog', { name: `Patientendaten von Nr. ${ticket.number} löschen?` });
    await dialog.getByRole('button', { name: 'Patientendaten löschen' }).click();
    await row.getByText('Daten gelöscht').waitFor();
    expect(await row.getByText('Löschmich').count()).toBe(0);
    expect(await row.getAttribute('data-status')).toBe('waiting');
  });

  it('the audit log lists both, names no patient, exports, and has no serious accessibility problem', async () => {
    await page.goto('/backend/audit');
    const content = main(page);
    await content.getByRole('heading', { level: 1, name: 'Protokoll' }).waitFor();
    const table = content.getByRole('table', { name: 'Einträge des Protokolls, neueste zuerst' });
    await table.getByRole('cell', { name: 'Ticketdaten gelöscht' }).waitFor();
    await table.getByRole('cell', { name: 'Aufbewahrungsdauer geändert' }).first().waitFor();
    await table.getByRole('cell', { name: 'Warteliste angesehen' }).first().waitFor();
    expect(await content.textContent()).not.toContain('Löschmich');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'audit-1280');

    await content.getByRole('textbox', { name: 'Aktion' }).click();
    await page.getByRole('option', { name: 'Ticketdaten gelöscht', exact: true }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(page.url()).toContain('action=member.erase');

    const [download] = await Promise.all([page.waitForEvent('download'), content.getByRole('button', { name: 'CSV herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^wartefrei-protokoll-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('member.erase');
    expect(csv).not.toContain('Löschmich');
    expect(errors).toEqual([]);
  });
});
