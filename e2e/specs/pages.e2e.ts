import { formatEuro, quoteDevices, quoteSubscription, type LoggedUser, type PriceTier } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';

// The public pages: landing, pricing, demo, FAQ and the 404 page, in German unless a test says otherwise.
const PAGES = [
  { name: 'landing', path: '/', route: 'Startseite', h1: 'Warten, ohne im Wartezimmer zu sitzen' },
  { name: 'pricing', path: '/pricing', route: 'Preise', h1: 'Preise' },
  { name: 'demo', path: '/demo', route: 'Demo', h1: 'Die Demo-Praxis ausprobieren' },
  { name: 'faq', path: '/faq', route: 'Häufige Fragen', h1: 'Häufige Fragen' },
  { name: 'not-found', path: '/404', route: 'Seite nicht gefunden', h1: 'Seite nicht gefunden' },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Opens a path and waits until the page's h1 (which arrives with the page's lazy chunk) is visible. */
async function open(page: Page, path: string, h1: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor({ state: 'visible' });
}

/** Heading levels inside <main> in document order, e.g. [1, 2, 3, 3, 2]. */
function headingLevels(page: Page): Promise<number[]> {
  return page.$$eval('main :is(h1, h2, h3, h4, h5, h6)', (headings) => headings.map((h) => Number(h.tagName.slice(1))));
}

/** The internal link targets inside <main>. */
function mainLinks(page: Page): Promise<string[]> {
  return page.$$eval('main a[href^="/"]', (links) => links.map((a) => a.getAttribute('href') ?? ''));
}

describe.each(PAGES)('$name page ($path)', ({ name, path, route, h1 }) => {
  it(`has one h1 "${h1}", the title "wartefrei – ${route}", headings in order, no errors, no serious a11y problem`, async () => {
    const page = await newPage(browser);
    const browserErrors = collectBrowserErrors(page);
    await open(page, path, h1);

    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await expect.poll(() => page.title()).toBe(`wartefrei – ${route}`);

    const levels = await headingLevels(page);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `heading ${i} (h${level}) after h${levels[i - 1]}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });

    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(browserErrors).toEqual([]);
    await page.context().close();
  });

  it.each([320, 991])('fits %i px without horizontal scrolling', async (width) => {
    const page = await newPage(browser, { viewport: { width, height: 800 } });
    await open(page, path, h1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.context().close();
  });

  it('is saved as full-page screenshots at 375 and 1280 px', async () => {
    for (const width of [375, 1280]) {
      const page = await newPage(browser, { viewport: { width, height: 800 } });
      await open(page, path, h1);
      await page.waitForLoadState('networkidle');
      const file = await saveScreenshot(page, `${name}-${width}`);
      expect(file).toMatch(new RegExp(`screenshots/${name}-${width}\\.png$`));
      await page.context().close();
    }
  });
});

describe('landing page', () => {
  it('leads to the trial, the demo and the prices', async () => {
    const page = await newPage(browser);
    await open(page, '/', PAGES[0].h1);
    // The price link waits for the server's answer whether it bills (no prices without Stripe).
    await expect.poll(() => mainLinks(page)).toEqual(expect.arrayContaining(['/signup', '/demo', '/pricing']));
    await page.getByRole('link', { name: '14 Tage kostenlos testen' }).first().click();
    await page.waitForURL('**/signup');
    await page.context().close();
  });

  it.each([
    ['en', 'Waiting without sitting in the waiting room', 'wartefrei – Home'],
    ['tr', 'Bekleme salonunda oturmadan bekleyin', 'wartefrei – Ana sayfa'],
  ])('speaks %s when that language was chosen before', async (lang, heading, title) => {
    const page = await newPage(browser);
    await page.addInitScript((stored) => localStorage.setItem('lang', stored), JSON.stringify(lang));
    await open(page, '/', heading);
    await expect.poll(() => page.title()).toBe(title);
    await page.context().close();
  });
});

describe('pricing calculator', () => {
  async function setCount(page: Page, label: string, value: number) {
    await page.getByLabel(label, { exact: true }).fill(String(value));
  }

  async function expectTotals(page: Page, testId: string, totals: { netCents: number; vatCents: number; grossCents: number }) {
    await expect.poll(() => page.getByTestId(`${testId}-net`).innerText()).toBe(formatEuro(totals.netCents));
    expect(await page.getByTestId(`${testId}-vat`).innerText()).toBe(formatEuro(totals.vatCents));
    expect(await page.getByTestId(`${testId}-gross`).innerText()).toBe(formatEuro(totals.grossCents));
  }

  it.each<[number, number, PriceTier]>([
    [1, 3, 'introductory'],
    [2, 7, 'regular'],
  ])('shows for %i location(s) and %i lists (%s) the net, VAT and gross of the shared rules', async (locations, lists, tier) => {
    const page = await newPage(browser);
    await open(page, '/pricing', 'Preise');
    await setCount(page, 'Standorte', locations);
    await setCount(page, 'Wartelisten (insgesamt)', lists);
    if (tier === 'regular') await page.getByRole('radio', { name: /Regulärer Preis/ }).check();

    const quote = quoteSubscription({ locations, lists, tier });
    await expectTotals(page, 'monthly', quote);
    expect(await page.getByTestId('calculator-summary').innerText()).toContain(formatEuro(quote.grossCents));
    await page.context().close();
  });

  it('pins the 1 location / 3 lists example to euros and cents', async () => {
    // Independent of the shared function: 89 € base + 1 extra list at 29,99 €, 20 % VAT.
    const page = await newPage(browser);
    await open(page, '/pricing', 'Preise');
    await setCount(page, 'Standorte', 1);
    await setCount(page, 'Wartelisten (insgesamt)', 3);
    await expectTotals(page, 'monthly', { netCents: 11_899, vatCents: 2_380, grossCents: 14_279 });
    expect(await page.getByTestId('monthly-gross').innerText()).toBe('142,79\u00a0€');
    await page.context().close();
  });

  it('adds kiosks and monitors as a one-off sum', async () => {
    const page = await newPage(browser);
    await open(page, '/pricing', 'Preise');
    expect(await page.getByTestId('devices').count()).toBe(0);
    await setCount(page, 'Kiosks', 1);
    await setCount(page, 'Aufrufmonitore', 2);
    await expectTotals(page, 'devices', quoteDevices({ kiosks: 1, monitors: 2 }));
    await page.context().close();
  });
});

describe('demo page', () => {
  it('links to the demo practice screens and the login, and names the demo logins', async () => {
    const page = await newPage(browser);
    await open(page, '/demo', PAGES[2].h1);
    expect(await mainLinks(page)).toEqual(
      expect.arrayContaining([
        '/praxis-demo/wien/allgemein',
        '/praxis-demo/wien/labor',
        '/praxis-demo/wien/allgemein/monitor',
        '/praxis-demo/monitor',
        '/praxis-demo/wien/kiosk',
        '/login',
      ]),
    );
    const main = page.getByRole('main');
    for (const text of ['admin@praxis-demo.example', 'assistenz@praxis-demo.example', 'wartefrei-demo']) {
      expect(await main.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    await page.context().close();
  });
});

describe('FAQ page', () => {
  it('opens an answer with the keyboard', async () => {
    const page = await newPage(browser);
    await open(page, '/faq', PAGES[3].h1);
    const question = page.getByRole('button', { name: 'Wie wird die voraussichtliche Wartezeit berechnet?' });
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await page.getByText(/durchschnittlichen Behandlungsdauer/).waitFor({ state: 'visible' });
    await page.context().close();
  });
});

describe('404 page', () => {
  it('leads back to the start page, and not to the dashboard when nobody is signed in', async () => {
    const page = await newPage(browser);
    await open(page, '/404', PAGES[4].h1);
    expect(await mainLinks(page)).toContain('/');
    expect(await mainLinks(page)).not.toContain('/backend/dashboard');
    await page.context().close();
  });

  it('also leads to the dashboard when someone is signed in', async () => {
    const page = await newPage(browser);
    const credentials = Buffer.from('assistenz@praxis-demo.example:wartefrei-demo').toString('base64');
    const response = await page.request.post('/auth/login', {
      headers: { authorization: `Basic ${credentials}`, accept: 'application/json' },
    });
    expect(response.status()).toBe(200);
    const user = (await response.json()) as LoggedUser;
    // The web app keeps the signed-in user in localStorage `user`.
    await page.addInitScript((stored) => localStorage.setItem('user', stored), JSON.stringify(user));

    await open(page, '/404', PAGES[4].h1);
    await page.getByRole('main').getByRole('link', { name: 'Zur Übersicht' }).waitFor();
    expect(await mainLinks(page)).toEqual(expect.arrayContaining(['/', '/backend/dashboard']));
    await page.context().close();
  });
});
