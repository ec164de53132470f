// Earlier appointments, a simulated month (issue 43 §5): a practice with 4 appointment types and
// 3 processors (weekday hours), a month of bookings made 1–28 days ahead that fill most of its
// hours, 8 % of them cancelled at random lead times, 30 % of the patients asking for an earlier
// time (`PUT /appointments/{token}/earlier`; a fifth of them with "not before", a fifth with
// chosen weekday parts). Offers are read from the mails on the real SMTP server; a patient who
// gets one accepts it with 60 % probability, declines with 20 %, and lets it expire otherwise,
// after a random delay within its validity. The server runs in process on an injected clock
// (bench/earlier-month/practice.mjs) moved in 5-minute steps, with its jobs run by the real job
// runner at each, so quiet hours, expiry and chains happen as in production.
// Measured: freed times (those freed ≥ 24 h ahead), the share of those re-filled (target ≥ 60 %),
// the median days gained by those who moved earlier, messages per re-fill — and, in the same
// run with the same seed, the baseline: the same month with the types' offer_count 0.
// Run on its own: `node bench/earlier-month.mjs` (BENCH_EARLIER_SEED, BENCH_EARLIER_DB=pglite).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib/server.mjs';
import { monthFigures } from './earlier-month/figures.mjs';
import { ACCEPT_SHARE, CANCEL_SHARE, DECLINE_SHARE, DEMAND, EARLIER_SHARE, MONTH, SEED, TYPES, dailyCapacity, planMonth } from './earlier-month/plan.mjs';
import { givenPractice, startMonthApp } from './earlier-month/practice.mjs';
import { STEP, simulateMonth } from './earlier-month/simulate.mjs';

const TARGET_REFILLED_PCT = 60;
const OFFER_COUNT = 3;

/** One month on a fresh server: with offers (`offerCount` per type) or without (0). */
async function runMonth(plan, offerCount, log) {
  const t0 = performance.now();
  const t = await startMonthApp();
  try {
    const practice = await givenPractice(t, { offerCount });
    const run = await simulateMonth(t, practice, plan, { seed: SEED, log });
    const figures = await monthFigures(t, practice, run);
    return { ...figures, database: t.databaseKind, seconds: Math.round((performance.now() - t0) / 1000) };
  } finally {
    await t.close();
  }
}

export async function earlierMonthBench({ quiet = false } = {}) {
  const log = (line) => quiet || console.log(`[earlier-month] ${line}`);
  const plan = planMonth(SEED);
  log(`seed ${SEED}: ${plan.length} patients want a time, ${Object.values(dailyCapacity()).reduce((a, b) => a + b, 0)} times a weekday`);
  // Side by side, each with its own server, database, clock and mail server: a run mostly waits
  // for its database, so two take little longer than one.
  const [withOffers, baseline] = await Promise.all([runMonth(plan, OFFER_COUNT, (line) => log(`offers: ${line}`)), runMonth(plan, 0, (line) => log(`baseline: ${line}`))]);
  log(`with offers: ${JSON.stringify(withOffers)}`);
  log(`baseline: ${JSON.stringify(baseline)}`);
  const figures = {
    earlier_month_patients: plan.length,
    earlier_month_bookings: withOffers.detail.bookings,
    earlier_month_freed_times: withOffers.freed,
    earlier_month_freed_24h_ahead: withOffers.freed_24h_ahead,
    earlier_month_refilled_24h_ahead_pct: withOffers.refilled_24h_ahead_pct,
    earlier_month_refilled_all_pct: withOffers.refilled_all_pct,
    earlier_month_refilled_hours_before_median: withOffers.refilled_hours_before_median,
    earlier_month_moved_patients: withOffers.moved_patients,
    earlier_month_days_gained_median: withOffers.days_gained_median,
    earlier_month_messages_per_refill: withOffers.messages_per_refill,
    earlier_month_taken_again_24h_ahead_pct: withOffers.taken_again_24h_ahead_pct,
    earlier_month_baseline_freed_times: baseline.freed,
    earlier_month_baseline_freed_24h_ahead: baseline.freed_24h_ahead,
    earlier_month_baseline_refilled_24h_ahead_pct: baseline.refilled_24h_ahead_pct,
    earlier_month_baseline_taken_again_24h_ahead_pct: baseline.taken_again_24h_ahead_pct,
    earlier_month_seconds: Math.max(withOffers.seconds, baseline.seconds),
  };
  const details = {
    seed: SEED,
    month: MONTH,
    types: TYPES,
    settings: {
      offer_count: OFFER_COUNT,
      demand: DEMAND,
      cancel_share: CANCEL_SHARE,
      earlier_share: EARLIER_SHARE,
      accept_share: ACCEPT_SHARE,
      decline_share: DECLINE_SHARE,
      step_minutes: STEP / 60_000,
    },
    with_offers: withOffers,
    baseline,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/earlier-month.json'), `${JSON.stringify(details, null, 2)}\n`);
  return {
    figures,
    targets: {
      [`earlier_month_refilled_24h_ahead_pct ≥ ${TARGET_REFILLED_PCT}`]: (withOffers.refilled_24h_ahead_pct ?? 0) >= TARGET_REFILLED_PCT,
      'earlier_month_baseline_refilled_24h_ahead_pct = 0': baseline.refilled_24h_ahead_pct === 0,
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await earlierMonthBench();
  console.table(result.figures);
  console.table(result.targets);
  console.log('details written to bench/results/earlier-month.json');
}
