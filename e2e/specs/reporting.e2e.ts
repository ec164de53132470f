import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { main } from '../support/locators.js';
import { saveScreenshot } from '../support/screenshots.js';
import { DEMO, logInByApi, storeUser } from '../support/session.js';

// Reporting on the demo practice's eight weeks of history (read only: nothing here changes data).
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  errors = collectBrowserErrors(page);
  await storeUser(page, await logInByApi(page, DEMO.admin));
});
afterAll(async () => {
  await browser.close();
});

const figure = (p: Page, key: string) => main(p).getByTestId(`figure-${key}`).textContent();

async function choose(p: Page, label: string, option: string): Promise<void> {
  await p.getByRole('textbox', { name: label }).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

describe('reporting', () => {
  it('shows the figures and charts of the last 30 days, without serious accessibility problems', async () => {
    await page.goto('/backend/reporting');
    const content = main(page);
    await content.getByRole('heading', { level: 1, name: 'Auswertung' }).waitFor();
    await content.getByTestId('figure-drawn').waitFor();
    expect(Number((await figure(page, 'drawn'))?.replace(/\D/g, ''))).toBeGreaterThan(100);
    await content.locator('[data-chart="chart-waits"] svg').first().waitFor();
    await content.getByRole('table', { name: /Ankünfte|Gezogene Tickets je Stunde/ }).waitFor();
    await content.getByRole('heading', { name: 'Patientenanalyse' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'reporting-1280');
  });

  it('a shorter period and a list filter change the cards and the charts', async () => {
    const before = await figure(page, 'drawn');
    const waitsBefore = await main(page).locator('[data-chart="chart-waits"]').innerHTML();
    await choose(page, 'Zeitraum', 'Letzte 7 Tage');
    await expect.poll(() => figure(page, 'drawn')).not.toBe(before);
    expect(page.url()).toContain('period=last7');
    await expect.poll(() => main(page).locator('[data-chart="chart-waits"]').innerHTML()).not.toBe(waitsBefore);

    const week = await figure(page, 'drawn');
    await choose(page, 'Liste', 'Blutabnahme');
    await expect.poll(() => figure(page, 'drawn')).not.toBe(week);
    expect(Number((await figure(page, 'drawn'))?.replace(/\D/g, ''))).toBeLessThan(Number(week?.replace(/\D/g, '')));
    // The per-list bars now show only the lab.
    await expect.poll(() => main(page).getByRole('table', { name: 'Listen als Tabelle' }).locator('tbody tr').count()).toBe(1);
  });

  it('sorts the analysis and exports it as xlsx with the filters on top', async () => {
    const content = main(page);
    await content.getByRole('button', { name: 'Nach Wartezeit sortieren' }).click();
    await expect.poll(() => content.getByRole('columnheader', { name: /Wartezeit/ }).getAttribute('aria-sort')).toBe('descending');
    const [download] = await Promise.all([page.waitForEvent('download'), content.getByRole('button', { name: 'Excel (xlsx) herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^wartefrei-auswertung-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(4).getCell(2).value).toBe('Blutabnahme');
    expect(sheet.rowCount).toBeGreaterThan(11);
    await content.getByText('Die Datei wurde heruntergeladen.').waitFor();
  });

  it('the management’s list table leads to one list’s report', async () => {
    await page.goto('/backend/management?tab=lists');
    const row = main(page).getByRole('row', { name: /Blutabnahme/ });
    await row.getByRole('link', { name: 'Auswertung' }).click();
    await main(page).getByText('Auswertung der Liste „Blutabnahme“.').waitFor();
    expect(page.url()).toMatch(/\/backend\/management\/[0-9a-f-]{36}\/reporting/);
    await main(page).getByTestId('figure-drawn').waitFor();
    // The list is fixed by the address: no list filter to pick.
    expect(await main(page).getByRole('textbox', { name: 'Liste' }).count()).toBe(0);
  });

  it('fits a phone, without serious accessibility problems', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await main(page).getByTestId('figure-drawn').waitFor();
    await main(page).locator('[data-chart="chart-waits"] svg').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'reporting-375');
    expect(errors).toEqual([]);
  });

  it('a processor finds "Auswertung" in the menu and sees the lists they work on', async () => {
    const processorPage = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await storeUser(processorPage, await logInByApi(processorPage, DEMO.processor));
    await processorPage.goto('/backend/dashboard');
    await processorPage.getByRole('link', { name: 'Auswertung' }).click();
    await main(processorPage).getByTestId('figure-drawn').waitFor();
    expect(Number((await figure(processorPage, 'drawn'))?.replace(/\D/g, ''))).toBeGreaterThan(100);
    await processorPage.close();
  });
});
