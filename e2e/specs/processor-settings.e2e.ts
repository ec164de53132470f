import type { Member, Processor, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { DEMO, storeUser } from '../support/session.js';
import { drawByApi, emptyQueue, type Staff, linkKey, givenOpenDemoQueue, demoProcessorPage } from '../support/staff.js';

// A processor's colour in the work view (docs/product.md#processor-settings): the admin gives the
// demo assistant a colour; the row of the patient she serves carries it, with her name in words.
const COLOUR = '#C2255C';

let browser: Browser;
let admin: Staff;
let queue: Queue;
let assistant: Processor;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ browser, staff: admin, queue } = await givenOpenDemoQueue('labor'));
  await emptyQueue(admin, queue.id);
  const staff = await admin.call<Processor[]>('GET', '/processors');
  assistant = staff.find((p) => p.username === DEMO.processor.username)!;
  await admin.call('PATCH', `/processors/${assistant.id}`, { color: COLOUR }, 200);
  ({ page, errors } = await demoProcessorPage(browser));
});
afterAll(async () => {
  // The demo assistant is shared with other specs: she leaves as she came, without a colour.
  await admin?.call('PATCH', `/processors/${assistant.id}`, { color: null, room: null, button_visibility: null, name_order: null }, 200);
  await admin?.call('PATCH', `/queues/${queue.id}`, { show_processor_on_processing: false, view_configuration: { processor: { actions: { call_silently: true } } } }, 200);
  await browser.close();
});

describe('a processor’s colour', () => {
  it('marks the row of the patient they serve in the work view, with their name beside it', async () => {
    const phone = await newPage(browser);
    const ticket = await drawByApi(phone, queue.id);
    await page.goto(`/backend/processor/${queue.id}`);
    const row = page.getByRole('row', { name: `Ticket Nr. ${ticket.number}`, exact: true });
    await row.waitFor();
    await page.getByRole('button', { name: /^Nächsten aufrufen/ }).click();
    await page.waitForFunction((n) => document.querySelector(`tr[aria-label="Ticket Nr. ${n}"]`)?.getAttribute('data-status') === 'processing', ticket.number);
    // Her name in words beside the colour (colour alone is no information).
    await row.locator('[data-served-by]').getByText(`bei ${assistant.display_name}`).waitFor();

    // The left edge of the row is drawn in her colour (rgb of #C2255C), not the default blue.
    const edge = await row.evaluate((el) => getComputedStyle(el).boxShadow);
    expect(edge).toContain('rgb(194, 37, 92)');
    const dot = await row.locator('[data-served-by] span[aria-hidden]').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(dot).toBe('rgb(194, 37, 92)');

    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'processor-colour-row');
    expect(errors).toEqual([]);
    await admin.call('POST', `/members/${ticket.id}/finish`, undefined, 200);
    await phone.context().close();
  });
});

describe('the settings form: room, and choices that override the list’s or leave it', () => {
  it('an admin sets a room and “as in the list”; the ticket page names the room, the work view keeps the list’s', async () => {
    const adminPage = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const adminErrors = collectBrowserErrors(adminPage);
    await storeUser(adminPage, admin.user);
    // Set through the API first, so the form must show and clear them.
    await admin.call('PATCH', `/processors/${assistant.id}`, { button_visibility: 'NOBODY', name_order: 'LAST_FIRST' }, 200);
    await adminPage.goto('/backend/management?tab=processors');
    await adminPage.getByRole('button', { name: `${assistant.display_name} bearbeiten` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `${assistant.display_name} bearbeiten` });
    const buttons = dialog.getByLabel(/^Sitzungsschaltflächen/);
    expect(await buttons.inputValue()).toBe('NOBODY');
    await buttons.selectOption({ label: 'Wie in der Warteliste' });
    await dialog.getByLabel(/^Reihenfolge der Patientennamen/).selectOption({ label: 'Wie in der Warteliste' });
    await dialog.getByLabel(/^Raum/).fill('Raum 4');
    expect(await seriousA11yViolations(adminPage)).toEqual([]);
    await saveScreenshot(adminPage, 'processor-settings-form');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await adminPage.getByRole('status').filter({ hasText: 'Gespeichert' }).waitFor();
    const saved = (await admin.call<Processor[]>('GET', '/processors')).find((p) => p.id === assistant.id);
    expect(saved).toMatchObject({ button_visibility: null, name_order: null, room: 'Raum 4' });

    // The list names who serves: the patient's ticket page says where to go.
    await admin.call('PATCH', `/queues/${queue.id}`, { show_processor_on_processing: true }, 200);
    const phone = await newPage(browser, { viewport: { width: 375, height: 740 } });
    const ticket = await drawByApi(phone, queue.id);
    await phone.goto(`/ticket/${linkKey(ticket)}`);
    await phone.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    await page.goto(`/backend/processor/${queue.id}`);
    await page.getByRole('button', { name: /^Nächsten aufrufen/ }).click();
    await phone.getByText(`Bitte kommen Sie in: Raum 4. Sie werden von ${assistant.display_name} betreut.`).waitFor();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    // The waiting-room monitor shows the room beside the called number.
    const tv = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await tv.goto('/praxis-demo/wien/labor/monitor');
    await tv
      .locator('.monitor-numbers li', { hasText: String(ticket.number) })
      .getByText(`Raum 4 · bei ${assistant.display_name}`)
      .waitFor();
    expect(await seriousA11yViolations(tv)).toEqual([]);
    await saveScreenshot(tv, 'monitor-room-1920');
    await tv.context().close();
    await admin.call('POST', `/members/${ticket.id}/finish`, undefined, 200);
    expect(adminErrors).toEqual([]);
    await adminPage.context().close();
    await phone.context().close();
  });

  it('the list’s view configuration hides the silent call from processors: no button, and S does nothing', async () => {
    await admin.call('PATCH', `/queues/${queue.id}`, { view_configuration: { processor: { actions: { call_silently: false } } } }, 200);
    const phone = await newPage(browser);
    const ticket = await drawByApi(phone, queue.id);
    await page.goto(`/backend/processor/${queue.id}`);
    const row = page.getByRole('row', { name: `Ticket Nr. ${ticket.number}`, exact: true });
    await row.waitFor();
    await page.getByRole('button', { name: /^Nächsten aufrufen/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Still aufrufen/ }).count()).toBe(0);
    await page.getByText('Tastenkürzel: N ruft den Nächsten auf, F schließt Ihren aktuellen Patienten ab.').waitFor();
    // S does nothing; N right after calls the one waiting ticket publicly (had S called it
    // silently, N would have found nobody waiting).
    await page.keyboard.press('s');
    await page.keyboard.press('n');
    await page.waitForFunction((n) => document.querySelector(`tr[aria-label="Ticket Nr. ${n}"]`)?.getAttribute('data-status') === 'processing', ticket.number);
    const entries = await admin.call<Member[]>('GET', `/queues/${queue.id}/members`);
    expect(entries.find((m) => m.id === ticket.id)).toMatchObject({ status: 'PROCESSING', called_silently: false });
    await admin.call('PATCH', `/queues/${queue.id}`, { view_configuration: { processor: { actions: { call_silently: true } } } }, 200);
    await page.reload();
    await page.getByRole('button', { name: /^Still aufrufen/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await emptyQueue(admin, queue.id);
    await phone.context().close();
  });
});
