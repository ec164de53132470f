import sharp from 'sharp';
import type { Account, LoggedUser, Profile, Queue, TicketView } from '@wartefrei/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { callAs, linkKey } from '../support/staff.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { givenNewPractice } from '../support/practice.js';
import { saveScreenshot, screenshotsDir } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';

// The practice's logo: uploaded in the management, then on the ticket page and the kiosk's
// printed ticket. In a practice of its own, so the demo practice's screens stay as they are.
let browser: Browser;
let page: Page;
let errors: string[];
let owner: LoggedUser;
let identifier: string;
let queue: Queue;

const call = <T>(method: string, url: string, data?: unknown): Promise<T> => callAs<T>(page, owner, method, url, data);

/** Whether the image has loaded and decoded: a broken or blocked image has no natural width. */
const loaded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  errors = collectBrowserErrors(page);
  let mail: string;
  ({ owner, mail } = await givenNewPractice(page, 'logo'));
  identifier = mail.split('@')[0]!;
  const haupt = await call<Profile>('POST', '/profiles', { name: 'Hauptstandort', identifier: 'haupt', kiosk_printing: 'BROWSER' });
  const none = { display_name: 'NONE', first_name: 'NONE', birth_date: 'NONE', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' };
  queue = await call<Queue>('POST', '/queues', { profile_id: haupt.id, name: 'Allgemein', identifier: 'allgemein', kiosk_enabled: true, patient_inputs: none });
  await call('POST', `/queues/${queue.id}/session`, { event: 'START' });
  await storeUser(page, owner);
}, 60_000);
afterAll(async () => {
  await browser.close();
});

describe('the practice logo', () => {
  it('is uploaded in the management with a preview, refused when it is no image, and removed after asking', async () => {
    await page.goto('/backend/management?tab=general');
    const section = page.getByRole('region', { name: 'Logo' });
    await section.getByText('Noch kein Logo hochgeladen.').waitFor();
    const input = section.locator('input[type="file"]');

    await input.setInputFiles({ name: 'notizen.txt', mimeType: 'text/plain', buffer: Buffer.from('kein Bild') });
    await section.getByRole('alert').filter({ hasText: 'Falscher Dateityp' }).waitFor();

    const png = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#1c6e8c' } })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    const preview = section.getByRole('img', { name: 'Logo der Praxis' });
    await preview.waitFor();
    await expect.poll(() => loaded(preview)).toBe(true);
    await section.getByRole('status').filter({ hasText: 'Gespeichert' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'management-logo-1280');
    const account = await call<Account>('GET', `/accounts/${owner.account_id}`);
    expect(account.logo_url).toMatch(/^\/images\/[0-9a-f-]{36}\/[0-9a-f]{64}\.png$/);

    // Removing asks first; cancelling keeps the logo.
    await section.getByRole('button', { name: 'Logo entfernen' }).click();
    await page.getByRole('dialog', { name: 'Logo entfernen?' }).getByRole('button', { name: 'Abbrechen' }).click();
    await preview.waitFor();
    await section.getByRole('button', { name: 'Logo entfernen' }).click();
    await page.getByRole('dialog', { name: 'Logo entfernen?' }).getByRole('button', { name: 'Logo entfernen' }).click();
    await section.getByText('Noch kein Logo hochgeladen.').waitFor();
    expect((await call<Account>('GET', `/accounts/${owner.account_id}`)).logo_url).toBeNull();

    // Uploaded again for the patients' screens below.
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => loaded(preview)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows on the ticket page and on the kiosk’s printed ticket', async () => {
    const phone = await newPage(browser, { viewport: { width: 375, height: 667 }, isMobile: true });
    const drawn = await phone.request.post(`/queues/${queue.id}/members`, { data: { origin: 'ONLINE' } });
    expect(drawn.status(), await drawn.text()).toBe(201);
    await phone.goto(`/t/${linkKey((await drawn.json()) as TicketView)}`);
    await phone.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    const onTicket = phone.getByTestId('practice-logo');
    await expect.poll(() => loaded(onTicket)).toBe(true);
    // Above the list's name: the list's ticket logo position is "top" (the default).
    expect(await phone.locator('.practice-logo + .ticket-queue').count()).toBe(1);
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await saveScreenshot(phone, 'ticket-logo-375');
    await phone.context().close();

    const kiosk = await newPage(browser, { viewport: { width: 1280, height: 800 }, hasTouch: true });
    await kiosk.addInitScript(() => {
      window.print = () => undefined;
    });
    await kiosk.goto(`/${identifier}/haupt/kiosk`);
    await kiosk.getByRole('heading', { level: 1, name: 'Allgemein' }).waitFor();
    await expect.poll(() => loaded(kiosk.locator('.kiosk-queues').locator('xpath=..').getByTestId('practice-logo').first())).toBe(true);
    expect(await seriousA11yViolations(kiosk)).toEqual([]);
    await kiosk.getByRole('button', { name: 'Ticket ziehen' }).click();
    await kiosk.locator('.kiosk-number').waitFor();
    await kiosk.emulateMedia({ media: 'print' });
    const paperLogo = kiosk.locator('.kiosk-print').getByTestId('practice-logo');
    expect(await paperLogo.isVisible()).toBe(true);
    await expect.poll(() => loaded(paperLogo)).toBe(true);
    await kiosk.locator('.kiosk-print').screenshot({ path: `${screenshotsDir}kiosk-paper-ticket-logo.png` });
    await kiosk.emulateMedia({ media: 'screen' });
    await kiosk.context().close();
  });
});
