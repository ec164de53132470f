import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { main } from '../support/locators.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { demoAdmin, openDemoQueue, type Staff } from '../support/staff.js';

// What the law asks the service to show: the privacy notice, the terms and the legal notice,
// linked from every page's footer and the patient pages; the processing agreement in billing.
let browser: Browser;
let page: Page;
let errors: string[];
let admin: Staff;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  errors = collectBrowserErrors(page);
  admin = await demoAdmin(browser);
});
afterAll(async () => {
  await browser.close();
});

describe('legal pages', () => {
  it.each([
    ['/datenschutz', 'Datenschutzerklärung', 'Wie lange'],
    ['/privacy', 'Datenschutzerklärung', 'Was jeder Bildschirm erfasst und wozu'],
    ['/agb', 'Allgemeine Geschäftsbedingungen', '5. Datenschutz'],
    ['/terms', 'Allgemeine Geschäftsbedingungen', '1. Geltungsbereich'],
    ['/impressum', 'Impressum', undefined],
    ['/legal-notice', 'Impressum', undefined],
  ])('%s shows %s without serious accessibility problems', async (path, title, section) => {
    await page.goto(path);
    await main(page).getByRole('heading', { level: 1, name: title }).waitFor();
    if (section) await main(page).getByRole('heading', { level: 2, name: section }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('the privacy notice fills in the retention period; the legal notice says the operator is missing', async () => {
    await page.goto('/datenschutz');
    await main(page)
      .getByText(/voreingestellt sind 30 Tage/)
      .waitFor();
    await saveScreenshot(page, 'privacy-1280');
    await page.goto('/impressum');
    await main(page).getByText('Der Betreiber dieses Servers hat seine Angaben noch nicht eingerichtet.').waitFor();
  });

  it('every page links them in its footer, the patient pages too', async () => {
    await page.goto('/pricing');
    const footer = page.getByRole('navigation', { name: 'Rechtliches und Links' });
    await footer.getByRole('link', { name: 'Datenschutz' }).click();
    await page.waitForURL(/\/datenschutz$/);
    await page.getByRole('navigation', { name: 'Rechtliches und Links' }).getByRole('link', { name: 'Impressum' }).waitFor();

    const queue = await openDemoQueue(admin, 'allgemein');
    await page.goto(`/queue/${queue.id}`);
    const legal = page.getByRole('navigation', { name: 'Rechtliches' });
    expect(await legal.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe('/datenschutz');
    expect(await legal.getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('/impressum');
  });

  it('admins are warned about the missing legal notice and get the processing agreement in billing', async () => {
    await storeUser(page, admin.user);
    await page.goto('/backend/dashboard');
    await main(page)
      .getByText(/Das Impressum ist noch leer/)
      .waitFor();
    await page.goto('/backend/management?tab=billing');
    const section = main(page).getByRole('region', { name: 'Auftragsverarbeitung' });
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Vertrag herunterladen (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe('wartefrei-auftragsverarbeitung-praxis-demo.pdf');
    const pdf = await PDFDocument.load(fs.readFileSync(await download.path()));
    expect(pdf.getTitle()).toBe('Vertrag über die Auftragsverarbeitung (Art. 28 DSGVO)');
    expect(errors).toEqual([]);
  });
});
