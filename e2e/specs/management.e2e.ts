import type { OwnQueue, Processor, Queue } from '@wartefrei/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { DEMO, logInByApi, storeUser } from '../support/session.js';
import { demoAdmin, type Staff } from '../support/staff.js';

// The owner's management: lists with their ways in, processors assigned by drag and drop (and by keyboard).
let browser: Browser;
let staff: Staff;
let processor: Processor;
let queue: Queue;

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await demoAdmin(browser);
  const processors = await staff.call<Processor[]>('GET', '/processors');
  processor = processors.find((p) => p.username === DEMO.processor.username)!;
  const lists = await staff.call<Queue[]>('GET', '/queues');
  // A new list nobody is assigned to yet.
  queue = await staff.call<Queue>('POST', '/queues', { profile_id: lists[0]!.profile_id, name: 'Impfsprechstunde', identifier: `impfen-${Date.now().toString(36)}` }, 201);
});
afterAll(async () => {
  await browser.close();
});

const ownQueues = async () => {
  const page = await newPage(browser);
  const me = await logInByApi(page, DEMO.processor);
  const response = await page.request.get('/processors/me/queues', { headers: { authorization: `Basic ${Buffer.from(`${me.id}:${me.token}`).toString('base64')}` } });
  const queues = (await response.json()) as OwnQueue[];
  await page.context().close();
  return queues.map((q) => q.queue_id);
};

describe('management', () => {
  it('assigns a processor by dragging onto a list, the processor then sees it, and the bin takes it back', async () => {
    // Tall enough that the dragged card and its drop zone are on screen together, however many
    // lists the demo's other specs added before (a drag that must scroll loses its drop).
    const page = await newPage(browser, { viewport: { width: 1280, height: 2400 } });
    const errors = collectBrowserErrors(page);
    await storeUser(page, staff.user);
    await page.goto('/backend/management');
    await page.getByRole('tab', { name: 'Standorte und Wartelisten', selected: true }).waitFor();
    await page.getByRole('link', { name: 'Rollout-Center' }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Bearbeiter', exact: true }).click();
    await page.waitForURL('**/backend/management?tab=processors');
    const zone = page.locator(`[data-queue="${queue.id}"]`);
    await zone.getByText('Noch niemand zugewiesen').waitFor();
    // The demo's notice above the lists comes with the account: wait for it, so nothing moves under the drag.
    await page.getByTestId('demo-lock').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'management-processors-1280');

    await page.locator(`[data-processor="${processor.id}"]`).dragTo(zone);
    await zone.getByText(processor.display_name).waitFor();
    await page.getByRole('status').filter({ hasText: 'Gespeichert' }).waitFor();
    expect(await ownQueues()).toContain(queue.id);

    // The processor's work view now offers the list.
    const work = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await storeUser(work, await logInByApi(work, DEMO.processor));
    await work.goto(`/backend/processor/${queue.id}`);
    await work.getByText('Impfsprechstunde').first().waitFor();
    await work.context().close();

    // Dragging the assignment onto the bin removes it again.
    await zone.locator('.mantine-Badge-root', { hasText: processor.display_name }).dragTo(page.getByTestId('unassign-bin'));
    await zone.getByText('Noch niemand zugewiesen').waitFor();
    expect(await ownQueues()).not.toContain(queue.id);

    // The keyboard way does the same.
    await zone.getByRole('combobox', { name: 'Bearbeiter für Impfsprechstunde wählen' }).selectOption(processor.id);
    await zone.getByRole('button', { name: 'Zuweisen' }).click();
    await zone.getByText(processor.display_name).waitFor();
    await zone.getByRole('button', { name: `${processor.display_name} von Impfsprechstunde entfernen` }).click();
    await zone.getByText('Noch niemand zugewiesen').waitFor();

    // One's own account cannot be deleted.
    expect(await page.getByRole('button', { name: 'Sich selbst können Sie nicht löschen' }).isDisabled()).toBe(true);
    // In the public demo nobody is removed (the next visitor signs in as Paula): the button says why.
    // Removing with its dialog is keep-history.e2e.ts, in a practice of its own.
    expect(await page.getByRole('button', { name: `${processor.display_name} löschen – In der öffentlichen Demo ist das nicht möglich` }).isDisabled()).toBe(true);
    expect((await staff.call<Processor[]>('GET', '/processors')).map((p) => p.id)).toContain(processor.id);

    // Editing: an empty name is refused at the field; a new name is saved; one's own admin role stays.
    await page.getByRole('button', { name: `${processor.display_name} bearbeiten` }).click();
    const dialog = page.getByRole('dialog', { name: `${processor.display_name} bearbeiten` });
    await dialog.getByLabel(/^Anzeigename/).fill('');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText(/darf nicht leer sein/).waitFor();
    await dialog.getByLabel(/^Anzeigename/).fill(`${processor.display_name} (Labor)`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('status').filter({ hasText: 'Gespeichert' }).waitFor();
    const edited = (await staff.call<Processor[]>('GET', '/processors')).find((p) => p.id === processor.id);
    expect(edited).toMatchObject({ display_name: `${processor.display_name} (Labor)`, is_admin: false });
    await staff.call('PATCH', `/processors/${processor.id}`, { display_name: processor.display_name }, 200);
    await page.getByRole('button', { name: `${staff.user.display_name} bearbeiten` }).click();
    expect(
      await page
        .getByRole('dialog')
        .getByRole('checkbox', { name: /^Administrator/ })
        .isDisabled(),
    ).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is closed to processors', async () => {
    const page = await newPage(browser);
    await storeUser(page, await logInByApi(page, DEMO.processor));
    await page.goto('/backend/management');
    await page.getByRole('alert').filter({ hasText: 'Sie haben keine Berechtigungen, um auf diese Seite zuzugreifen' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    await page.context().close();
  });
});
