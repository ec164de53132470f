import type { LoggedUser, Profile, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { waitForMail, type ReceivedMail } from '../support/mail.js';
import { saveScreenshot } from '../support/screenshots.js';
import { basic, DEMO, logInByApi } from '../support/session.js';

// Earlier appointments (issue 43): patient A waits for an earlier time, patient B cancels one,
// the server offers it to A by mail (the job runner of the e2e server sends it), A takes it.
let browser: Browser;
let admin: LoggedUser;
let headers: Record<string, string>;
let location: Profile;

const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const staffPage = await newPage(browser);
  admin = await logInByApi(staffPage, DEMO.admin);
  headers = { authorization: basic(admin.id, admin.token) };
  const queues = (await (await staffPage.request.get('/queues', { headers })).json()) as Queue[];
  const queue = queues.find((q) => q.identifier === 'allgemein');
  if (!queue) throw new Error('demo queue allgemein missing');
  location = (await (await staffPage.request.get(`/profiles/${queue.profile_id}`, { headers })).json()) as Profile;
  // Offers wait for the morning during a location's quiet hours (default 20:00–08:00): equal
  // start and end mean none, so the spec runs at any hour of the day.
  const patched = await staffPage.request.patch(`/profiles/${location.id}`, { headers, data: { quiet_hours: { start: '00:00', end: '00:00' } } });
  expect(patched.status(), await patched.text()).toBe(200);
});
afterAll(async () => {
  // The demo location's quiet hours as they were, for the specs after this one.
  const staffPage = await newPage(browser);
  await staffPage.request.patch(`/profiles/${location.id}`, { headers, data: { quiet_hours: location.quiet_hours } });
  await browser.close();
});

/**
 * Books the `index`-th free time of the `day`-th day on the booking page (−1: the day's last
 * time), with the booking form's "Früher, wenn möglich" ticked for Monday mornings when asked;
 * answers the time as shown.
 */
async function book(page: Page, mail: string, day: number, index: number, options: { askEarlier?: boolean } = {}): Promise<string> {
  await page.goto('/praxis-demo/wien/allgemein/book');
  await page.getByRole('heading', { level: 2, name: 'Tag wählen' }).waitFor();
  if (day > 0) {
    await page.locator('.book-day').nth(day).click();
    await page.locator('.book-day').nth(day).and(page.locator('[aria-pressed="true"]')).waitFor();
  }
  const times = page.locator('.book-time');
  await times.first().waitFor();
  const slot = index < 0 ? times.last() : times.nth(index);
  const time = (await slot.innerText()).trim();
  await slot.click();
  await page.getByRole('heading', { level: 2, name: 'Ihre Angaben' }).waitFor();
  await page.getByLabel('Vorname').fill('Maria');
  await page.getByLabel('Nachname').fill('Muster');
  await page.getByLabel('E-Mail').fill(mail);
  const earlier = page.getByRole('group', { name: 'Früher, wenn möglich' });
  await earlier.waitFor();
  if (options.askEarlier) {
    await earlier.getByLabel(/früheren Termin an/).check();
    await earlier.getByRole('checkbox', { name: 'Montag Vormittag' }).check();
    expect(await seriousA11yViolations(page)).toEqual([]);
  }
  await page.getByLabel(/Ich bin einverstanden/).check();
  await page.getByRole('button', { name: 'Termin verbindlich buchen' }).click();
  await page.getByRole('heading', { level: 1, name: 'Ihr Termin ist gebucht' }).waitFor();
  return time;
}

/** The offer's mail to `to` (after the booking's confirmation, which came first): its link's path. */
async function offerLinkIn(to: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const mail: ReceivedMail = await waitForMail(to);
    const link = /https?:\/\/\S+?\/offer\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (link) return new URL(link).pathname;
    if (Date.now() > deadline) throw new Error(`no offer mail to ${to}; the last one was "${mail.subject}"`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('earlier, if possible', () => {
  it('A asks for earlier, B cancels, A takes B’s time from the mailed offer', async () => {
    // A: a late time (the last of the second day shown), then "Früher, wenn möglich" on the appointment page.
    const a = await newPage(browser, phone);
    const errors = collectBrowserErrors(a);
    const aMail = `frueher-a-${unique()}@example.com`;
    const lateTime = await book(a, aMail, 1, -1);
    const box = a.getByRole('region', { name: 'Früher, wenn möglich' });
    await box.getByRole('button', { name: 'Früheren Termin anbieten' }).click();
    // The grid is keyboard-usable: each weekday's part is a labelled checkbox.
    await box.getByRole('checkbox', { name: 'Montag Vormittag' }).waitFor();
    expect(await box.getByRole('checkbox').count()).toBe(14);
    expect(await seriousA11yViolations(a)).toEqual([]);
    await saveScreenshot(a, 'earlier-box-360');
    // Nothing ticked: any earlier time suits.
    await box.getByRole('button', { name: 'Wunsch speichern' }).click();
    await box.getByText('Sie haben um einen früheren Termin gebeten.').waitFor();
    await box
      .getByRole('status')
      .getByText(/Gespeichert/)
      .waitFor();
    expect(await box.getByRole('button', { name: 'Zurückziehen' }).count()).toBe(1);
    expect(await seriousA11yViolations(a)).toEqual([]);
    await saveScreenshot(a, 'earlier-asked-360');

    // B: the first free time of the first day, asking for earlier in the booking form, then cancelled.
    const b = await newPage(browser, phone);
    const earlyTime = await book(b, `frueher-b-${unique()}@example.com`, 0, 0, { askEarlier: true });
    const bBox = b.getByRole('region', { name: 'Früher, wenn möglich' });
    await bBox.getByText('Sie haben um einen früheren Termin gebeten.').waitFor();
    await bBox.getByText('Passt: Montag Vormittag').waitFor();
    await b.getByRole('button', { name: 'Termin absagen' }).click();
    await b.getByRole('button', { name: 'Ja, absagen' }).click();
    await b.getByRole('heading', { level: 1, name: 'Ihr Termin wurde storniert' }).waitFor();

    // The offer reaches A by mail (real SMTP); its page says what and until when.
    const offerPath = await offerLinkIn(aMail);
    await a.goto(offerPath);
    await a.getByRole('heading', { level: 1, name: 'Ein früherer Termin ist frei' }).waitFor();
    expect(await a.getByText(new RegExp(`${earlyTime}–`)).count()).toBe(1);
    await a.getByText('Annehmen bis', { exact: false }).first().waitFor();
    expect(await seriousA11yViolations(a)).toEqual([]);
    await saveScreenshot(a, 'earlier-offer-360');

    // A takes it: the page says so with the focus on its heading, and shows the new time.
    await a.getByRole('button', { name: 'Termin übernehmen' }).click();
    const accepted = a.getByRole('heading', { level: 1, name: 'Ihr Termin ist jetzt früher' });
    await accepted.waitFor();
    expect(await accepted.evaluate((heading) => heading === document.activeElement)).toBe(true);
    expect(await a.getByText(new RegExp(`${earlyTime}–`)).count()).toBe(1);
    expect(await seriousA11yViolations(a)).toEqual([]);
    await saveScreenshot(a, 'earlier-offer-accepted-360');

    // …and the appointment page too (the old time is gone).
    await a.getByRole('link', { name: 'Zu Ihrem Termin' }).click();
    await a.getByRole('heading', { level: 1, name: 'Ihr Termin ist gebucht' }).waitFor();
    expect(await a.getByText(new RegExp(`${earlyTime}–`)).count()).toBe(1);
    expect(await a.getByText(new RegExp(`${lateTime}–`)).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('an unknown offer link says so, and that the appointment stays', async () => {
    const page = await newPage(browser, phone);
    const errors = collectBrowserErrors(page);
    await page.goto('/offer/AAAAAAAAAAAAAAAAAAAAAA');
    await page.getByRole('heading', { level: 1, name: 'Angebot nicht gefunden' }).waitFor();
    await page.getByText(/Ihr bisheriger Termin bleibt bestehen/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The browser reports the 404 answer itself as a failed resource; nothing else may fail.
    expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
  });
});
