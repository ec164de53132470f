import type { LoggedUser, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { linkIn, waitForMail } from '../support/mail.js';
import { saveScreenshot } from '../support/screenshots.js';
import { basic, DEMO, logInByApi } from '../support/session.js';

// A patient books on a phone: the picker, the steps, the confirmation mail, the appointment page.
let browser: Browser;
let admin: LoggedUser;

const phone = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const staffPage = await newPage(browser);
  admin = await logInByApi(staffPage, DEMO.admin);
  const headers = { authorization: basic(admin.id, admin.token) };
  const queues = (await (await staffPage.request.get('/queues', { headers })).json()) as Queue[];
  const queue = queues.find((q) => q.identifier === 'allgemein');
  if (!queue) throw new Error('demo queue allgemein missing');
  // The demo list lets patients move their appointments for this test.
  const patched = await staffPage.request.patch(`/queues/${queue.id}`, { headers, data: { allow_move_appointment: true } });
  expect(patched.status()).toBe(200);
});
afterAll(async () => {
  await browser.close();
});

/** From the list's public link to the form of the first free time (the next free day is open first). */
async function pickFirstFreeTime(page: Page): Promise<string> {
  await page.goto('/praxis-demo/wien/allgemein');
  await page.getByRole('link', { name: /Termin buchen/ }).click();
  await page.getByRole('heading', { level: 2, name: 'Tag wählen' }).waitFor();
  const first = page.locator('.book-time').first();
  const time = (await first.innerText()).trim();
  await first.click();
  await page.getByRole('heading', { level: 2, name: 'Ihre Angaben' }).waitFor();
  return time;
}

async function fillAndConfirm(page: Page, mail: string): Promise<void> {
  await page.getByLabel('Vorname').fill('Maria');
  await page.getByLabel('Nachname').fill('Muster');
  await page.getByLabel('E-Mail').fill(mail);
  await page.getByLabel(/Ich bin einverstanden/).check();
  await page.getByRole('button', { name: 'Termin verbindlich buchen' }).click();
}

describe('booking on a phone', () => {
  it('asks ticket or appointment, books the next free time, mails the link, moves and cancels', async () => {
    const page = await newPage(browser, phone);
    const errors = collectBrowserErrors(page);
    await page.goto('/praxis-demo/wien/allgemein');
    await page.getByText('Was möchten Sie tun?').waitFor();
    expect(await page.getByRole('button', { name: /Ticket ziehen/ }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'booking-picker-375');

    await page.getByRole('link', { name: /Termin buchen/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Tag wählen' }).waitFor();
    expect(page.url()).toMatch(/\/praxis-demo\/wien\/allgemein\/book$/);
    // The next free day is the first and open, its times grouped by morning and afternoon.
    expect(await page.locator('.book-day').first().getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('heading', { level: 3, name: /Vormittag|Nachmittag/ }).count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'booking-times-375');

    const time = await pickFirstFreeTime(page);
    // Nothing is sent without the required data and the consent: each is said beside its field.
    await page.getByRole('button', { name: 'Termin verbindlich buchen' }).click();
    await page.getByText('Bitte stimmen Sie zu, damit die Praxis den Termin vereinbaren kann.').waitFor();
    expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(3);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'booking-form-375');

    const mail = `maria-${unique()}@example.com`;
    await fillAndConfirm(page, mail);
    await page.getByRole('heading', { level: 1, name: 'Ihr Termin ist gebucht' }).waitFor();
    expect(page.url()).toMatch(/\/a\/[A-Za-z0-9_-]{22}$/);
    expect(await page.getByText(new RegExp(`${time}–`)).count()).toBe(1);
    // The page's address holds the booking's link key, remembered on this phone under it.
    const key = page.url().split('/').at(-1)!;
    const remembered = await page.evaluate(() => JSON.parse(localStorage.getItem('appointmentMap') ?? '{}') as Record<string, unknown>);
    expect(Object.keys(remembered)).toContain(key);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'appointment-booked-375');

    // The confirmation mail (real SMTP) links to the appointment page.
    const confirmation = await waitForMail(mail);
    const link = linkIn(confirmation, 'http');
    // A link of its own (each message mints one), to the same appointment.
    expect(link).toMatch(/\/a\/[A-Za-z0-9_-]{22}$/);
    expect(link).not.toContain(key);
    const fromMail = await newPage(browser, phone);
    await fromMail.goto(new URL(link).pathname);
    await fromMail.getByRole('heading', { level: 1, name: 'Ihr Termin ist gebucht' }).waitFor();

    // Moved to another free time, confirmed first.
    await fromMail.getByRole('button', { name: 'Termin verschieben' }).click();
    await fromMail.getByRole('heading', { level: 2, name: 'Neue Zeit wählen' }).waitFor();
    const other = fromMail.locator('.book-time').nth(1);
    const newTime = (await other.innerText()).trim();
    await other.click();
    await fromMail.getByRole('button', { name: 'Ja, verschieben' }).click();
    await fromMail.getByText('Ihr Termin wurde verschoben.').waitFor();
    expect(await fromMail.getByText(new RegExp(`${newTime}–`)).count()).toBe(1);

    // Cancelled after a confirmation.
    await fromMail.getByRole('button', { name: 'Termin absagen' }).click();
    expect(await seriousA11yViolations(fromMail)).toEqual([]);
    await fromMail.getByRole('button', { name: 'Ja, absagen' }).click();
    await fromMail.getByRole('heading', { level: 1, name: 'Ihr Termin wurde storniert' }).waitFor();
    expect(await fromMail.getByRole('button', { name: 'Termin absagen' }).count()).toBe(0);
    await saveScreenshot(fromMail, 'appointment-cancelled-375');
    expect(errors).toEqual([]);
  });

  it('two patients race for one time: one books it, the other is told and offered the nearest', async () => {
    const first = await newPage(browser, phone);
    const second = await newPage(browser, phone);
    const time = await pickFirstFreeTime(first);
    expect(await pickFirstFreeTime(second)).toBe(time);
    await fillAndConfirm(first, `erste-${unique()}@example.com`);
    await first.getByRole('heading', { level: 1, name: 'Ihr Termin ist gebucht' }).waitFor();

    await fillAndConfirm(second, `zweite-${unique()}@example.com`);
    await second.getByRole('heading', { level: 2, name: 'Diese Zeit wurde gerade vergeben' }).waitFor();
    const offered = second.locator('.book-taken .book-time');
    expect(await offered.count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(second)).toEqual([]);
    await saveScreenshot(second, 'booking-taken-375');
    await offered.first().click();
    await second.getByRole('heading', { level: 2, name: 'Ihre Angaben' }).waitFor();
    await fillAndConfirm(second, `zweite-${unique()}@example.com`);
    await second.getByRole('heading', { level: 1, name: 'Ihr Termin ist gebucht' }).waitFor();
  });
});
