import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { baseURL } from '../support/env.js';
import { field, main } from '../support/locators.js';
import { givenNewPractice } from '../support/practice.js';
import { decodeQr } from '../support/qr.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';

// Second factors in Chromium: a passkey made on the profile with Chromium's virtual
// authenticator (CDP WebAuthn) signs in without a password and is removed again; an
// authenticator app's code, computed here from the key the QR code carries, confirms the TOTP and
// the second step of a password sign-in. Each test has a practice of its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** Browsers refuse an IP address as WebAuthn RP id: the server serves passkeys for `localhost` (modules/auth/relying-party.ts). */
const localhostURL = baseURL.replace('://127.0.0.1', '://localhost');

async function withVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

const card = (page: Page) => main(page).getByRole('region', { name: 'Zweiter Faktor / Anmeldung absichern' });

async function signOut(page: Page, displayName: string): Promise<void> {
  await page.getByRole('button', { name: `Benutzermenü: ${displayName}` }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await page.waitForURL('**/login');
}

describe('passkeys', () => {
  it('are made on the profile, sign in without a password, and are removed with the password', async () => {
    const page = await newPage(browser, { baseURL: localhostURL });
    const errors = collectBrowserErrors(page);
    await withVirtualAuthenticator(page);
    const { owner, mail, password } = await givenNewPractice(page, 'passkey');
    await storeUser(page, owner);
    await page.goto('/backend/profile');
    await card(page).getByText('Noch kein zweiter Faktor eingerichtet.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card(page).getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await card(page).getByLabel('Name des Passkeys').fill('Laptop Empfang');
    await card(page).getByRole('button', { name: 'Passkey erstellen' }).click();
    // The first factor brings the recovery codes, shown this once.
    const codes = card(page).getByRole('list', { name: 'Wiederherstellungscodes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'second-factor-recovery-codes');
    await card(page).getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
    await card(page).getByText('Laptop Empfang').waitFor();

    await signOut(page, owner.display_name);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await page.waitForURL(/\/backend\//);

    // With the password, the passkey is the second step.
    await signOut(page, owner.display_name);
    await field(page, 'E-Mail-Adresse').fill(mail);
    await field(page, 'Passwort').fill(password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByRole('button', { name: 'Passkey verwenden' }).click();
    await page.waitForURL(/\/backend\//);

    await page.goto('/backend/profile');
    await card(page)
      .getByText(/Zuletzt verwendet am/)
      .waitFor();
    await card(page).getByRole('button', { name: 'Laptop Empfang umbenennen' }).click();
    const renaming = page.getByRole('dialog', { name: 'Laptop Empfang umbenennen' });
    await renaming.getByLabel(/^Name/).fill('Laptop Anmeldung');
    await renaming.getByRole('button', { name: 'Umbenennen' }).click();
    await renaming.waitFor({ state: 'hidden' });
    await card(page).getByText('Laptop Anmeldung').waitFor();
    await card(page).getByRole('button', { name: 'Laptop Anmeldung entfernen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Laptop Anmeldung entfernen?' });
    await dialog.getByLabel(/^Passwort/).fill('falsches-passwort');
    await dialog.getByRole('button', { name: 'Entfernen' }).click();
    await dialog.getByText('Das aktuelle Passwort ist nicht korrekt').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel(/^Passwort/).fill(password);
    await dialog.getByRole('button', { name: 'Entfernen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card(page).getByText('Noch kein zweiter Faktor eingerichtet.').waitFor();
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await page.context().close();
  });
});

describe('an authenticator app (TOTP)', () => {
  it('is added with its QR code and asked for at the next sign-in', async () => {
    const page = await newPage(browser);
    const { owner, mail, password } = await givenNewPractice(page, 'totp');
    await storeUser(page, owner);
    await page.goto('/backend/profile');
    await card(page).getByRole('button', { name: 'Authenticator-App hinzufügen' }).click();
    const qr = card(page).getByRole('img', { name: 'QR-Code für die Authenticator-App' });
    await qr.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const uri = await decodeQr(page, 'svg[aria-label="QR-Code für die Authenticator-App"]');
    const secret = new URL(uri!).searchParams.get('secret')!;
    expect((await card(page).getByTestId('totp-secret').innerText()).replace(/\s+/g, '')).toBe(secret);
    const codeAt = (at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

    const enrolledAt = Date.now();
    await card(page).getByLabel('Code aus der App').fill(codeAt(enrolledAt));
    await card(page).getByRole('button', { name: 'Bestätigen' }).click();
    await card(page).getByRole('list', { name: 'Wiederherstellungscodes' }).waitFor();
    await card(page).getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
    await card(page).getByText('Authenticator', { exact: true }).waitFor();

    await signOut(page, owner.display_name);
    await field(page, 'E-Mail-Adresse').fill(mail);
    await field(page, 'Passwort').fill(password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const code = page.getByLabel('Code aus der App');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await page.getByRole('button', { name: 'Wiederherstellungscode verwenden' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'second-factor-login');
    // The enrolment took the current step's code: the next step's (inside the window) signs in.
    await code.fill(codeAt(enrolledAt + 30_000));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.waitForURL(/\/backend\//);
    await page.context().close();
  });
});

describe('a practice that requires a second factor', () => {
  it('holds a member at the setup until one is active; a recovery code signs in on the first-load page', async () => {
    const page = await newPage(browser);
    const { owner, mail, password } = await givenNewPractice(page, 'required');
    await storeUser(page, owner);
    await page.goto('/backend/management?tab=general');
    const requirement = page.getByRole('switch', { name: 'Zweiten Faktor für alle verlangen' });
    await requirement.waitFor({ state: 'attached' });
    expect(await requirement.isChecked()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByText('Zweiten Faktor für alle verlangen', { exact: true }).click();

    // The admin signed in by password alone: now the setup screen, and nothing else.
    await main(page).getByRole('heading', { name: 'Anmeldung absichern', exact: true }).waitFor();
    await main(page).getByText('Ihre Praxis verlangt einen zweiten Faktor.', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'second-factor-setup-required');
    await page.goto('/backend/dashboard');
    await main(page).getByRole('heading', { name: 'Anmeldung absichern', exact: true }).waitFor();

    await card(page).getByRole('button', { name: 'Authenticator-App hinzufügen' }).click();
    const secret = (await card(page).getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    await card(page)
      .getByLabel('Code aus der App')
      .fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
    await card(page).getByRole('button', { name: 'Bestätigen' }).click();
    const codeList = card(page).getByRole('list', { name: 'Wiederherstellungscodes' });
    await codeList.waitFor();
    const codes = await codeList.getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    await card(page).getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
    await main(page).getByRole('heading', { name: 'Anmeldung absichern', exact: true }).waitFor({ state: 'detached' });

    // A first visit's sign-in page (the light one): password, then a recovery code.
    const fresh = await newPage(browser);
    await fresh.goto('/login');
    await field(fresh, 'E-Mail-Adresse').fill(mail);
    await field(fresh, 'Passwort').fill(password);
    await fresh.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await fresh.getByRole('button', { name: 'Wiederherstellungscode verwenden' }).click();
    await fresh.getByLabel('Wiederherstellungscode').fill(codes[0]!.trim());
    expect(await seriousA11yViolations(fresh)).toEqual([]);
    await fresh.getByRole('button', { name: 'Bestätigen' }).click();
    await fresh.waitForURL(/\/backend\//);
    await fresh.context().close();
    await page.context().close();
  });
});
