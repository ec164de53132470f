import type { LoggedUser } from '@wartefrei/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { field, main } from '../support/locators.js';
import { givenNewPractice } from '../support/practice.js';
import { saveScreenshot } from '../support/screenshots.js';
import { basic, logInByApi, storeUser } from '../support/session.js';

/*
 * "Sitzungen" on /backend/profile (issue 41 §3): two browsers signed in as the same person; the
 * first sees both and ends the other, whose token and renewal cookie stop at once. The second
 * signs in through the form with "Angemeldet bleiben": its renewal key is an HttpOnly cookie,
 * not in localStorage. A practice of its own: the demo's sessions are every spec's.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the sessions card', () => {
  it('lists this device and another, ends the other, then every other', async () => {
    const here = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const errors = collectBrowserErrors(here);
    const { owner, mail, password } = await givenNewPractice(here, 'sitzungen');

    const there = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await there.goto('/login');
    await field(there, 'E-Mail-Adresse').fill(mail);
    await field(there, 'Passwort').fill(password);
    await main(there).getByRole('checkbox', { name: 'Angemeldet bleiben' }).check();
    await main(there).getByRole('button', { name: 'Anmelden', exact: true }).click();
    await there.waitForURL((url) => url.pathname.startsWith('/backend/'));
    const stored = JSON.parse((await there.evaluate(() => localStorage.getItem('user'))) ?? '{}') as LoggedUser;
    expect(stored.renewal_cookie).toBe(true);
    expect(stored.renewal_token).toBeUndefined();
    const cookie = (await there.context().cookies()).find((c) => c.name === 'wartefrei-renewal');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/renew' });
    // Page scripts do not see it.
    expect(await there.evaluate(() => document.cookie)).not.toContain('wartefrei-renewal');

    await storeUser(here, owner);
    await here.goto('/backend/profile');
    const card = main(here).getByRole('region', { name: 'Sitzungen' });
    await card.getByText('Dieses Gerät').waitFor();
    expect(await card.getByRole('listitem').count()).toBe(2);
    expect(await card.getByText('Chrome · Linux').count()).toBe(2);
    expect(await seriousA11yViolations(here)).toEqual([]);
    await saveScreenshot(here, 'sessions-card');

    await card.getByRole('button', { name: /zuletzt genutzt .*, abmelden$/ }).click();
    const dialog = here.getByRole('dialog', { name: 'Gerät abmelden?' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(here)).toEqual([]);
    await dialog.getByRole('button', { name: 'Abmelden', exact: true }).click();
    await card.getByText('Sie sind auf keinem anderen Gerät angemeldet.').waitFor();
    expect(await card.getByRole('listitem').count()).toBe(1);

    // The other browser's token and renewal cookie stop at once.
    expect((await there.request.get('/auth', { headers: { authorization: basic(stored.id, stored.token) } })).status()).toBe(401);
    expect((await there.request.post('/auth/renew', { headers: { 'x-wartefrei-renewal': 'cookie' } })).status()).toBe(401);
    // This one goes on.
    expect((await here.request.get('/auth', { headers: { authorization: basic(owner.id, owner.token) } })).status()).toBe(200);

    // Two more sign-ins elsewhere, then "Überall sonst abmelden".
    const others = [await logInByApi(there, { username: mail, password }), await logInByApi(there, { username: mail, password })];
    await here.reload();
    await card.getByText('Dieses Gerät').waitFor();
    await expect.poll(() => card.getByRole('listitem').count()).toBe(3);
    await card.getByRole('button', { name: 'Überall sonst abmelden' }).click();
    const everywhere = here.getByRole('dialog', { name: 'Überall sonst abmelden?' });
    await everywhere.getByText('Die 2 anderen Geräte werden sofort abgemeldet').waitFor();
    await everywhere.getByRole('button', { name: 'Überall sonst abmelden' }).click();
    await card.getByText('Sie sind auf keinem anderen Gerät angemeldet.').waitFor();
    for (const other of others) expect((await there.request.get('/auth', { headers: { authorization: basic(other.id, other.token) } })).status()).toBe(401);
    expect((await here.request.get('/auth', { headers: { authorization: basic(owner.id, owner.token) } })).status()).toBe(200);
    expect(errors).toEqual([]);
    await there.context().close();
    await here.context().close();
  });
});
