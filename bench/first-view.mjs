// The patient pages' first view (issue 44 §1): Lighthouse mobile of the ticket, draw and booking
// pages, each beside its plain-HTML baseline (plain-pages.mjs) measured in the same run. Part of
// `npm run bench`; alone (a built web app, a server of its own, nothing else):
//   node bench/first-view.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEMO_QUEUE_PATH, demoQueueId, drawDemoTicket, linkKey } from './demo-queue.mjs';
import { lighthouseScores } from './lighthouse.mjs';
import { plainBookHtml, plainDrawHtml, plainTicketHtml, servePlainPage } from './plain-pages.mjs';
import { root, startServer } from './lib/server.mjs';

/** Lighthouse figures are the median of this many runs (one takes ~13 s here; single runs vary by several points). */
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const json = async (url) => {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
};

/**
 * The page's HTML must already say what the patient came for (`expected`): a page that came
 * without its first view would score what its loading state scores, and mean nothing.
 */
async function mustShow(url, expected) {
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const root = html.slice(html.indexOf('<div id="root">'));
  if (!root.includes(expected)) throw new Error(`${url} came without its first view (${expected} not in its HTML)`);
}

/** Lighthouse of one page and of its plain baseline, as `${name}_…` figures. */
async function beside(name, url, plainHtml) {
  const scores = await lighthouseScores(url, { runs: LIGHTHOUSE_RUNS });
  const plainPage = await servePlainPage(plainHtml);
  let plain;
  try {
    plain = await lighthouseScores(plainPage.url, { runs: LIGHTHOUSE_RUNS });
  } finally {
    await plainPage.close();
  }
  return {
    [`${name}_lighthouse_performance`]: scores.performance,
    [`${name}_lighthouse_accessibility`]: scores.accessibility,
    [`${name}_lcp_ms`]: scores.lcp_ms,
    [`${name}_tbt_ms`]: scores.tbt_ms,
    [`${name}_cls`]: scores.cls,
    [`${name}_plain_lighthouse_performance`]: plain.performance,
    [`${name}_plain_lcp_ms`]: plain.lcp_ms,
    [`${name}_vs_plain_lcp_ratio`]: Number((scores.lcp_ms / plain.lcp_ms).toFixed(2)),
    // Lighthouse scales its simulated slow phone from this; scores from machines far apart in it do not compare.
    [`${name}_lighthouse_benchmark_index`]: scores.benchmark_index,
  };
}

/** The three pages on a running server with the demo practice; `ticket`: a waiting ticket's view (with its link). */
export async function firstViewLighthouse(base, ticket) {
  const figures = {};
  const pages = {
    ticket: async () => {
      const url = `${base}/ticket/${linkKey(ticket)}`;
      const view = await json(`${base}/members/${linkKey(ticket)}`);
      await mustShow(url, `class="ticket-number">${view.number}<`);
      return beside('ticket', url, plainTicketHtml(view));
    },
    draw: async () => {
      const url = `${base}/${DEMO_QUEUE_PATH}`;
      const queue = await json(`${base}/queues/${await demoQueueId(base)}/public`);
      await mustShow(url, queue.name);
      return beside('draw', url, plainDrawHtml(queue));
    },
    book: async () => {
      const url = `${base}/${DEMO_QUEUE_PATH}/book`;
      const queueId = await demoQueueId(base);
      const [type] = (await json(`${base}/appointment-types/bookable?queue_id=${queueId}&channel=ONLINE`)).types;
      const today = new Date();
      const day = (plus) => new Date(today.getTime() + plus * 86_400_000).toISOString().slice(0, 10);
      const availability = await json(`${base}/appointment-types/${type.id}/availability?from=${day(0)}&to=${day(27)}&channel=ONLINE`);
      await mustShow(url, 'class="book-time"');
      return beside('book', url, plainBookHtml(type, availability));
    },
  };
  for (const [name, measure] of Object.entries(pages)) {
    const t0 = performance.now();
    try {
      Object.assign(figures, await measure());
      console.log(`Lighthouse: ${LIGHTHOUSE_RUNS} run(s) of the ${name} page and its plain baseline in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } catch (error) {
      console.warn(`Lighthouse of the ${name} page skipped: ${error.message}`);
    }
  }
  return figures;
}

/** Issue 44 §1's targets for each page: performance ≥ 97, LCP ≤ 1.3× its plain baseline, CLS ≤ 0.05. Reported, never enforced. */
export function firstViewTargets(f) {
  return Object.fromEntries(
    ['ticket', 'draw', 'book'].flatMap((name) => [
      [`${name}_lcp_vs_plain_le_1_3`, f[`${name}_vs_plain_lcp_ratio`] !== undefined && f[`${name}_vs_plain_lcp_ratio`] <= 1.3],
      [`${name}_performance_ge_97`, f[`${name}_lighthouse_performance`] !== undefined && f[`${name}_lighthouse_performance`] >= 97],
      [`${name}_cls_le_0_05`, f[`${name}_cls`] !== undefined && f[`${name}_cls`] <= 0.05],
    ]),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (spawnSync('npm', ['run', 'build', '-w', '@wartefrei/web'], { cwd: root, stdio: 'ignore' }).status !== 0) throw new Error('web build failed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-first-view-'));
  const server = await startServer(dataDir);
  try {
    const figures = await firstViewLighthouse(server.base, await drawDemoTicket(server.base));
    console.log(JSON.stringify({ figures, targets: firstViewTargets(figures) }, null, 2));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
