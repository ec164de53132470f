// What the pages' JS weighs, as a browser loads it (`pageJs`), the pages the bench weighs, and
// their budgets (packages/web/budgets.mjs, the same the budget test holds the build to).
// `node bench/page-js.mjs` weighs the patient pages of the built web app (packages/web/dist) in
// Chromium beside what the budget test computes from Vite's manifest for the same build: the two
// must agree within a few per cent, or the test weighs something else than a phone loads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { PAGE_BUDGETS } from '../packages/web/budgets.mjs';
import { weighPages } from '../scripts/js-budgets/closure.mjs';
import { DEMO_QUEUE_PATH, demoQueueId, drawDemoTicket, linkKey } from './demo-queue.mjs';
import { chromiumPath } from './lighthouse.mjs';
import { root, startServer } from './lib/server.mjs';

const gzipBytes = (file) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * The gzipped JS a browser really loads for a page: open it in Chromium, record every script
 * it fetches from the build, gzip those files. Lazy chunks count only when the page uses them.
 * Beside it the bytes of JS the server really sent (`_js_wire_bytes`): gzip only helps a phone
 * when the server compresses.
 * A page is a path, or { path, rendered(page, responses) } that throws unless the page showed
 * what it is for; a page that did not is left out with a warning rather than weighed half loaded.
 * `fetched`, when given, receives each page's script paths.
 */
export async function pageJs(base, pages, fetched = {}) {
  const dist = path.join(root, 'packages/web/dist');
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const sizes = {};
  try {
    for (const [name, pageOrPath] of Object.entries(pages)) {
      const { path: pagePath, rendered } = typeof pageOrPath === 'string' ? { path: pageOrPath } : pageOrPath;
      const page = await browser.newPage();
      const scripts = new Set();
      const responses = [];
      page.on('response', (r) => {
        responses.push(r);
        const { pathname } = new URL(r.url());
        if (pathname.endsWith('.js')) scripts.add(pathname);
      });
      await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
      try {
        await rendered?.(page, responses);
        sizes[`${name}_js_gzip_bytes`] = [...scripts].reduce((sum, p) => sum + gzipBytes(path.join(dist, p)), 0);
        const jsResponses = responses.filter((r) => new URL(r.url()).pathname.endsWith('.js'));
        const wire = await Promise.all(jsResponses.map(async (r) => (await r.request().sizes()).responseBodySize));
        sizes[`${name}_js_wire_bytes`] = wire.reduce((sum, bytes) => sum + bytes, 0);
        fetched[name] = [...scripts].map((p) => p.replace(/^\//, '')).sort();
      } catch (error) {
        console.warn(`${pagePath} did not render, its page weight is skipped: ${error.message}`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return sizes;
}

/**
 * The ticket page showed the ticket and its script took it over: the number in its number
 * element, the screen no longer held disabled (the first view came with the page, so there is
 * no `GET /members/{key}` to wait for).
 */
export const ticketRendered = (ticket) => async (page) => {
  await page.locator('.ticket-number', { hasText: new RegExp(`^\\s*${ticket.number}\\s*$`) }).waitFor({ timeout: 10_000 });
  await page.locator('fieldset.patient-live:not([disabled])').waitFor({ timeout: 10_000 });
};

/** The draw page showed its first view: the choice of ticket or appointment, or the button that draws. */
const drawRendered = (page) => page.locator('.draw-pick, .patient-submit').first().waitFor({ timeout: 10_000 });

/** The booking page with its free times shown. */
const bookRendered = (page) => page.locator('.book-time').first().waitFor({ timeout: 10_000 });

/** A screen showed its content: `selector` is visible. */
const shows = (selector) => (page) => page.locator(selector).first().waitFor({ timeout: 10_000 });

/**
 * The patient pages with a budget (packages/web/budgets.mjs), on the demo practice: `ticket` is
 * the patient's ticket drawn for it on the list `queueId`. A page here without a budget, or a
 * budget without a page here, fails at once: the bench must report every budgeted page.
 */
export function budgetedPages(ticket, queueId) {
  const location = DEMO_QUEUE_PATH.split('/').slice(0, 2).join('/');
  const pages = {
    draw: { path: `/${DEMO_QUEUE_PATH}`, rendered: drawRendered },
    ticket: { path: `/ticket/${linkKey(ticket)}`, rendered: ticketRendered(ticket) },
    book: { path: `/${DEMO_QUEUE_PATH}/book`, rendered: bookRendered },
    kiosk: { path: `/${location}/kiosk`, rendered: shows('.kiosk-main button') },
    monitor: { path: `/${DEMO_QUEUE_PATH}/monitor`, rendered: shows('.monitor-screen') },
    embed: { path: `/embed/queue/iframe/${queueId}`, rendered: shows('.embed-screen') },
  };
  const unmatched = [...Object.keys(pages), ...Object.keys(PAGE_BUDGETS)].filter((name) => !(name in pages) || !(name in PAGE_BUDGETS));
  if (unmatched.length > 0) throw new Error(`pages and budgets differ: ${unmatched.join(', ')}`);
  return pages;
}

/** Each budgeted page against its budget: `<page>_js_gzip_le_<budget>kb`, true when within it. */
export function budgetTargets(figures) {
  return Object.fromEntries(
    Object.entries(PAGE_BUDGETS).map(([name, { budget_bytes }]) => {
      const bytes = figures[`${name}_js_gzip_bytes`];
      return [`${name}_js_gzip_le_${budget_bytes / 1000}kb`, bytes !== undefined && bytes <= budget_bytes];
    }),
  );
}

// Alone: the budgeted pages in Chromium beside the manifest's figures, for the same build.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-page-js-'));
  try {
    const server = await startServer(dataDir);
    try {
      const fetched = {};
      const browser = await pageJs(server.base, budgetedPages(await drawDemoTicket(server.base), await demoQueueId(server.base)), fetched);
      const manifest = weighPages(path.join(root, 'packages/web/dist'), PAGE_BUDGETS);
      for (const [name, { budget_bytes }] of Object.entries(PAGE_BUDGETS)) {
        const inBrowser = browser[`${name}_js_gzip_bytes`];
        const fromManifest = manifest[name].bytes;
        console.log(`${name}: browser ${inBrowser} bytes, manifest ${fromManifest} bytes (${((fromManifest / inBrowser - 1) * 100).toFixed(1)} %), budget ${budget_bytes}`);
        const onlyBrowser = (fetched[name] ?? []).filter((f) => !manifest[name].files.includes(f));
        const onlyManifest = manifest[name].files.filter((f) => !(fetched[name] ?? []).includes(f));
        if (onlyBrowser.length) console.log(`  fetched, not in the manifest's closure: ${onlyBrowser.join(' ')}`);
        if (onlyManifest.length) console.log(`  in the manifest's closure, not fetched: ${onlyManifest.join(' ')}`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
