import type { LoggedUser } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { field, main } from '../support/locators.js';
import { waitForMail } from '../support/mail.js';
import { givenNewPractice } from '../support/practice.js';
import { saveScreenshot } from '../support/screenshots.js';
import { basic, storeUser } from '../support/session.js';

// Billing against the Stripe test server run.mjs starts: a new practice in its trial adds a SEPA
// mandate with the test form, orders a monitor, and downloads the invoice.
let browser: Browser;
let page: Page;
let errors: string[];
let owner: LoggedUser;
let mail: string;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  errors = collectBrowserErrors(page);
  ({ owner, mail } = await givenNewPractice(page, 'abrechnung'));
  await storeUser(page, owner);
});
afterAll(async () => {
  await browser.close();
});

describe('billing', () => {
  it('shows the trial and its price, without serious accessibility problems', async () => {
    await page.goto('/backend/management/billing');
    const content = main(page);
    await content.getByRole('heading', { level: 1, name: 'Abrechnung' }).waitFor();
    await expect.poll(() => content.locator('[data-subscription-state]').textContent()).toBe('Testphase');
    await content.getByText('Noch 14 Tage Testphase').waitFor();
    expect(await content.locator('[data-price="gross"]').textContent()).toBe('106,80\u00a0€');
    await content.getByText('Noch keine Zahlungsmethode hinterlegt.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'billing-trial');
  });

  it('adds a SEPA mandate with the test form: the mandate must be accepted first', async () => {
    const content = main(page);
    await content.getByRole('button', { name: 'Zahlungsmethode hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zahlungsmethode hinzufügen' });
    await dialog.getByText('Testmodus').waitFor();
    await expect.poll(() => dialog.locator('[data-mandate-text]').textContent()).toContain('Ich ermächtige');
    await field(page, 'Kontoinhaber/in').fill('Dr. Berta Beispiel');
    await field(page, 'IBAN').fill('AT61 1904 3002 3457 3202');
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await dialog.getByText('Bitte geben Sie eine gültige IBAN ein').waitFor();
    await dialog.getByText('Bitte bestätigen Sie das Mandat').waitFor();
    await field(page, 'IBAN').fill('AT61 1904 3002 3457 3201');
    await dialog.getByLabel('Ich erteile dieses SEPA-Lastschriftmandat').check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();

    await content.getByText('SEPA-Lastschriftmandat wurde erfolgreich hinzugefügt').waitFor();
    await content
      .locator('[data-payment-method="sepa_debit"]')
      .getByText(/SEPA-Lastschrift AT.*3201 \(Bankleitzahl 19043\)/)
      .waitFor();
    await content.getByText('Standard', { exact: true }).waitFor();
    // Stripe's invoice.paid (0 € during the trial) reached the server by webhook.
    await expect
      .poll(
        async () => {
          await page.reload();
          return main(page).locator('[data-subscription-state]').textContent();
        },
        { timeout: 15_000 },
      )
      .toBe('Bezahlt');
  });

  it('orders a monitor: the price with VAT first, a confirmation, a mail', async () => {
    const content = main(page);
    const devices = content.locator('#devices');
    await devices.getByLabel(/^Straße und Hausnummer/).fill('Hauptstraße 1');
    await devices.getByLabel(/^PLZ/).fill('1010');
    await devices.getByLabel(/^Ort/).fill('Wien');
    expect(await devices.locator('[data-device-total]').textContent()).toBe('Gesamt: 838,80\u00a0€ inkl. USt (699,00\u00a0€ netto + 139,80\u00a0€ USt)');
    await devices.getByRole('button', { name: 'Kostenpflichtig bestellen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bestellung abschicken?' });
    await confirm.getByText('1 Monitor für 838,80\u00a0€ inkl. USt').waitFor();
    await confirm.getByRole('button', { name: 'Kostenpflichtig bestellen' }).click();
    await devices.getByText(/Bestellung Nr\. \d+ ist eingegangen/).waitFor();
    await devices.locator('[data-device-order]').getByText('Bestellt').waitFor();
    const confirmation = await waitForMail(mail, { subject: /^Ihre Bestellung Nr\. \d+$/ });
    expect(confirmation.text).toContain('1 × Monitor à 699,00');
    await saveScreenshot(page, 'billing-ordered');
  });

  it('a third list costs more: the new monthly amount is shown first, and cancelling adds nothing', async () => {
    const call = async (method: string, path: string, data?: unknown) => {
      const res = await page.request.fetch(path, { method, headers: { authorization: basic(owner.id, owner.token) }, ...(data === undefined ? {} : { data }) });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return (await res.json()) as { id: string };
    };
    const location = await call('POST', '/profiles', { name: 'Ordination Abrechnung', identifier: 'ordination' });
    for (const identifier of ['eins', 'zwei']) await call('POST', '/queues', { profile_id: location.id, name: `Liste ${identifier}`, identifier });
    await page.goto('/backend/management?tab=lists');
    const addList = async () => {
      await main(page).getByRole('button', { name: 'Warteliste in Ordination Abrechnung anlegen' }).click();
      const drawer = page.getByRole('dialog', { name: 'Neue Warteliste in Ordination Abrechnung' });
      await field(page, 'Name').fill('Impfungen');
      await drawer.getByRole('button', { name: 'Anlegen' }).click();
      return drawer;
    };
    const drawer = await addList();
    const cost = page.getByRole('dialog', { name: 'Preisänderung bestätigen' });
    await cost.getByText('Damit steigt Ihr monatlicher Preis von 106,80\u00a0€ auf 142,79\u00a0€ inkl. USt').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await cost.getByRole('button', { name: 'Abbrechen' }).click();
    await cost.waitFor({ state: 'detached' });
    // Nothing was added, and the typed name is still there.
    expect(await field(page, 'Name').inputValue()).toBe('Impfungen');
    await drawer.getByRole('button', { name: 'Anlegen' }).click();
    await cost.getByRole('button', { name: 'Kostenpflichtig hinzufügen' }).click();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(async () => (await call('GET', '/billing')) as unknown as { price: { gross_cents: number } }).toMatchObject({ price: { gross_cents: 14_279 } });
  });

  it('downloads the invoice as a PDF whose text names the monitor and the total', async () => {
    await page.goto('/backend/management/billing');
    const row = main(page).locator('[data-invoice]').filter({ hasText: '838,80' });
    await row.waitFor();
    const number = await row.getAttribute('data-invoice');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Rechnung ${number} als PDF herunterladen` }).click()]);
    expect(download.suggestedFilename()).toBe(`rechnung-${number}.pdf`);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain(`Rechnung ${number}`);
    expect(text).toContain('Monitor');
    expect(text).toContain('USt 20 %');
    expect(text).toContain('838,80');
    expect(errors).toEqual([]);
  });
});
