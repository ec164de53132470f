import type { LoggedUser, Processor, Profile, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { baseURL } from '../support/env.js';
import { linkIn, waitForMail } from '../support/mail.js';
import { givenNewPractice } from '../support/practice.js';
import { declineTutorial, logInByApi, storeUser } from '../support/session.js';
import { callAs, demoAdmin } from '../support/staff.js';

// A list's management sections by their own address (/backend/management/:queueId/:subMenu),
// and the processor view configuration: in a practice of its own, since it changes what a
// processor's work view shows.
let browser: Browser;
let page: Page;
let errors: string[];
let owner: LoggedUser;
let labor: Queue;
let allgemein: Queue;
let zweigstelle: Profile;

const call = <T>(method: string, url: string, data?: unknown): Promise<T> => callAs<T>(page, owner, method, url, data);
const selectedTab = (name: string) => page.getByRole('tab', { name, selected: true });

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  errors = collectBrowserErrors(page);
  ({ owner } = await givenNewPractice(page, 'ansicht'));
  const haupt = await call<Profile>('POST', '/profiles', { name: 'Hauptstandort', identifier: 'haupt' });
  zweigstelle = await call<Profile>('POST', '/profiles', { name: 'Zweigstelle', identifier: 'zweig' });
  allgemein = await call<Queue>('POST', '/queues', { profile_id: haupt.id, name: 'Allgemein', identifier: 'allgemein' });
  // The deep links name the second location's list: the tabs' first list would be the wrong one.
  labor = await call<Queue>('POST', '/queues', { profile_id: zweigstelle.id, name: 'Labor', identifier: 'labor' });
  await storeUser(page, owner);
}, 60_000);
afterAll(async () => {
  await browser.close();
});

/** Opens the address, checks what it shows, reloads and checks again. */
async function openAndReload(path: string, check: () => Promise<void>) {
  await page.goto(path);
  await check();
  await page.reload();
  await check();
  expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
}

describe('deep links into a list’s management', () => {
  it('open each section for that list and survive a reload', async () => {
    const base = `/backend/management/${labor.id}`;
    await openAndReload(`${base}/general`, async () => {
      await page.getByRole('dialog', { name: 'Warteliste Labor bearbeiten' }).waitFor();
    });
    await page.keyboard.press('Escape');
    await openAndReload(`${base}/schedule`, async () => {
      await selectedTab('Zeitplan').waitFor();
      await expect.poll(() => page.getByLabel('Warteliste', { exact: true }).inputValue()).toBe(labor.id);
    });
    await openAndReload(`${base}/probing`, async () => {
      await selectedTab('Fragebogen').waitFor();
      await expect.poll(() => page.getByLabel('Standort', { exact: true }).inputValue()).toBe(zweigstelle.id);
    });
    await openAndReload(`${base}/processors`, async () => {
      await selectedTab('Bearbeiter').waitFor();
      await page.locator(`[data-queue="${labor.id}"]`).waitFor();
      expect(await page.locator(`[data-queue="${allgemein.id}"]`).count()).toBe(0);
    });
    for (const subMenu of ['viewConfiguration', 'view-configuration']) {
      await openAndReload(`${base}/${subMenu}`, async () => {
        await selectedTab('Bearbeiteransicht').waitFor();
        await expect.poll(() => page.getByLabel('Warteliste', { exact: true }).inputValue()).toBe(labor.id);
      });
    }
    await openAndReload(`${base}/rollout`, async () => {
      await page.getByRole('heading', { level: 1, name: 'Rollout: Labor' }).waitFor();
    });
    await openAndReload(`${base}/reporting`, async () => {
      await page.getByRole('heading', { level: 1, name: 'Auswertung' }).waitFor();
    });
    // The old addresses keep working.
    await page.goto('/backend/management?tab=monitors');
    await selectedTab('Monitore').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('leads from the lists tab to the sections, and a list id that is unknown or another practice’s to not found', async () => {
    await page.goto('/backend/management?tab=lists');
    await page.locator(`[data-queue="${labor.id}"]`).getByRole('link', { name: 'Zeitplan' }).click();
    await page.waitForURL((url) => url.pathname === `/backend/management/${labor.id}/schedule`);
    await selectedTab('Zeitplan').waitFor();
    // Another list from the picker is that list's address.
    await page.getByLabel('Warteliste', { exact: true }).selectOption(allgemein.id);
    await page.waitForURL((url) => url.pathname === `/backend/management/${allgemein.id}/schedule`);

    await page.goto('/backend/management/00000000-0000-4000-8000-000000000000/schedule');
    await page.waitForURL((url) => url.pathname === '/404');
    const demo = await demoAdmin(browser);
    const foreign = (await demo.call<Queue[]>('GET', '/queues', undefined, 200))[0]!;
    await page.goto(`/backend/management/${foreign.id}/general`);
    await page.waitForURL((url) => url.pathname === '/404');
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
    // The two lists asked for answered 404, as they must; the browser logs that, nothing else.
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    errors.length = 0;
  }, 60_000);
});

describe('processor view configuration', () => {
  it('hides a column from processors only, set in its own section', async () => {
    // A processor of the list, signed in with the password set from the invitation mail.
    const username = `bearbeiter-${Date.now().toString(36)}@praxis.example`;
    const processor = await call<Processor>('POST', '/processors', { username, display_name: 'Bea Bearbeiter' });
    await call('PUT', `/queues/${labor.id}/processors/${processor.id}`);
    const token = linkIn(await waitForMail(username), `${baseURL}/passwordReset/`)
      .split('/')
      .pop()!;
    const password = 'bearbeiter-passwort';
    expect((await page.request.post(`/password-reset/${token}`, { data: { password, password_repeat: password } })).status()).toBe(204);
    await call('POST', `/queues/${labor.id}/session`, { event: 'START' });
    await call('POST', `/queues/${labor.id}/members`, { origin: 'MANUAL' });

    await page.goto(`/backend/management/${labor.id}/viewConfiguration`);
    await page.getByText('keine Berechtigung', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const columns = page.locator('[data-part="columns"]');
    const originForProcessors = columns.getByRole('checkbox', { name: 'Herkunft für Bearbeiter anzeigen' });
    await originForProcessors.uncheck();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('status').filter({ hasText: 'Gespeichert' }).waitFor();
    const stored = await call<Queue>('GET', `/queues/${labor.id}`);
    expect(stored.view_configuration.processor.columns.origin).toBe(false);
    expect(stored.view_configuration.admin.columns.origin).toBe(true);
    await page.reload();
    expect(await page.locator('[data-part="columns"]').getByRole('checkbox', { name: 'Herkunft für Bearbeiter anzeigen' }).isChecked()).toBe(false);

    // The processor's work view lacks the column; the admin's still has it.
    const desk = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const deskErrors = collectBrowserErrors(desk);
    await storeUser(desk, await declineTutorial(desk, await logInByApi(desk, { username, password })));
    await desk.goto(`/backend/processor/${labor.id}`);
    await desk.getByRole('row', { name: 'Ticket Nr. 1', exact: true }).waitFor();
    await desk.getByRole('columnheader', { name: 'Wartezeit' }).waitFor();
    expect(await desk.getByRole('columnheader', { name: 'Herkunft' }).count()).toBe(0);
    await page.goto(`/backend/processor/${labor.id}`);
    await page.getByRole('columnheader', { name: 'Herkunft' }).waitFor();
    expect(deskErrors).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
