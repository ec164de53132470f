import type { Monitor, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { controllableSocket, demoAdmin, drawByApi, openDemoQueue, type Staff } from '../support/staff.js';

// The waiting room's TV: called numbers live, never a silent call, gong and speech, and the last state kept while offline.
let browser: Browser;
let staff: Staff;
let queue: Queue;
let monitor: Monitor;

const tv = { viewport: { width: 1920, height: 1080 } };

/** Records what the monitor would say and play: Web Speech and Web Audio calls, counted in the page. */
const recordAnnouncements = () => {
  const w = window as unknown as { __spoken: string[]; __tones: number };
  w.__spoken = [];
  w.__tones = 0;
  speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => void w.__spoken.push(utterance.text);
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    w.__tones += 1;
    return create.call(this);
  };
};
const announcements = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __spoken: string[]; __tones: number };
    return { spoken: [...w.__spoken], tones: w.__tones };
  });
const calledNumbers = async (page: Page) => (await page.locator('.monitor-numbers li, .monitor-list-number').allTextContents()).map(Number);

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await demoAdmin(browser);
  queue = await openDemoQueue(staff, 'allgemein');
  const monitors = await staff.call<Monitor[]>('GET', '/monitors');
  const demo = monitors.find((m) => m.identifier === 'wartezimmer');
  if (!demo) throw new Error('demo monitor wartezimmer missing');
  // Speech on: the spoken call must come for a public call and never for a silent one.
  monitor = await staff.call<Monitor>('PATCH', `/monitors/${demo.id}`, { speech: true, layout: 'STANDARD' }, 200);
});
afterAll(async () => {
  await browser.close();
});

describe('monitor', () => {
  it('shows a public call large and highlighted, with gong and speech — and nothing for a silent call', async () => {
    const page = await newPage(browser, tv);
    const errors = collectBrowserErrors(page);
    await page.addInitScript(recordAnnouncements);
    const loud = await drawByApi(page, queue.id);
    const quiet = await drawByApi(page, queue.id);
    await page.goto('/praxis-demo/monitor/wartezimmer');
    await page.getByRole('heading', { level: 1, name: 'Wartezimmer' }).waitFor();
    // The next numbers are listed before anyone is called.
    await page
      .getByText(new RegExp(`Als Nächstes:.*\\b${loud.number}\\b`))
      .first()
      .waitFor();
    // Where the browser holds sound back until a click, the monitor offers the button for it.
    const soundOn = page.getByRole('button', { name: 'Ton einschalten' });
    if (await soundOn.isVisible()) await soundOn.click();

    await staff.call('POST', `/members/${loud.id}/call`, { force: true }, 200);
    await page
      .locator('.monitor-newest', { hasText: String(loud.number) })
      .first()
      .waitFor();
    expect(await page.locator('[aria-live="assertive"]').textContent()).toBe(`Nummer ${loud.number}, Allgemeinmedizin`);
    await expect.poll(async () => (await announcements(page)).spoken).toEqual([`Nummer ${loud.number}. Bitte zu Allgemeinmedizin.`]);
    const afterLoud = await announcements(page);
    expect(afterLoud.tones).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'monitor-1920');

    await staff.call('POST', `/members/${quiet.id}/call`, { force: true, silent: true }, 200);
    // The silent call moves the queue on (its number leaves "next") but is never shown or announced.
    await expect.poll(async () => (await page.locator('.monitor-next').allTextContents()).join(' ')).not.toMatch(new RegExp(`\\b${quiet.number}\\b`));
    await page.waitForTimeout(1000);
    expect(await calledNumbers(page)).not.toContain(quiet.number);
    expect(await calledNumbers(page)).toContain(loud.number);
    expect(await announcements(page)).toEqual(afterLoud);

    await page.setViewportSize({ width: 375, height: 667 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'monitor-375');
    await staff.call('POST', `/members/${loud.id}/finish`, undefined, 200);
    await staff.call('POST', `/members/${quiet.id}/finish`, undefined, 200);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the last state with a "connection lost" mark while offline, and catches up after', async () => {
    const page = await newPage(browser, tv);
    const socket = await controllableSocket(page);
    await page.goto(`/monitor/${monitor.id}`);
    await page.getByRole('heading', { level: 1, name: 'Wartezimmer' }).waitFor();
    const ticket = await drawByApi(page, queue.id);
    await page
      .getByText(new RegExp(`Als Nächstes:.*\\b${ticket.number}\\b`))
      .first()
      .waitFor();

    await socket.cut();
    await page.getByText('Verbindung unterbrochen – Anzeige zeigt den letzten Stand').waitFor();
    // Still the last state: the board did not go blank.
    expect(await page.getByText(new RegExp(`Als Nächstes:.*\\b${ticket.number}\\b`)).count()).toBeGreaterThan(0);
    await staff.call('POST', `/members/${ticket.id}/call`, { force: true }, 200);
    await saveScreenshot(page, 'monitor-offline-1920');

    socket.restore();
    // Reconnects within 5 s and refetches: the call made while offline shows up.
    await page
      .locator('.monitor-numbers li', { hasText: String(ticket.number) })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.getByText('Verbindung unterbrochen – Anzeige zeigt den letzten Stand').count()).toBe(0);
    await staff.call('POST', `/members/${ticket.id}/finish`, undefined, 200);
    await page.context().close();
  });

  it('shows one queue in each of the three layouts of its identifier link', async () => {
    const page = await newPage(browser, tv);
    const errors = collectBrowserErrors(page);
    for (const [suffix, marker] of [
      ['monitor', '.monitor-standard'],
      ['monitor2', '.monitor-columns'],
      ['monitor3', '.monitor-list'],
    ] as const) {
      await page.goto(`/praxis-demo/wien/allgemein/${suffix}`);
      await page.getByRole('heading', { level: 1, name: 'Ordination Wien' }).waitFor();
      await page.locator(marker).waitFor();
      expect(await page.getByRole('heading', { level: 2, name: 'Allgemeinmedizin' }).count()).toBe(suffix === 'monitor3' ? 0 : 1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, `monitor-layout-${suffix}-1920`);
    }
    // The master monitor of the account, without an identifier: every queue.
    await page.goto('/praxis-demo/monitor');
    await page.getByRole('heading', { level: 1, name: 'Praxis Dr. Demo' }).waitFor();
    await page.getByRole('columnheader', { name: 'Warteliste' }).waitFor();
    await page.goto('/m/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Monitor nicht gefunden' }).waitFor();
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.context().close();
  });
});
