import type { LoggedUser, Member, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { basic, DEMO, logInByApi, storeUser } from '../support/session.js';
import { drawByApi, emptyQueue, type Staff, linkKey, givenOpenDemoQueue } from '../support/staff.js';

// A list's switches about who serves: show_processor_on_processing (the patient's ticket page and
// the waiting-room monitor name who serves while processing) and
// allow_actual_processor_selection_for_non_active_processors (one who only manages the list may
// choose who serves, in the work view).
let browser: Browser;
let staff: Staff;
let queue: Queue;

beforeAll(async () => {
  ({ browser, staff, queue } = await givenOpenDemoQueue('labor'));
  await emptyQueue(staff, queue.id);
});
afterAll(async () => {
  // The demo list as other specs expect it.
  await staff.call('PATCH', `/queues/${queue.id}`, { show_processor_on_processing: false, allow_actual_processor_selection_for_non_active_processors: false }, 200);
  await emptyQueue(staff, queue.id);
  await browser.close();
});

describe('the list names who serves', () => {
  it('on the ticket page and the monitor while processing, with the switch on; not with it off', async () => {
    await staff.call('PATCH', `/queues/${queue.id}`, { show_processor_on_processing: true }, 200);
    const servedBy = `Sie werden von ${staff.user.display_name} betreut.`;
    const phone = await newPage(browser, { viewport: { width: 375, height: 740 } });
    const errors = collectBrowserErrors(phone);
    const ticket = await drawByApi(phone, queue.id);
    await phone.goto(`/ticket/${linkKey(ticket)}`);
    await phone.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    expect(await phone.getByText(servedBy).count()).toBe(0);

    const tv = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await tv.goto('/praxis-demo/wien/labor/monitor3');
    await tv.locator('.monitor-list').waitFor();

    await staff.call('POST', `/members/${ticket.id}/call`, { force: true }, 200);
    // Live: the ticket page turns to "your turn" and names the processor without a reload.
    await phone.getByRole('heading', { level: 1, name: 'Sie sind an der Reihe!' }).waitFor();
    await phone.getByText(servedBy).waitFor();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await saveScreenshot(phone, 'ticket-served-by-375');

    // The monitor's table gets a column for who serves, on the called number's row.
    const row = tv.locator('.monitor-list tbody tr', { hasText: String(ticket.number) });
    await row.locator('.monitor-list-processor', { hasText: staff.user.display_name }).waitFor();
    expect(await tv.getByRole('columnheader', { name: 'Bei' }).count()).toBe(1);
    expect(await seriousA11yViolations(tv)).toEqual([]);
    await saveScreenshot(tv, 'monitor-served-by-1920');
    // The standard layout names them under the number.
    await tv.goto('/praxis-demo/wien/labor/monitor');
    await tv
      .locator('.monitor-numbers li', { hasText: String(ticket.number) })
      .getByText(`bei ${staff.user.display_name}`)
      .waitFor();
    expect(await seriousA11yViolations(tv)).toEqual([]);

    // Switched off: neither names anyone, though the ticket is still processed.
    await staff.call('PATCH', `/queues/${queue.id}`, { show_processor_on_processing: false }, 200);
    await phone.reload();
    await phone.getByRole('heading', { level: 1, name: 'Sie sind an der Reihe!' }).waitFor();
    expect(await phone.getByText(servedBy).count()).toBe(0);
    await tv.reload();
    await tv.locator('.monitor-numbers li', { hasText: String(ticket.number) }).waitFor();
    expect(await tv.locator('.monitor-processor').count()).toBe(0);

    await staff.call('POST', `/members/${ticket.id}/finish`, undefined, 200);
    expect(errors).toEqual([]);
    await phone.context().close();
    await tv.context().close();
  });
});

describe('choosing who serves, by a processor who only manages the list', () => {
  let page: Page;
  let paula: LoggedUser;
  /** A call as the demo processor Paula (not an admin). */
  const asPaula = async (method: 'POST' | 'PATCH', path: string, data: unknown) => {
    const response = await page.request.fetch(path, { method, data, headers: { authorization: basic(paula.id, paula.token) } });
    if (response.status() !== 200) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  };
  const ownActive = (active: boolean) => asPaula('PATCH', `/processors/me/queues/${queue.id}`, { active });

  beforeAll(async () => {
    page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    paula = await logInByApi(page, DEMO.processor);
    await storeUser(page, paula);
  });
  afterAll(async () => {
    // The demo's assignments as seeded: Paula processes, the admin only manages.
    await ownActive(true);
    await staff.call('PATCH', `/processors/me/queues/${queue.id}`, { active: false }, 200);
    await page.context().close();
  });

  it('is hidden while the list does not allow it, and hands the ticket over once it does', async () => {
    const errors = collectBrowserErrors(page);
    // Paula only manages the list; the admin actively processes it, so can be chosen.
    await staff.call('PATCH', `/processors/me/queues/${queue.id}`, { active: true }, 200);
    const ticket = await drawByApi(page, queue.id);
    await asPaula('POST', `/members/${ticket.id}/call`, { force: true });
    await ownActive(false);

    const row = page.getByRole('row', { name: `Ticket Nr. ${ticket.number}`, exact: true });
    const choice = page.getByRole('combobox', { name: `Wer bearbeitet Nr. ${ticket.number}` });
    await page.goto(`/backend/processor/${queue.id}`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('processing');
    expect(await choice.count()).toBe(0);

    await staff.call('PATCH', `/queues/${queue.id}`, { allow_actual_processor_selection_for_non_active_processors: true }, 200);
    await page.reload();
    await choice.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await choice.selectOption({ label: staff.user.display_name });
    await expect
      .poll(async () => (await staff.call<Member[]>('GET', `/queues/${queue.id}/members?status=PROCESSING`)).find((m) => m.id === ticket.id)?.processor_id)
      .toBe(staff.user.id);
    // The row shows the new one once the list has the changed ticket (and still offers the choice).
    await expect.poll(() => choice.inputValue()).toBe(staff.user.id);
    await saveScreenshot(page, 'work-view-actual-processor-1280');

    await staff.call('POST', `/members/${ticket.id}/finish`, undefined, 200);
    expect(errors).toEqual([]);
  });
});
