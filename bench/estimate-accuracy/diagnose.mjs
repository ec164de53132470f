// Where the errors come from: the error at the draw by when the patient drew (half-hour windows),
// per scenario, for both estimators. `node bench/estimate-accuracy/diagnose.mjs [scenario] [days]`.
import { naiveEstimator, serverEstimator } from './estimators.mjs';
import { OPENING, SCENARIOS } from './scenarios.mjs';
import { simulateDay } from './simulate-day.mjs';

const MINUTE = 60_000;
const [only, daysArg] = process.argv.slice(2);
const days = Number(daysArg ?? 40);
for (const scenario of SCENARIOS) {
  if (only && scenario.name !== only) continue;
  const estimators = { server: serverEstimator(scenario), naive: naiveEstimator(scenario) };
  const windows = new Map();
  for (let day = 1; day <= days; day++) {
    for (const p of simulateDay(scenario, day, estimators)) {
      const window = Math.floor((p.arrival - OPENING) / (30 * MINUTE));
      const w = windows.get(window) ?? { n: 0, wait: 0, server: 0, serverAbs: 0, naive: 0, naiveAbs: 0 };
      const server = (p.actualStart - p.first.server) / MINUTE;
      const naive = (p.actualStart - p.first.naive) / MINUTE;
      Object.assign(w, {
        n: w.n + 1,
        wait: w.wait + (p.actualStart - p.arrival) / MINUTE,
        server: w.server + server,
        serverAbs: w.serverAbs + Math.abs(server),
        naive: w.naive + naive,
        naiveAbs: w.naiveAbs + Math.abs(naive),
      });
      windows.set(window, w);
    }
  }
  const r = (v) => Number(v.toFixed(1));
  console.log(scenario.name);
  console.table(
    Object.fromEntries(
      [...windows]
        .sort(([a], [b]) => a - b)
        .map(([window, w]) => [
          `${String(8 + Math.floor(window / 2)).padStart(2, '0')}:${window % 2 ? '30' : '00'}`,
          { n: w.n, wait: r(w.wait / w.n), bias: r(w.server / w.n), mae: r(w.serverAbs / w.n), 'naive bias': r(w.naive / w.n), 'naive mae': r(w.naiveAbs / w.n) },
        ]),
    ),
  );
}
