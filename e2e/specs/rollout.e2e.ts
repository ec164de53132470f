import fs from 'node:fs';
import type { Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, newPage } from '../support/browser.js';
import { baseURL } from '../support/env.js';
import { saveScreenshot } from '../support/screenshots.js';
import { DEMO, logInByApi, storeUser } from '../support/session.js';
import { givenOpenDemoQueue } from '../support/staff.js';

// The rollout center: the links a practice hands out, the embed code and the printable poster.
let browser: Browser;
let queue: Queue;

beforeAll(async () => {
  ({ browser, queue } = await givenOpenDemoQueue('allgemein'));
});
afterAll(async () => {
  await browser.close();
});

async function adminPage(): Promise<Page> {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  await storeUser(page, await logInByApi(page, DEMO.admin));
  return page;
}

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('rollout center', () => {
  it('shows the queue links, copies them, writes embed flags, and its public link opens the draw page', async () => {
    const page = await adminPage();
    const errors = collectBrowserErrors(page);
    await page.goto(`/backend/management/${queue.id}/rollout`);
    await page.getByRole('heading', { level: 1, name: 'Rollout: Allgemeinmedizin' }).waitFor();

    const publicLink = page.getByRole('textbox', { name: 'Öffentlicher Link', exact: true });
    expect(await publicLink.inputValue()).toBe(`${baseURL}/praxis-demo/wien/allgemein`);
    expect(await page.getByRole('textbox', { name: 'Kurzlink' }).inputValue()).toBe(`${baseURL}/q/${queue.id}`);
    expect(await page.getByRole('textbox', { name: 'Kiosk-Link', exact: true }).inputValue()).toBe(`${baseURL}/praxis-demo/wien/allgemein/kiosk`);
    expect(await page.getByRole('textbox', { name: 'Sunmi-Kiosk-Link' }).inputValue()).toBe(`${baseURL}/praxis-demo/wien/allgemein/sunmi_kiosk`);
    expect(await page.getByRole('textbox', { name: 'Monitor (Layout 3)' }).inputValue()).toBe(`${baseURL}/praxis-demo/wien/allgemein/monitor3`);
    // The QR code points at the public link until an own address is entered.
    expect(await page.getByTestId('qr-target').innerText()).toBe(`${baseURL}/praxis-demo/wien/allgemein`);
    await page.getByRole('img', { name: `QR-Code für ${baseURL}/praxis-demo/wien/allgemein` }).waitFor();

    await page.getByRole('button', { name: 'Öffentlicher Link kopieren' }).click();
    await page.getByRole('button', { name: 'Öffentlicher Link kopieren' }).filter({ hasText: 'Kopiert' }).waitFor();
    expect(await clipboardText(page)).toBe(`${baseURL}/praxis-demo/wien/allgemein`);

    // Ticking a flag writes it as `=true` into the snippet; the copied snippet is what is shown.
    const snippet = page.getByRole('textbox', { name: 'Einbettungscode' });
    expect(await snippet.inputValue()).toContain(`src="${baseURL}/embed/queue/iframe/${queue.id}"`);
    await page.getByRole('checkbox', { name: 'Aufgerufene Nummern ausblenden' }).check();
    await page.getByRole('checkbox', { name: 'Transparenter Hintergrund' }).check();
    expect(await snippet.inputValue()).toContain(`src="${baseURL}/embed/queue/iframe/${queue.id}?hideCalled=true&amp;transparent=true"`);
    await page.getByRole('button', { name: 'Einbettungscode kopieren' }).click();
    await page.getByRole('button', { name: 'Einbettungscode kopieren' }).filter({ hasText: 'Kopiert' }).waitFor();
    expect(await clipboardText(page)).toBe(await snippet.inputValue());

    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'rollout-1280');
    expect(errors).toEqual([]);

    // The link as a patient would follow it: the draw page of this queue.
    await page.goto(await publicLink.inputValue());
    await page.getByRole('heading', { level: 1, name: 'Allgemeinmedizin' }).waitFor();
    await page.getByRole('button', { name: 'Ticket ziehen' }).waitFor();
    await page.context().close();
  });

  it('downloads the poster as a PDF, with an own address in the QR code when one is given', async () => {
    const page = await adminPage();
    await page.goto(`/backend/management/${queue.id}/rollout`);
    await page.getByRole('heading', { level: 1, name: 'Rollout: Allgemeinmedizin' }).waitFor();

    const download = page.getByRole('button', { name: 'Plakat als PDF herunterladen' });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('plakat-allgemein.pdf');
    const bytes = fs.readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // An incomplete own address is refused in German, and the poster waits for a valid one.
    const custom = page.getByRole('textbox', { name: 'Eigene Adresse (optional)' });
    await custom.fill('praxis.example');
    await page.getByText('Bitte geben Sie eine vollständige Adresse ein').waitFor();
    expect(await download.isDisabled()).toBe(true);
    await custom.fill('https://praxis.example/termine');
    expect(await page.getByTestId('qr-target').innerText()).toBe('https://praxis.example/termine');
    expect(await download.isDisabled()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('says when the queue does not exist', async () => {
    const page = await adminPage();
    await page.goto('/backend/management/00000000-0000-4000-8000-000000000000/rollout');
    await page.getByRole('heading', { level: 1, name: 'Warteliste nicht gefunden' }).waitFor();
    await page.getByRole('link', { name: 'Zur Verwaltung' }).waitFor();
    await page.context().close();
  });
});
