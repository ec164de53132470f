import { randomUUID } from 'node:crypto';
import type { Processor } from '@wartefrei/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { storeUser } from '../support/session.js';
import { demoAdmin, type Staff } from '../support/staff.js';

// Sign-in with Microsoft through a real OpenID provider on 127.0.0.1 (started by e2e/run.mjs):
// the admin sets a processor's tenant in management; the processor signs in with the button
// and lands in the backend; a sign-in from another tenant reads "Microsoft-Login fehlgeschlagen".
let browser: Browser;
let admin: Staff;
let paula: Processor;
const tenant = randomUUID();

/** Who the provider signs in next, with their tenant (Microsoft's `tid`). */
async function providerSignsIn(email: string, tid: string): Promise<void> {
  const issuer = process.env.E2E_OIDC_URL;
  if (!issuer) throw new Error('E2E_OIDC_URL is not set — start the end-to-end tests with "npm run test:e2e"');
  const res = await fetch(`${issuer}/test/sign-in-as`, { method: 'POST', body: JSON.stringify({ sub: `ms-${tid}`, email, tid }) });
  expect(res.status).toBe(204);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await demoAdmin(browser);
  paula = (await admin.call<Processor[]>('GET', '/processors')).find((p) => p.display_name === 'Paula Assistenz')!;
});
afterAll(async () => {
  await admin.call('PATCH', `/processors/${paula.id}`, { microsoft_tenant_id: null }, 200);
  await browser.close();
});

describe('sign-in with Microsoft', () => {
  it('the admin sets a processor’s tenant in management', async () => {
    const page = admin.page;
    await storeUser(page, admin.user);
    await page.goto('/backend/management?tab=processors');
    await page.getByRole('button', { name: 'Paula Assistenz bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paula Assistenz bearbeiten' });
    await dialog.getByLabel('Microsoft-Tenant-ID').fill(tenant);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await admin.call<Processor[]>('GET', '/processors')).find((p) => p.id === paula.id)?.microsoft_tenant_id).toBe(tenant);
  });

  it('the processor signs in with the button and lands in the backend', async () => {
    await providerSignsIn(paula.username, tenant);
    const page = await newPage(browser);
    const errors = collectBrowserErrors(page);
    await page.goto('/login');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'login-microsoft-1280');
    await page.getByRole('link', { name: 'Mit Microsoft anmelden' }).click();
    await page.waitForURL(/\/backend\//, { timeout: 30_000 });
    await page.getByText('Paula Assistenz').first().waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { id: string } | null);
    expect(stored?.id).toBe(paula.id);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('someone of another tenant is told "Microsoft-Login fehlgeschlagen" and stays signed out', async () => {
    await providerSignsIn(paula.username, randomUUID());
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mit Microsoft anmelden' }).click();
    await page.getByText('Microsoft-Login fehlgeschlagen').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/login_microsoft_callback');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'login-microsoft-failed-1280');
    await page.context().close();
  });
});
