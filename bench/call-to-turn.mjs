// From a staff call to "Sie sind an der Reihe!" on the patient's ticket page, in Chromium: the
// live path end to end (call → commit → event → socket → refetch → render). The end-to-end test
// checks that the page turns without a reload; how fast it turns is measured here, not asserted.
import { chromium } from 'playwright-core';
import { drawDemoTicket, linkKey, staffHeaders } from './demo-queue.mjs';
import { chromiumPath } from './lighthouse.mjs';
import { percentile } from './lib/server.mjs';

const YOUR_TURN = 'Sie sind an der Reihe!';

async function post(url, headers, body) {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
}

/** `runs` tickets, each drawn, opened in its own page, called and timed, then finished. */
export async function callToYourTurn(base, runs = 20) {
  const staff = await staffHeaders(base);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const times = [];
  try {
    for (let i = 0; i < runs; i++) {
      const ticket = await drawDemoTicket(base);
      const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
      // The page's socket must have subscribed to the ticket before the call, as a phone's would.
      const subscribed = new Promise((resolve) => {
        page.on('websocket', (socket) =>
          socket.on('framesent', ({ payload }) => {
            if (String(payload).includes(`member:${linkKey(ticket)}`)) resolve();
          }),
        );
      });
      await page.goto(`${base}/ticket/${linkKey(ticket)}`);
      await page.locator('.ticket-number', { hasText: String(ticket.number) }).waitFor({ timeout: 15_000 });
      await subscribed;
      const turned = page.getByRole('heading', { level: 1, name: YOUR_TURN }).waitFor({ timeout: 15_000 });
      const t0 = performance.now();
      await post(`${base}/members/${ticket.id}/call`, staff, { force: true });
      await turned;
      times.push(performance.now() - t0);
      await post(`${base}/members/${ticket.id}/finish`, staff, {});
      await page.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms);
  return {
    call_to_your_turn_p50_ms: round(percentile(times, 50)),
    call_to_your_turn_p90_ms: round(percentile(times, 90)),
    call_to_your_turn_max_ms: round(times.at(-1) ?? 0),
    call_to_your_turn_runs: times.length,
  };
}
