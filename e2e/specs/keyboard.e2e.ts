import type { Queue } from '@wartefrei/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectBrowserErrors, newPage } from '../support/browser.js';
import { arrowToMenuItem, focusIsOn, focusShows, focusedName, tabTo } from '../support/keyboard.js';
import { DEMO, declineTutorial, logInByApi, storeUser } from '../support/session.js';
import { drawByApi, emptyQueue, type Staff, givenOpenDemoQueue } from '../support/staff.js';

// Keyboard only through the main flows (issue 21 §5): draw, ticket, booking, work view, calendar.
// No mouse anywhere below; after every dialog the focus is back where it was, never on the page's body.
let browser: Browser;
let staff: Staff;
let queue: Queue;
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

beforeAll(async () => {
  ({ browser, staff, queue } = await givenOpenDemoQueue('allgemein'));
});
afterAll(async () => {
  await browser.close();
});

describe('keyboard only', () => {
  it('a patient draws a ticket, asks for an SMS alert, opens and leaves the cancel question, and cancels', async () => {
    const page = await newPage(browser, phone);
    const errors = collectBrowserErrors(page);
    await page.goto('/praxis-demo/wien/allgemein');
    await page.getByText('Was möchten Sie tun?').waitFor();
    await tabTo(page, /^Ticket ziehen Jetzt anstellen/);
    await page.keyboard.press('Enter');
    // The next step's heading takes the focus: the button pressed is gone.
    await focusIsOn(page, queue.name);
    await tabTo(page, 'Ticket ziehen');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/ticket\/[A-Za-z0-9_-]{22}$/);
    await focusIsOn(page, 'Sie warten');

    await tabTo(page, 'Ticket stornieren');
    expect(await focusShows(page)).toBe(true);
    await page.keyboard.press('Enter');
    await focusIsOn(page, 'Ja, stornieren');
    expect(await focusShows(page)).toBe(true);
    await page.keyboard.press('Escape');
    await focusIsOn(page, 'Ticket stornieren');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await focusIsOn(page, 'Nein, behalten');
    await page.keyboard.press('Enter');
    await focusIsOn(page, 'Ticket stornieren');

    await tabTo(page, 'Handynummer');
    await page.keyboard.type('+43 664 5550999');
    await page.keyboard.press('Enter');
    await page.getByText('SMS gehen an die Nummer mit der Endung 999.').waitFor();
    await focusIsOn(page, 'SMS ausschalten');

    await tabTo(page, 'Ticket stornieren', { back: true });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Ihr Ticket wurde storniert' }).waitFor();
    await focusIsOn(page, 'Ihr Ticket wurde storniert');
    expect(errors).toEqual([]);
  });

  it('a patient books: the days are one Tab stop walked with the arrow keys, the form is filled and sent', async () => {
    const page = await newPage(browser, phone);
    await page.goto('/praxis-demo/wien/allgemein/book');
    await page.getByRole('heading', { level: 2, name: 'Tag wählen' }).waitFor();
    await tabTo(page, /^Nächster freier Tag/);
    expect(await focusShows(page)).toBe(true);
    const days = page.locator('.book-day');
    await page.keyboard.press('ArrowRight');
    expect(await days.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await focusedName(page)).toBe((await days.nth(1).innerText()).replace(/\s+/g, ' ').trim());
    await page.keyboard.press('Home');
    expect(await days.first().getAttribute('aria-pressed')).toBe('true');
    // One Tab leaves the days: the next stops are "later days" and the first time.
    await page.keyboard.press('Tab');
    await focusIsOn(page, 'Spätere Tage anzeigen');
    await page.keyboard.press('Tab');
    await focusIsOn(page, /^\d\d:\d\d/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Ihre Angaben' }).waitFor();
    await focusIsOn(page, /.+/);

    await tabTo(page, 'Vorname');
    await page.keyboard.type('Kim');
    await tabTo(page, 'Nachname');
    await page.keyboard.type('Tastatur');
    await tabTo(page, 'E-Mail');
    await page.keyboard.type(`kim-${Date.now().toString(36)}@example.com`);
    await tabTo(page, /Ich bin einverstanden/);
    await page.keyboard.press('Space');
    await tabTo(page, 'Termin verbindlich buchen');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /Ihr Termin/ }).waitFor();
    await focusIsOn(page, /.+/);
  });

  it('staff call from the work view and come back from the move dialog and the cancel question to where they were', async () => {
    // Nobody in treatment: the call below is not a second one beyond the list's maximum.
    await emptyQueue(staff, queue.id);
    const ticket = await drawByApi(staff.page, queue.id);
    const page = await newPage(browser);
    const processor = await declineTutorial(page, await logInByApi(page, DEMO.processor));
    await storeUser(page, processor);
    await page.goto(`/backend/processor/${queue.id}`);
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();
    const more = `Weitere Aktionen für Nr. ${ticket.number}`;
    await tabTo(page, more, { max: 200 });
    expect(await focusShows(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    // A menu is walked with the arrow keys.
    await arrowToMenuItem(page, 'Verschieben');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await focusIsOn(page, more);

    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await arrowToMenuItem(page, 'Stornieren');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await focusIsOn(page, more);

    // Calling: the row's own button, by keyboard; busy for a moment, it keeps the focus as it turns to "Abschließen".
    await tabTo(page, 'Aufrufen', { back: true, max: 10 });
    await page.keyboard.press('Enter');
    await page
      .getByRole('row', { name: `Ticket Nr. ${ticket.number}`, exact: true })
      .getByRole('button', { name: 'Abschließen' })
      .waitFor();
    await focusIsOn(page, 'Abschließen');
  });

  it('staff open a new appointment and an existing one in the calendar, and close both back to their buttons', async () => {
    const page = await newPage(browser);
    const processor = await declineTutorial(page, await logInByApi(page, DEMO.processor));
    await storeUser(page, processor);
    await page.goto('/backend/appointments?view=week');
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();
    await tabTo(page, 'Neuer Termin', { max: 200 });
    expect(await focusShows(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Neuer Termin' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await focusIsOn(page, 'Neuer Termin');

    // The demo's bookings of the week are buttons in the grid.
    await tabTo(page, /^\d\d:\d\d–\d\d:\d\d, /, { max: 200 });
    const block = await focusedName(page);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await focusIsOn(page, block);
  });
});
