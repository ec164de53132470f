import {
  exportPublicKey,
  fingerprint,
  generateKeyPair,
  openGrant,
  publicKeyOf,
  unwrapWithPassphrase,
  wrapWithPassphrase,
  type EncryptionState,
  type LoggedUser,
} from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { baseURL } from '../support/env.js';
import { linkIn, waitForMail } from '../support/mail.js';
import { givenNewPractice } from '../support/practice.js';
import { basic, declineTutorial, logInByApi, storeUser } from '../support/session.js';

// The key-substitution attack of issue 41, replayed: with a stolen session of processor P, an
// attacker replaces P's key and asks for the practice key. The admin's browser computes the
// fingerprint of the key it would wrap for — the attacker's, not P's — and says the key was
// replaced minutes ago; P gets a mail, and P's old passphrase no longer opens "their" key.
// Switching on and recovering grant the practice key to the key derived from the admin's own.
let browser: Browser;
let page: Page;
let errors: string[];
let owner: LoggedUser;
let adminPassphrase: string;
let recoveryCode: string;
const processorPassphrase = 'Pauls eigene lange Passphrase';

const as = (user: LoggedUser) => ({ authorization: basic(user.id, user.token) });
const stateOf = async (user: LoggedUser) => (await (await page.request.get('/encryption', { headers: as(user) })).json()) as EncryptionState;
const passphraseField = (p: Page) => p.getByLabel(/^Passphrase\s*\*?$/);

/** What only the owner of the passphrase can do: open the served grant with the key derived from their own private key. */
async function grantOpensFor(user: LoggedUser, passphrase: string): Promise<boolean> {
  const state = await stateOf(user);
  const own = await unwrapWithPassphrase(state.my_key!.wrapped_private_key, passphrase);
  expect(state.my_access?.wrapped_account_key).toMatch(/^wf2k\./);
  const practiceKey = await openGrant(state.my_access!.wrapped_account_key!, own, { keyId: state.key_id!, userId: user.id });
  return (await publicKeyOf(practiceKey)) === state.public_key;
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  errors = collectBrowserErrors(page);
  ({ owner } = await givenNewPractice(page, 'schluessel'));
  await storeUser(page, owner);
}, 60_000);
afterAll(async () => {
  await browser.close();
});

describe('the key exchange a stolen session cannot fool', () => {
  it('the passphrase has its own field, a strength estimate and can be generated', async () => {
    await page.goto('/backend/encryption');
    await page.getByRole('heading', { level: 1, name: 'Sicherheit' }).waitFor();
    // A hidden username of its own, so password managers neither offer nor overwrite the login password.
    expect(await page.locator('input[autocomplete="username"]').first().inputValue()).toBe(`wartefrei-passphrase:${owner.username}`);
    expect(await passphraseField(page).getAttribute('autocomplete')).toBe('new-password');

    await passphraseField(page).fill('passwort12345');
    await page.getByText('Stärke: schwach').waitFor({ timeout: 30_000 });
    await page.getByLabel(/^Passphrase wiederholen/).fill('passwort12345');
    await page.getByRole('button', { name: 'Schlüssel anlegen', exact: true }).click();
    await page.getByText('Diese Passphrase ist zu leicht zu erraten.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Passphrase erzeugen' }).click();
    await page.getByTestId('generated-passphrase').waitFor();
    adminPassphrase = await passphraseField(page).inputValue();
    expect(adminPassphrase).toMatch(/^[a-z]+(-[a-z]+){5}$/);
    expect(await page.getByLabel(/^Passphrase wiederholen/).inputValue()).toBe(adminPassphrase);
    await page.getByText('Stärke: stark').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Schlüssel anlegen', exact: true }).click();
    // Made in this tab: its fingerprint is derived from the private key, not served.
    const shown = (await page.getByTestId('own-fingerprint').textContent({ timeout: 30_000 }))!;
    expect(shown).toBe(await fingerprint((await stateOf(owner)).my_key!.public_key));
    expect(errors).toEqual([]);
  }, 120_000);

  it('switching on asks for the passphrase once the tab forgot the key, and grants the key derived from it', async () => {
    await page.reload();
    await page.getByText('Den Fingerabdruck Ihres Schlüssels zeigt Ihr Browser, sobald Sie ihn', { exact: false }).waitFor();
    expect(await page.getByTestId('own-fingerprint').count()).toBe(0);
    const unlockField = page.getByLabel('Ihre Passphrase', { exact: true });
    expect(await unlockField.getAttribute('autocomplete')).toBe('off');
    await unlockField.fill('nicht meine Passphrase');
    await page.getByRole('button', { name: 'Verschlüsselung einschalten …' }).click();
    await page.getByText('Die Passphrase ist nicht richtig.').waitFor({ timeout: 30_000 });
    await unlockField.fill(adminPassphrase);
    await page.getByRole('button', { name: 'Verschlüsselung einschalten …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ihr Wiederherstellungscode' });
    recoveryCode = (await dialog.getByTestId('recovery-code').textContent({ timeout: 30_000 }))!.trim();
    await dialog.getByLabel('Ich habe den Code ausgedruckt oder sicher notiert').check();
    await dialog.getByRole('button', { name: 'Einschalten' }).click();
    await page.getByText('In diesem Tab entsperrt', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await grantOpensFor(owner, adminPassphrase)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('a stolen session replaces P’s key and asks: the admin sees the attacker’s fingerprint, not P’s, and that the key was just replaced', async () => {
    const username = `paul-${Date.now().toString(36)}@praxis.example`;
    await page.request
      .post('/processors', { headers: as(owner), data: { username, display_name: 'Paul Pfleger' } })
      .then(async (r) => expect(r.status(), await r.text()).toBe(201));
    const token = linkIn(await waitForMail(username), `${baseURL}/passwordReset/`)
      .split('/')
      .pop()!;
    const password = 'pauls-anmeldepasswort';
    expect((await page.request.post(`/password-reset/${token}`, { data: { password, password_repeat: password } })).status()).toBe(204);
    const paul = await declineTutorial(page, await logInByApi(page, { username, password }));

    // P makes their key in their own browser and reads their fingerprint there.
    const desk = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const deskErrors = collectBrowserErrors(desk);
    await storeUser(desk, paul);
    await desk.goto('/backend/encryption');
    await passphraseField(desk).fill(processorPassphrase);
    await desk.getByLabel(/^Passphrase wiederholen/).fill(processorPassphrase);
    await desk.getByRole('button', { name: 'Schlüssel anlegen', exact: true }).click();
    const paulsFingerprint = (await desk.getByTestId('own-fingerprint').textContent({ timeout: 30_000 }))!;

    // The attacker, with P's session token only: a key of their own, then a request with it.
    const attacker = await generateKeyPair();
    const attackerKey = await exportPublicKey(attacker.publicKey);
    const replaced = await page.request.put('/encryption/my-key', {
      headers: as(paul),
      data: { public_key: attackerKey, wrapped_private_key: await wrapWithPassphrase(attacker.privateKey, 'Passphrase des Angreifers') },
    });
    expect(replaced.status()).toBe(200);
    expect((await page.request.post('/encryption/requests', { headers: as(paul) })).status()).toBe(200);

    // P is told by mail, without any secret in it.
    const mail = await waitForMail(username, { subject: /Schlüssel .* ersetzt/ });
    expect(mail.text).toContain('Setzen Sie sofort Ihr Passwort zurück');
    expect(mail.text).not.toContain(attackerKey.slice(0, 40));

    // The admin's browser: the fingerprint it computes is the attacker's key's, which does not match P's.
    await page.goto('/backend/encryption');
    await page.getByLabel(/^Passphrase/).fill(adminPassphrase);
    await page.getByRole('button', { name: 'Entsperren' }).click();
    await page.getByText('In diesem Tab entsperrt', { exact: false }).waitFor({ timeout: 30_000 });
    const row = page.locator(`[data-request-of="${paul.id}"]`);
    const listed = (await row.getByTestId('request-fingerprint').textContent({ timeout: 30_000 }))!;
    expect(listed).toBe(await fingerprint(attackerKey));
    expect(listed).not.toBe(paulsFingerprint);
    expect(await row.getByTestId('key-replaced').textContent()).toMatch(/^Schlüssel vor \d+ Minuten? ersetzt$/);
    await row.getByRole('button', { name: 'Freigeben: Paul Pfleger' }).click();
    const confirm = page.getByRole('dialog', { name: 'Zugang für Paul Pfleger freigeben?' });
    expect(await confirm.getByTestId('approve-fingerprint').textContent()).toBe(listed);
    await confirm.getByText('Der Schlüssel von Paul Pfleger wurde vor', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The fingerprints differ: the admin does not approve, and rejects.
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await row.getByRole('button', { name: 'Ablehnen: Paul Pfleger' }).click();
    await page.getByRole('dialog', { name: 'Anfrage von Paul Pfleger ablehnen?' }).getByRole('button', { name: 'Ablehnen' }).click();
    await page.getByText('Anfrage von Paul Pfleger abgelehnt.').waitFor();

    // P's screen: told the key was replaced; their old passphrase no longer opens what the server holds.
    await desk.reload();
    await desk.getByTestId('own-replaced').waitFor();
    expect(await desk.getByTestId('own-replaced').textContent()).toMatch(/^Ihr Schlüssel wurde vor \d+ Minuten? ersetzt\.$/);
    expect(await desk.getByLabel(/^Passphrase/).getAttribute('autocomplete')).toBe('off');
    await desk.getByLabel(/^Passphrase/).fill(processorPassphrase);
    await desk.getByRole('button', { name: 'Entsperren' }).click();
    await desk.getByText('Die Passphrase öffnet den gespeicherten Schlüssel nicht. Ihr Schlüssel wurde vor', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await desk.getByTestId('own-fingerprint').count()).toBe(0);
    expect(await seriousA11yViolations(desk)).toEqual([]);
    expect(deskErrors).toEqual([]);
    await desk.context().close();
    expect(errors).toEqual([]);
  }, 180_000);

  it('recovery asks for the admin’s passphrase and grants the key derived from it', async () => {
    // A new key of the admin ends their access; the tab that made it forgets it with a reload.
    const fresh = 'Die neue Passphrase der Ärztin';
    await page.getByRole('button', { name: 'Passphrase vergessen? Neuen Schlüssel anlegen' }).click();
    await page.getByRole('dialog', { name: 'Neuen Schlüssel anlegen?' }).getByRole('button', { name: 'Neuen Schlüssel anlegen' }).click();
    await passphraseField(page).fill(fresh);
    await page.getByLabel(/^Passphrase wiederholen/).fill(fresh);
    await page.getByRole('button', { name: 'Schlüssel anlegen', exact: true }).click();
    await page.getByText('Sie haben noch keinen Zugang zu den verschlüsselten Patientendaten.').waitFor({ timeout: 30_000 });
    await page.reload();

    await page.getByLabel('Ihre Passphrase', { exact: true }).fill(fresh);
    await page.getByLabel('Wiederherstellungscode', { exact: true }).fill(recoveryCode);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Wiederherstellen' }).click();
    await page.getByText('In diesem Tab entsperrt', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await grantOpensFor(owner, fresh)).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);
});
