import type { InfoTag, LoggedUser, Processor, Profile, Queue, TicketView } from '@wartefrei/shared';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { field, main } from '../support/locators.js';
import { waitForMail } from '../support/mail.js';
import { givenNewPractice } from '../support/practice.js';
import { saveScreenshot } from '../support/screenshots.js';
import { basic, storeUser } from '../support/session.js';

// Smaller promises of docs/product.md a new practice meets in its first week (issue 40, point 11):
// the login asks to sign in first, an export renews an expired session, a silent call is yellow,
// info tags show their colour, the practice's link offers its locations, the list form explains
// why max concurrent processing is locked, and an admin sends an invitation again. In a practice
// of its own: it opens lists and tags tickets.
let browser: Browser;
let admin: Page;
let owner: LoggedUser;
let mail: string;
let password: string;
let account: string;
let queue: Queue;
let tag: InfoTag;

const call = async <T>(method: string, url: string, data?: unknown): Promise<T> => {
  const response = await admin.request.fetch(url, { method, headers: { authorization: basic(owner.id, owner.token) }, ...(data === undefined ? {} : { data }) });
  if (response.status() >= 300) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
};

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  ({ owner, mail, password } = await givenNewPractice(admin, 'kleinigkeiten'));
  account = mail.split('@')[0]!;
  const haupt = await call<Profile>('POST', '/profiles', { name: 'Hauptstandort', identifier: 'haupt' });
  await call<Profile>('POST', '/profiles', { name: 'Zweigstelle', identifier: 'zweig' });
  queue = await call<Queue>('POST', '/queues', { profile_id: haupt.id, name: 'Allgemein', identifier: 'allgemein', is_default: true });
  await call('PUT', `/queues/${queue.id}/processors/${owner.id}`, { active: true });
  await call('POST', `/queues/${queue.id}/session`, { event: 'START' });
  tag = await call<InfoTag>('POST', '/info-tags', { name: 'Labor', color: '#E03131' });
  await storeUser(admin, owner);
}, 60_000);
afterAll(async () => {
  await browser.close();
});

describe('a signed-out visitor of a staff page', () => {
  it('is asked to sign in first, and signed in lands on that page', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const errors = collectBrowserErrors(page);
    await page.goto('/backend/reporting');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('required') === '1' && url.searchParams.get('next') === '/backend/reporting');
    await main(page).getByText('Bitte melden Sie sich zuerst an.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'small-audit-login-first');

    await field(page, 'E-Mail-Adresse').fill(mail);
    await field(page, 'Passwort').fill(password);
    await main(page).getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/backend/reporting');
    await main(page).getByRole('heading', { level: 1, name: 'Auswertung' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('an export after the session expired', () => {
  it('renews the session with its renewal cookie and downloads, like every other call', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const errors = collectBrowserErrors(page);
    const login = await page.request.post('/auth/login?ttl=6&stay=cookie', { headers: { authorization: basic(mail, password) } });
    const user = (await login.json()) as LoggedUser;
    expect(user.renewal_cookie).toBe(true);
    // The screen believes the token good for an hour: no timer of the frame renews it first, so
    // the export is the call that meets the expired token.
    await storeUser(page, { ...user, token_valid_until: new Date(Date.now() + 3600_000).toISOString() });
    await page.goto('/backend/reporting');
    const content = main(page);
    await content.getByRole('heading', { name: 'Patientenanalyse' }).waitFor();
    const csv = content.getByRole('button', { name: 'CSV herunterladen' });
    await csv.waitFor();

    // The server's side of the token's end, asked outside the page.
    await expect
      .poll(async () => (await page.request.get('/auth', { headers: { authorization: basic(user.id, user.token) } })).status(), { timeout: 20_000, interval: 500 })
      .toBe(440);
    const storedToken = async () => (JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as Partial<LoggedUser>).token;
    expect(await storedToken()).toBe(user.token);

    const exports: number[] = [];
    const record = (response: Response) => {
      if (new URL(response.url()).pathname === '/reports/members/export') exports.push(response.status());
    };
    page.on('response', record);
    const renewal = page.waitForRequest((request) => new URL(request.url()).pathname === '/auth/renew');
    const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
    await renewal;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await content.getByText('Die Datei wurde heruntergeladen.').waitFor();
    expect(exports).toEqual([440, 200]);
    expect(await storedToken()).not.toBe(user.token);
    expect(await page.getByRole('dialog', { name: 'Sitzung abgelaufen' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'small-audit-export-renewed');
    page.off('response', record);
    // The browser logs the one 440 that the renewal answers; nothing else may fail.
    expect(errors.filter((error) => !error.includes('status of 440'))).toEqual([]);
    await page.context().close();
  });
});

describe('the work view', () => {
  it('shows a silently called ticket yellow and its info tag in the tag colour', async () => {
    const errors = collectBrowserErrors(admin);
    const drawn = await admin.request.post(`/queues/${queue.id}/members`, { data: { origin: 'ONLINE' } });
    const ticket = (await drawn.json()) as TicketView;
    await call('POST', `/members/${ticket.id}/info-tags`, { info_tag_id: tag.id });
    await admin.goto(`/backend/processor/${queue.id}`);
    const row = admin.getByRole('row', { name: `Ticket Nr. ${ticket.number}`, exact: true });
    await row.waitFor();
    const badge = row.locator(`[data-tag-color="${tag.color}"]`);
    await badge.waitFor();
    expect(await badge.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(224, 49, 49)');

    await admin.getByRole('button', { name: `Weitere Aktionen für Nr. ${ticket.number}` }).click();
    await admin.getByRole('menuitem', { name: 'Still aufrufen' }).click();
    await expect.poll(() => row.getAttribute('data-silent')).toBe('true');
    expect(await row.getAttribute('data-status')).toBe('processing');
    // Mantine's yellow[1] (#fff3bf); a public call stays blue[0].
    expect(await row.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 243, 191)');
    await row.getByText('still aufgerufen').waitFor();
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await saveScreenshot(admin, 'small-audit-silent-row');
    expect(errors).toEqual([]);
  });
});

describe('the management', () => {
  it('explains why max concurrent processing is locked while the list is open', async () => {
    await admin.goto(`/backend/management/${queue.id}/general`);
    const dialog = admin.getByRole('dialog', { name: 'Warteliste Allgemein bearbeiten' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Nummern und Zeiten' }).click();
    const input = dialog.getByRole('textbox', { name: 'Maximale gleichzeitige Bearbeitungen' });
    expect(await input.isDisabled()).toBe(true);
    await input.scrollIntoViewIfNeeded();
    await dialog.getByText('Die Warteliste ist geöffnet: Diesen Wert können Sie erst ändern, wenn sie geschlossen ist').waitFor();
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await saveScreenshot(admin, 'small-audit-max-concurrent-locked');
  });

  it('sends an invitation again to a processor who has not accepted it', async () => {
    const invited = await call<Processor>('POST', '/processors', { username: `${account}-neu@praxis.example`, display_name: 'Pfleger Jan' });
    await waitForMail(invited.username);
    await admin.goto('/backend/management?tab=processors');
    await admin.getByRole('tab', { name: 'Bearbeiter', selected: true }).waitFor();
    await main(admin).getByText('Einladung offen').waitFor();
    await main(admin).getByRole('button', { name: 'Einladung erneut senden: Pfleger Jan' }).click();
    await main(admin)
      .getByRole('status')
      .filter({ hasText: `Einladung an ${invited.username} gesendet.` })
      .waitFor();
    // The owner has signed in: for them the reset link is offered — but not to themselves.
    expect(
      await main(admin)
        .getByRole('button', { name: /^Passwort-Link senden/ })
        .count(),
    ).toBe(0);
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await saveScreenshot(admin, 'small-audit-processor-mails');
  });
});

describe('the practice link /{account}', () => {
  it('offers the locations of a practice with several, each leading to its own link', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
    const errors = collectBrowserErrors(page);
    await page.goto(`/${account}`);
    await page.getByRole('heading', { level: 1, name: 'Bitte wählen Sie einen Standort' }).waitFor();
    const links = page.getByRole('link', { name: /Hauptstandort|Zweigstelle/ });
    expect(await links.allInnerTexts()).toEqual(['Hauptstandort', 'Zweigstelle']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'small-audit-account-locations');
    await page.getByRole('link', { name: 'Hauptstandort' }).click();
    await page.waitForURL((url) => url.pathname === `/${account}/haupt`);
    await page.getByRole('heading', { level: 1, name: 'Allgemein' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
