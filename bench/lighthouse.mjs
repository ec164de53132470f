// A Lighthouse mobile run of one page with Debian's chromium (CHROME_PATH overrides): Lighthouse's
// default config, so a Moto G Power sized screen, slow 4G and a 4× slower CPU, simulated.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const MAX_RETRIES = 2;

export const chromiumPath = () => process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Performance and accessibility scores (0–100), largest contentful paint, total blocking time
 * and cumulative layout shift of `url`, and the machine's benchmark index that the simulated throttling scales from.
 * With `runs` > 1 every figure is the median of the runs (scores vary by a few points run to run).
 * With `mustFetch` (a path) a run throws unless the page fetched it successfully: the scores of a
 * page that failed to show its content would look fine and mean nothing.
 */
export async function lighthouseScores(url, { runs = 1, mustFetch } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  const results = [];
  try {
    for (let i = 0, retries = 0; i < runs; i++) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      // Trace recording fails now and then on a busy machine (NO_NAVSTART: "run Lighthouse
      // again"): such a run measured nothing, so it is repeated, twice at most.
      if (lhr.runtimeError && retries < MAX_RETRIES) {
        console.warn(`Lighthouse on ${url}: ${lhr.runtimeError.code}, running again`);
        retries += 1;
        i -= 1;
        continue;
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const warning of lhr.runWarnings) console.warn(`Lighthouse: ${warning}`);
      if (mustFetch) {
        const requests = lhr.audits['network-requests'].details.items;
        if (!requests.some((r) => new URL(r.url).pathname === mustFetch && r.statusCode >= 200 && r.statusCode < 300)) {
          throw new Error(`Lighthouse on ${url}: the page did not fetch ${mustFetch}`);
        }
      }
      results.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        lcp_ms: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbt_ms: Math.round(lhr.audits['total-blocking-time'].numericValue),
        // Layout shift while the page loads (a server-rendered page hydrating must not move).
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        benchmark_index: Math.round(lhr.environment.benchmarkIndex),
        failedAccessibility: lhr.categories.accessibility.auditRefs
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit.score !== null && audit.score < 1)
          .map((audit) => audit.id),
      });
    }
  } finally {
    chrome.kill();
  }
  const median = (key) => {
    const sorted = results.map((r) => r[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const failed = [...new Set(results.flatMap((r) => r.failedAccessibility))];
  if (failed.length > 0) console.warn(`Lighthouse accessibility audits not passed on ${url}: ${failed.join(', ')}`);
  return {
    performance: median('performance'),
    accessibility: median('accessibility'),
    lcp_ms: median('lcp_ms'),
    tbt_ms: median('tbt_ms'),
    cls: median('cls'),
    benchmark_index: median('benchmark_index'),
  };
}
