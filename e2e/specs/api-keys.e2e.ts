import type { ApiKey, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { demoAdmin, drawByApi, openDemoQueue, type Staff } from '../support/staff.js';

// The management's "Schnittstellen" tab: API keys made with a name and scopes, shown once with a
// copy button, listed with scopes and use, revoked after asking — and the copied key works until then;
// webhooks added with their events, the secret shown once, signed deliveries a receiver verifies.
let browser: Browser;
let staff: Staff;
const suffix = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await demoAdmin(browser);
});
afterAll(async () => {
  await browser.close();
});

const openTab = async (width = 1280): Promise<{ page: Page; errors: string[] }> => {
  const page = await newPage(browser, { viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const errors = collectBrowserErrors(page);
  await storeUser(page, staff.user);
  await page.goto('/backend/management?tab=integrations');
  await page.getByRole('tab', { name: 'Schnittstellen', selected: true }).waitFor();
  return { page, errors };
};

/** A request with the key, as the other system would make it. */
const withKey = (page: Page, key: string, path: string) => page.request.get(path, { headers: { authorization: `Bearer ${key}` } });

describe('management: Schnittstellen', () => {
  it('lists the demo key, makes a key (validated), shows it once to copy, and revokes it after asking', async () => {
    const { page, errors } = await openTab();
    // The demo practice's key: name, scopes in words, its last characters, when last used.
    const demoRow = page.getByRole('row').filter({ hasText: 'Praxisverwaltung' });
    await demoRow.getByText('Patientendaten lesen').waitFor();
    await demoRow.getByText(/^wf_…/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'API-Schlüssel anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'API-Schlüssel anlegen' });
    // Nothing filled in: the name's and the scopes' messages, the focus on the first.
    await dialog.getByRole('button', { name: 'Schlüssel anlegen' }).click();
    await dialog.getByText('Bitte wählen Sie mindestens eine Berechtigung.').waitFor();
    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const keyName = `Telefonanlage ${suffix}`;
    await name.fill(keyName);
    // By keyboard: Tab to the first checkbox, Space ticks it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('checkbox', { name: 'Tickets lesen' }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Tickets anlegen und bearbeiten' }).check();
    await dialog.getByRole('button', { name: 'Schlüssel anlegen' }).click();

    const shown = page.getByRole('dialog', { name: `API-Schlüssel ${keyName} angelegt` });
    await shown.getByText('Nur jetzt sichtbar').waitFor();
    const key = (await shown.getByTestId('api-key-secret').innerText()).trim();
    expect(key).toMatch(/^wf_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'API-Schlüssel kopieren' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'management-api-key-created-1280');
    await shown.getByRole('button', { name: 'Fertig' }).click();
    await shown.waitFor({ state: 'detached' });

    // Listed without the key; the key works for what it may do, and for nothing else.
    const row = page.getByRole('row').filter({ hasText: keyName });
    await row.getByText('Tickets anlegen und bearbeiten').waitFor();
    await row.getByText(`wf_…${key.slice(-4)}`).waitFor();
    expect(await page.content()).not.toContain(key);
    const listed = (await staff.call<ApiKey[]>('GET', '/api-keys')).find((k) => k.name === keyName);
    expect(listed).toMatchObject({ scopes: ['tickets:read', 'tickets:write'], last_used_at: null });
    const queues = await withKey(page, key, '/queues');
    expect(queues.status()).toBe(200);
    expect(((await queues.json()) as Queue[]).map((q) => q.identifier)).toContain('allgemein');
    expect((await withKey(page, key, '/appointments?from=2030-01-01&to=2030-01-31')).status()).toBe(403);
    // Used now: the list says when, no longer "noch nie".
    await page.reload();
    const usedRow = page.getByRole('row').filter({ hasText: keyName });
    await usedRow.waitFor();
    expect(await usedRow.innerText()).not.toContain('noch nie');
    await saveScreenshot(page, 'management-api-keys-1280');

    // Revoking asks first; cancelling keeps the key working.
    await page.getByRole('button', { name: `Schlüssel ${keyName} widerrufen` }).click();
    const ask = page.getByRole('dialog', { name: 'API-Schlüssel widerrufen' });
    await ask.getByText(`Möchten Sie den Schlüssel ${keyName} wirklich widerrufen?`, { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Abbrechen' }).click();
    expect((await withKey(page, key, '/queues')).status()).toBe(200);
    await page.getByRole('button', { name: `Schlüssel ${keyName} widerrufen` }).click();
    await page.getByRole('dialog', { name: 'API-Schlüssel widerrufen' }).getByRole('button', { name: 'Widerrufen' }).click();
    await page.getByRole('row').filter({ hasText: keyName }).waitFor({ state: 'detached' });
    expect((await withKey(page, key, '/queues')).status()).toBe(401);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('adds a webhook: its secret once, a test and a drawn ticket arrive signed, the deliveries say so, delete asks', async () => {
    const receiverUrl = process.env.E2E_WEBHOOK_URL;
    if (!receiverUrl) throw new Error('E2E_WEBHOOK_URL is not set — start the end-to-end tests with "npm run test:e2e"');
    const url = `${receiverUrl}-${suffix}`;
    const receivedHere = async () =>
      ((await (await fetch(receiverUrl)).json()) as { path: string; headers: Record<string, string>; body: string }[]).filter((r) => url.endsWith(r.path));
    const { page, errors } = await openTab();
    await page.getByRole('button', { name: 'Webhook hinzufügen' }).click();
    const form = page.getByRole('dialog', { name: 'Webhook hinzufügen' });
    await form.getByLabel(/^Adresse \(URL\)/).fill(url);
    await form.getByLabel('Ticket gezogen').check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await form.waitFor({ state: 'detached' });
    const secret = (await page.locator('[data-webhook-secret]').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);

    // "Test senden", then a ticket drawn by a patient's phone: both reach the receiver, signed with that secret.
    await page.getByRole('button', { name: 'Test senden' }).click();
    await page.getByText('Test-Ereignis (webhook.test) wird gesendet', { exact: false }).waitFor();
    const queue = await openDemoQueue(staff, 'allgemein');
    const ticket = await drawByApi(page, queue.id);
    await expect.poll(async () => (await receivedHere()).length, { timeout: 30_000 }).toBe(2);
    const verifier = new Webhook(secret);
    const events = (await receivedHere()).map((r) => verifier.verify(r.body, r.headers) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type).sort()).toEqual(['ticket.drawn', 'webhook.test']);
    const drawn = events.find((e) => e.type === 'ticket.drawn')!;
    expect(drawn.data).toMatchObject({ id: ticket.id, queue_id: queue.id });
    expect(JSON.stringify(drawn)).not.toMatch(/first_name|last_name|mail|phone/);

    // The deliveries (shown since the test was sent), both delivered once the list is fetched again.
    await page.getByRole('button', { name: 'Zustellungen ausblenden' }).click();
    await page.getByRole('button', { name: 'Zustellungen anzeigen' }).click();
    await expect.poll(async () => page.getByRole('cell', { name: 'Zugestellt' }).count(), { timeout: 30_000 }).toBe(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'management-webhooks-1280');

    // Deleting asks first.
    await page.getByRole('button', { name: `Webhook ${url} löschen` }).click();
    await page.getByRole('dialog', { name: 'Webhook löschen?' }).getByRole('button', { name: 'Löschen' }).click();
    await page.getByText(url, { exact: true }).waitFor({ state: 'detached' });
    // The secret's notice goes with its endpoint.
    await page.locator('[data-webhook-secret]').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at 320 px the tab and its list stay usable, with no serious accessibility finding; its deep link opens it', async () => {
    const { page, errors } = await openTab(320);
    await page.getByRole('button', { name: 'API-Schlüssel anlegen' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Praxisverwaltung' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'management-api-keys-320');
    // The tab's name in the path, as for every practice-wide tab.
    await page.goto('/backend/management/integrations');
    await page.getByRole('tab', { name: 'Schnittstellen', selected: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?tab=integrations');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
