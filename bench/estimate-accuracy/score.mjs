// How far the estimates were from the real starts. Error = actual start − estimated start, in
// minutes: positive when the patient was called later than told.
//
// - mae_at_draw: mean |error| of the first estimate (told at the draw and kept on the ticket),
//   over all patients of the day.
// - mae_all: mean |error| over every estimate a waiting patient was shown: the one at the draw
//   and one after every later change of the line (an arrival, a call, a finish, a processor
//   leaving or returning) until their call. Long waits weigh more: they see more estimates.
// - bias_at_draw: mean error of the first estimate (+ later than told, − earlier).
// - late_10_share: share of patients called more than 10 minutes later than first told.
// - early_10_share: share called more than 10 minutes earlier than first told (they risk
//   missing their turn when they come back on time).
// - wait_min: the mean real wait, for scale.

const MINUTE = 60_000;

const mean = (values) => (values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length);

/** The figures of one day for one estimator. */
export function scoreDay(patients, estimator) {
  const atDraw = patients.map((p) => (p.actualStart - p.first[estimator]) / MINUTE);
  // The look right after the draw repeats the first estimate: counted once, as the draw's.
  const all = patients
    .flatMap((p) => [p.actualStart - p.first[estimator], ...p.seen[estimator].filter((s) => s.at > p.arrival).map((s) => p.actualStart - s.estimatedStart)])
    .map((ms) => Math.abs(ms) / MINUTE);
  return {
    mae_at_draw: mean(atDraw.map(Math.abs)),
    mae_all: mean(all),
    bias_at_draw: mean(atDraw),
    late_10_share: mean(atDraw.map((e) => (e > 10 ? 1 : 0))),
    early_10_share: mean(atDraw.map((e) => (e < -10 ? 1 : 0))),
    wait_min: mean(patients.map((p) => (p.actualStart - p.arrival) / MINUTE)),
  };
}

/** The mean of each figure over several days. */
export function meanOfDays(days) {
  const keys = Object.keys(days[0] ?? {});
  return Object.fromEntries(keys.map((k) => [k, mean(days.map((d) => d[k]))]));
}
