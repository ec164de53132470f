import {
  exportPublicKey,
  generateKeyPair,
  keyTag,
  newRecoveryCode,
  wrapForPublicKey,
  wrapWithPassphrase,
  type EncryptionState,
  type LoggedUser,
  type Member,
  type Queue,
} from '@wartefrei/shared';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { givenNewPractice, givenConsultationList } from '../support/practice.js';
import { storeUser } from '../support/session.js';
import { callAs } from '../support/staff.js';

// The practice key the browsers seal for is checked in the browser, not taken from the server
// (docs/security.md#encryption): printed links carry its fingerprint (`#k=`) and the patient's
// page refuses a served key without it; the staff tab pins the key at its first unlock and
// warns when another is served. The attacker here answers in place of the server (a node or a
// proxy): every answer the browser gets names the attacker's key where the practice's stood —
// what a changed row of the account would serve too (the embedded database of this run cannot
// be written beside the server).
let browser: Browser;
let page: Page;
let owner: LoggedUser;
let queue: Queue;
let identifier: string;
let practiceKey: string;
let practiceTag: string;
let attackerKey: string;
const passphrase = 'Passphrase der Praxis 2026';

const call = <T>(method: string, url: string, data?: unknown): Promise<T> => callAs<T>(page, owner, method, url, data);

/**
 * Every answer this page gets names the attacker's key in place of the practice's: its requests'
 * JSON and, on a patient page, the page itself, whose first view brings the list's state along
 * (first-view.ts). A staff page has none; left as it comes, it keeps its socket to this machine
 * (Chromium refuses a local socket to a page Playwright answered in place of the server).
 */
async function serveAttackerKey(target: Page, { page: withPage = false } = {}): Promise<void> {
  await target.route('**/*', async (route) => {
    const type = route.request().resourceType();
    if (type !== 'fetch' && type !== 'xhr' && !(withPage && type === 'document')) return route.continue();
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({ response, body: body.split(practiceKey).join(attackerKey) });
  });
}

/** Moves within the app without a reload, as a click on a link would: a reload drops the unlocked key. */
const visit = (target: Page, to: string) =>
  target.evaluate((url) => {
    history.pushState({}, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  ({ owner } = await givenNewPractice(page, 'pinning'));
  identifier = (await call<{ identifier: string }>('GET', `/accounts/${owner.account_id}`)).identifier;
  ({ queue } = await givenConsultationList(call));
  // Encryption on as the admin's browser switches it (the same helpers): their key, the practice's pair.
  const own = await generateKeyPair();
  await call('PUT', '/encryption/my-key', { public_key: await exportPublicKey(own.publicKey), wrapped_private_key: await wrapWithPassphrase(own.privateKey, passphrase) });
  const account = await generateKeyPair();
  await call<EncryptionState>('POST', '/encryption/enable', {
    public_key: await exportPublicKey(account.publicKey),
    recovery_wrapped_key: await wrapWithPassphrase(account.privateKey, newRecoveryCode()),
    wrapped_account_key: await wrapForPublicKey(account.privateKey, own.publicKey),
  });
  practiceKey = await exportPublicKey(account.publicKey);
  practiceTag = await keyTag(practiceKey);
  attackerKey = await exportPublicKey((await generateKeyPair()).publicKey);
  await storeUser(page, owner);
}, 90_000);
afterAll(async () => {
  await browser.close();
});

describe('the practice key pinned and printed', () => {
  it('the staff tab pins the key at its first unlock, and the rollout links carry its fingerprint', async () => {
    const errors = collectBrowserErrors(page);
    await page.goto('/backend/encryption');
    await page.getByLabel(/^Passphrase/).fill(passphrase);
    await page.getByRole('button', { name: 'Entsperren' }).click();
    await page.getByText('In diesem Tab entsperrt', { exact: false }).waitFor({ timeout: 30_000 });
    const pins = () => page.evaluate(() => JSON.parse(localStorage.getItem('practiceKeyPins') ?? '{}') as Record<string, string>);
    await expect.poll(pins, { timeout: 10_000 }).toEqual({ [owner.account_id]: practiceTag });

    await visit(page, `/backend/management/${queue.id}/rollout`);
    const note = page.getByTestId('key-tag-note');
    await note.waitFor({ timeout: 15_000 });
    expect(await note.textContent()).toContain(practiceTag);
    await page.getByText(`/${identifier}/ordination/sprechstunde#k=${practiceTag}`, { exact: false }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 90_000);

  it('a patient page from a QR code with the fingerprint refuses a key served by someone else, sends nothing, and says so', async () => {
    const phone = await newPage(browser, { viewport: { width: 375, height: 667 }, isMobile: true });
    await serveAttackerKey(phone, { page: true });
    const draws: Request[] = [];
    phone.on('request', (request) => {
      if (request.method() === 'POST' && /\/members$/.test(new URL(request.url()).pathname)) draws.push(request);
    });
    await phone.goto(`/${identifier}/ordination/sprechstunde#k=${practiceTag}`);
    await phone.getByLabel('Vorname').fill('Mara');
    await phone.getByLabel('Nachname').fill('Mithörer');
    await phone.getByRole('button', { name: 'Ticket ziehen' }).click();
    await phone.getByText('Aus Sicherheitsgründen nicht gesendet', { exact: false }).waitFor({ timeout: 15_000 });
    expect(draws).toEqual([]);
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await phone.close();
  }, 60_000);

  it('with the practice’s own key it draws, bound to the ticket the page chose', async () => {
    const phone = await newPage(browser, { viewport: { width: 375, height: 667 }, isMobile: true });
    const phoneErrors = collectBrowserErrors(phone);
    await phone.goto(`/${identifier}/ordination/sprechstunde#k=${practiceTag}`);
    await phone.getByLabel('Vorname').fill('Selma');
    await phone.getByLabel('Nachname').fill('Siegel');
    await phone.getByRole('button', { name: 'Ticket ziehen' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor({ timeout: 15_000 });
    expect(phoneErrors).toEqual([]);
    const [stored] = await call<Member[]>('GET', `/queues/${queue.id}/members`);
    expect(stored).toMatchObject({ first_name: null, last_name: null, sealed_data: expect.stringMatching(/^wf2s\./) });
    await phone.close();
  }, 60_000);

  it('the staff tab warns when another key is served, and refuses to seal for it', async () => {
    const errors = collectBrowserErrors(page);
    await serveAttackerKey(page);
    // Opened anew: the unlocked key is gone, the pin stays.
    await page.goto(`/backend/processor/${queue.id}`);
    const warning = page.getByTestId('practice-key-warning');
    await warning.waitFor({ timeout: 15_000 });
    expect(await warning.textContent()).toContain('ist nicht der, den sich dieses Gerät gemerkt hat');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Manuelles Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manuelles Ticket für Sprechstunde' });
    await dialog.getByLabel('Vorname').fill('Udo');
    await dialog.getByLabel('Nachname').fill('Umgeleitet');
    await dialog.getByRole('button', { name: 'Ticket ziehen' }).click();
    await page.getByText('Nicht gesendet: Der Praxisschlüssel, den der Server nennt', { exact: false }).waitFor({ timeout: 15_000 });
    await page.unroute('**/*');
    expect((await call<Member[]>('GET', `/queues/${queue.id}/members`)).length).toBe(1);
    expect(errors).toEqual([]);
  }, 60_000);

  it('a device with a pin sends nothing in the clear when the server claims encryption is off, until someone here confirms it', async () => {
    await page.route(
      (url) => url.pathname === '/encryption',
      async (route) => {
        const response = await route.fetch();
        const state = (await response.json()) as EncryptionState;
        await route.fulfill({ response, json: { ...state, enabled: false, key_id: null, public_key: null } });
      },
    );
    await page.goto(`/backend/processor/${queue.id}`);
    const warning = page.getByTestId('practice-key-warning');
    await warning.getByText('Der Server meldet, dass Ihre Praxis nicht mehr verschlüsselt.', { exact: false }).waitFor({ timeout: 15_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Manuelles Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manuelles Ticket für Sprechstunde' });
    await dialog.getByLabel('Vorname').fill('Klara');
    await dialog.getByLabel('Nachname').fill('Klartext');
    await dialog.getByRole('button', { name: 'Ticket ziehen' }).click();
    await page.getByText('Nicht gesendet: Der Server meldet die Verschlüsselung als ausgeschaltet.', { exact: false }).waitFor({ timeout: 15_000 });
    expect((await call<Member[]>('GET', `/queues/${queue.id}/members`)).length).toBe(1);
    // Confirmed here, the pin goes and the warning with it.
    await page.keyboard.press('Escape');
    await warning.getByRole('button', { name: 'Verschlüsselung wurde ausgeschaltet – bestätigen' }).click();
    await warning.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('practiceKeyPins'))).toBeNull();
    await page.unroute((url) => url.pathname === '/encryption');
  }, 60_000);
});
