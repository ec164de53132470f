// Estimate accuracy (issue 8): simulated practice mornings replayed through the real wait
// estimator, fed as the server feeds it, beside the naive one (members ahead × configured
// average ÷ processors) on the very same days. Pure computation — no server, no database.
// Run on its own: `node bench/estimate-accuracy.mjs [days]` (plain node is enough: the
// TypeScript is loaded through tsx's API). The figures are the same on every machine.
// Scenarios: estimate-accuracy/scenarios.mjs; error definitions: estimate-accuracy/score.mjs;
// errors by time of draw, to find a cause: `node bench/estimate-accuracy/diagnose.mjs [scenario]`.
// The absent processor pauses with "Pause für 60 Minuten" (the server knows their return) except
// in slow_unannounced_absence; `estimate_without_return_*` is the server as before that feature
// (a plain switch to not active, no return told) on the same days: the before beside the after.
import { pathToFileURL } from 'node:url';
import { naiveEstimator, serverEstimator, serverWithoutReturnsEstimator } from './estimate-accuracy/estimators.mjs';
import { SCENARIOS } from './estimate-accuracy/scenarios.mjs';
import { meanOfDays, scoreDay } from './estimate-accuracy/score.mjs';
import { simulateDay } from './estimate-accuracy/simulate-day.mjs';

/** Simulated days per scenario (seeds 1..DAYS). */
export const DAYS = 40;
/** Issue 8's target: our mean absolute error at least 25 % below the naive one. */
const TARGET_RATIO = 0.75;

/** Per scenario and over all scenarios (the mean of the scenario means): each estimator's mean day. */
export function estimateAccuracyDetails(days = DAYS) {
  const scenarios = SCENARIOS.map((scenario) => {
    const estimators = {
      server: serverEstimator(scenario),
      naive: naiveEstimator(scenario),
      withoutReturn: serverWithoutReturnsEstimator(scenario),
    };
    const server = [];
    const naive = [];
    const withoutReturn = [];
    let patients = 0;
    for (let day = 1; day <= days; day++) {
      const simulated = simulateDay(scenario, day, estimators);
      patients += simulated.length;
      server.push(scoreDay(simulated, 'server'));
      naive.push(scoreDay(simulated, 'naive'));
      withoutReturn.push(scoreDay(simulated, 'withoutReturn'));
    }
    return {
      name: scenario.name,
      patients_per_day: patients / days,
      server: meanOfDays(server),
      naive: meanOfDays(naive),
      withoutReturn: meanOfDays(withoutReturn),
    };
  });
  const overall = {
    name: 'all',
    patients_per_day: scenarios.reduce((sum, s) => sum + s.patients_per_day, 0) / scenarios.length,
    server: meanOfDays(scenarios.map((s) => s.server)),
    naive: meanOfDays(scenarios.map((s) => s.naive)),
    withoutReturn: meanOfDays(scenarios.map((s) => s.withoutReturn)),
  };
  return { scenarios, overall };
}

const round = (value, digits = 2) => Number(value.toFixed(digits));

/** The figures of one scenario (or all), absolute and as the ratio to the naive estimate. */
function figuresOf(prefix, { server, naive }) {
  return {
    [`${prefix}_mae_at_draw_min`]: round(server.mae_at_draw),
    [`${prefix}_naive_mae_at_draw_min`]: round(naive.mae_at_draw),
    [`${prefix}_mae_at_draw_ratio`]: round(server.mae_at_draw / naive.mae_at_draw, 3),
    [`${prefix}_mae_all_min`]: round(server.mae_all),
    [`${prefix}_naive_mae_all_min`]: round(naive.mae_all),
    [`${prefix}_mae_all_ratio`]: round(server.mae_all / naive.mae_all, 3),
    [`${prefix}_late_10_share`]: round(server.late_10_share, 3),
    [`${prefix}_naive_late_10_share`]: round(naive.late_10_share, 3),
  };
}

/** The bench module: { figures, targets } (targets reported, never enforced). */
export async function estimateAccuracy({ days = DAYS } = {}) {
  return figuresAndTargets(estimateAccuracyDetails(days), days);
}

function figuresAndTargets({ scenarios, overall }, days) {
  const figures = {
    ...figuresOf('estimate', overall),
    estimate_bias_at_draw_min: round(overall.server.bias_at_draw),
    estimate_naive_bias_at_draw_min: round(overall.naive.bias_at_draw),
    estimate_early_10_share: round(overall.server.early_10_share, 3),
    estimate_naive_early_10_share: round(overall.naive.early_10_share, 3),
    estimate_mean_wait_min: round(overall.server.wait_min),
    // Before pauses with a return: the same days, the pause told to the server as a plain switch.
    estimate_without_return_mae_at_draw_min: round(overall.withoutReturn.mae_at_draw),
    estimate_without_return_mae_at_draw_ratio: round(overall.withoutReturn.mae_at_draw / overall.naive.mae_at_draw, 3),
    estimate_without_return_mae_all_ratio: round(overall.withoutReturn.mae_all / overall.naive.mae_all, 3),
    estimate_days_per_scenario: days,
  };
  for (const scenario of scenarios) Object.assign(figures, figuresOf(`estimate_${scenario.name}`, scenario));
  return {
    figures,
    targets: {
      estimate_mae_at_draw_25pct_below_naive: figures.estimate_mae_at_draw_ratio <= TARGET_RATIO,
      estimate_mae_all_25pct_below_naive: figures.estimate_mae_all_ratio <= TARGET_RATIO,
    },
  };
}

/** One row per scenario: the figures side by side, for reading. */
function detailRows({ scenarios, overall }) {
  return Object.fromEntries(
    [...scenarios, overall].map(({ name, patients_per_day, server, naive, withoutReturn }) => [
      name,
      {
        patients: round(patients_per_day, 1),
        wait: round(server.wait_min, 1),
        'MAE draw': round(server.mae_at_draw, 1),
        'naive MAE draw': round(naive.mae_at_draw, 1),
        'ratio draw': round(server.mae_at_draw / naive.mae_at_draw, 2),
        'MAE draw without return': round(withoutReturn.mae_at_draw, 1),
        'MAE all': round(server.mae_all, 1),
        'naive MAE all': round(naive.mae_all, 1),
        'ratio all': round(server.mae_all / naive.mae_all, 2),
        bias: round(server.bias_at_draw, 1),
        'naive bias': round(naive.bias_at_draw, 1),
        'late>10': round(server.late_10_share, 2),
        'naive late>10': round(naive.late_10_share, 2),
        'early>10': round(server.early_10_share, 2),
        'naive early>10': round(naive.early_10_share, 2),
      },
    ]),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const days = Number(process.argv[2] ?? DAYS);
  const t0 = performance.now();
  console.log(`${days} simulated days per scenario; minutes, error = actual start − estimate (+ later than told)`);
  const details = estimateAccuracyDetails(days);
  console.table(detailRows(details));
  const { figures, targets } = figuresAndTargets(details, days);
  console.table(figures);
  console.table(Object.fromEntries(Object.entries(targets).map(([target, met]) => [target, met ? 'met' : 'not met'])));
  console.log(`in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
