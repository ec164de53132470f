// The simulated practice days. Every scenario is one waiting list whose configured average visit
// (10 minutes) is 40 % off the real one — the case the learned average exists for — on a morning
// 08:00–12:00 with a rush in the first hour and one processor away for an hour mid-morning.

const MINUTE = 60_000;

/** Monday 2026-11-23, 08:00 UTC: the simulated days all start here (the date itself does not matter). */
export const OPENING = Date.UTC(2026, 10, 23, 8, 0);

const base = {
  /** The queue as configured: what the naive estimate and the server start from. */
  configuredAverageMinutes: 10,
  preprocessingBufferMinutes: 1,
  processors: 3,
  /** Real visit lengths: lognormal with mean configured × serviceFactor and this coefficient of variation. */
  serviceFactor: 1.4,
  serviceCv: 0.5,
  /** Between two visits a processor needs this long (uniform, minutes) before calling the next. */
  turnoverMinutes: [0, 2],
  /** Poisson arrivals per hour, by minutes after opening: the first hour is the rush. */
  arrivals: [
    { from: 0, to: 60, perHour: 18 },
    { from: 60, to: 240, perHour: 10 },
  ],
  /**
   * The last processor is away 09:30–10:30 (minutes after opening); they finish the visit in
   * hand first. `announced`: they switch themselves to not active while away, so the server
   * counts one lane less; otherwise the server keeps counting them. `pauseMinutes`: they do it
   * with the work view's "Pause für …" menu when they leave (the server then knows their return:
   * leaving + pauseMinutes, a little after the real return when a visit in hand kept them);
   * null: the plain switch, no return told. Back, they switch on again by hand.
   */
  absence: { from: 90, to: 150, announced: true, pauseMinutes: 60 },
  /** 'none': a new queue, nothing learned yet; 'previous-day': 50 real durations of a day like this one. */
  history: 'none',
};

export const SCENARIOS = [
  { ...base, name: 'slow_new_queue' },
  { ...base, name: 'fast_new_queue', serviceFactor: 0.6 },
  { ...base, name: 'slow_unannounced_absence', absence: { ...base.absence, announced: false } },
  { ...base, name: 'slow_learned', history: 'previous-day' },
  {
    ...base,
    name: 'slow_two_processors',
    processors: 2,
    arrivals: base.arrivals.map((a) => ({ ...a, perHour: (a.perHour * 2) / 3 })),
  },
];

export const minutes = (m) => m * MINUTE;
