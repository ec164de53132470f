// A discrete-event simulation of one practice morning. Patients draw tickets (Poisson arrivals),
// processors call the next waiting patient when free (FIFO), finish after a lognormal visit and
// need a short turnover before the next call; one processor is away for an hour. After every
// change of the line each estimator is asked what it would tell every waiting patient now, and
// at every draw what it tells the newcomer — the first estimate the ticket keeps.
import { exponential, lognormal, mulberry32, seedOf, uniform } from './random.mjs';
import { OPENING, minutes } from './scenarios.mjs';

/** The real durations the server would have learned from a previous day like this one. */
const HISTORY_SAMPLES = 50;

/** Arrival times (epoch ms) of a piecewise Poisson process. */
function arrivalTimes(random, arrivals) {
  const times = [];
  for (const { from, to, perHour } of arrivals) {
    let t = from + exponential(random, 60 / perHour);
    while (t < to) {
      times.push(OPENING + minutes(t));
      t += exponential(random, 60 / perHour);
    }
  }
  return times;
}

/**
 * Simulates day `day` of `scenario` and returns per patient the arrival, the actual start (the
 * call) and, per estimator, the first estimate and every later one while waiting.
 * `estimators`: { name: (snapshot) => { newcomer: epoch ms, waiting: Map(id → epoch ms) } }.
 */
export function simulateDay(scenario, day, estimators) {
  // Seeded by the day alone: every scenario meets the same patients (common random numbers), so
  // the difference between two scenarios is the scenario's, not the dice's.
  const arrivalRandom = mulberry32(seedOf(day, 1));
  const serviceRandom = mulberry32(seedOf(day, 2));
  const turnoverRandom = mulberry32(seedOf(day, 3));
  const historyRandom = mulberry32(seedOf(day, 4));
  const meanService = scenario.configuredAverageMinutes * scenario.serviceFactor;
  const visitMinutes = (random = serviceRandom) => lognormal(random, meanService, scenario.serviceCv);
  const turnover = () => minutes(uniform(turnoverRandom, ...scenario.turnoverMinutes));

  const patients = arrivalTimes(arrivalRandom, scenario.arrivals).map((arrival, i) => ({
    id: `p${i + 1}`,
    number: i + 1,
    arrival,
    visit: minutes(visitMinutes()),
    actualStart: undefined,
    first: {},
    seen: Object.fromEntries(Object.keys(estimators).map((name) => [name, []])),
  }));
  const recentDurations = scenario.history === 'previous-day' ? Array.from({ length: HISTORY_SAMPLES }, () => visitMinutes(historyRandom)) : [];

  const processors = Array.from({ length: scenario.processors }, (_, index) => ({
    index,
    busyWith: undefined,
    /** Free and present since (epoch ms); undefined while busy, in turnover or away. */
    freeSince: OPENING,
    away: false,
    leaving: false,
    active: true,
    /** The return announced with "Pause für …" (epoch ms), as queue_processors.inactive_until. */
    inactiveUntil: undefined,
  }));
  const absent = processors[processors.length - 1];
  const waiting = [];
  const processing = [];

  let sequence = 0;
  const events = [];
  const schedule = (at, kind, subject) => events.push({ at, kind, subject, order: sequence++ });
  for (const p of patients) schedule(p.arrival, 'arrival', p);
  schedule(OPENING + minutes(scenario.absence.from), 'leave', absent);
  schedule(OPENING + minutes(scenario.absence.to), 'return', absent);

  const snapshot = (now) => ({
    now,
    waiting: [...waiting],
    processing: [...processing],
    activeProcessors: processors.filter((p) => p.active).length,
    recentDurations: [...recentDurations],
    // As loadAwayProcessors reads them: not active, with an announced return.
    away: processors.filter((p) => !p.active && p.inactiveUntil !== undefined).map((p) => ({ returnsAt: p.inactiveUntil })),
  });

  /** What every estimator would tell the waiting patients now (a ticket page reloaded, a realtime push). */
  function observe(now) {
    const line = snapshot(now);
    for (const [name, estimate] of Object.entries(estimators)) {
      const { waiting: starts } = estimate(line);
      for (const patient of waiting) patient.seen[name].push({ at: now, estimatedStart: starts.get(patient.id) });
    }
  }

  /** Free processors call the head of the line, the one free longest first. */
  function callWhileFree(now) {
    let changed = false;
    for (;;) {
      const free = processors.filter((p) => p.freeSince !== undefined && !p.away).sort((a, b) => a.freeSince - b.freeSince)[0];
      const next = waiting[0];
      if (!free || !next) return changed;
      waiting.shift();
      next.actualStart = now;
      processing.unshift({ ...next, startedAt: now });
      free.freeSince = undefined;
      free.busyWith = next;
      schedule(now + next.visit, 'finish', free);
      changed = true;
    }
  }

  function goAway(processor, now) {
    processor.away = true;
    processor.leaving = false;
    processor.freeSince = undefined;
    if (!scenario.absence.announced) return;
    processor.active = false;
    if (scenario.absence.pauseMinutes) {
      // "Pause für 60 Minuten", pressed when actually leaving; its end job runs at the return told.
      processor.inactiveUntil = now + minutes(scenario.absence.pauseMinutes);
      schedule(processor.inactiveUntil, 'pause-end', processor);
    }
  }

  while (events.length > 0) {
    events.sort((a, b) => a.at - b.at || a.order - b.order);
    const { at: now, kind, subject } = events.shift();
    let changed = false;
    if (kind === 'arrival') {
      // The draw: the first estimate is the newcomer's at the end of the line as it stood just before.
      const line = snapshot(now);
      for (const [name, estimate] of Object.entries(estimators)) subject.first[name] = estimate(line).newcomer;
      waiting.push(subject);
      callWhileFree(now);
      changed = true;
    } else if (kind === 'finish') {
      const patient = subject.busyWith;
      processing.splice(
        processing.findIndex((p) => p.id === patient.id),
        1,
      );
      recentDurations.push((now - patient.actualStart) / minutes(1));
      subject.busyWith = undefined;
      if (subject.leaving) goAway(subject, now);
      else schedule(now + turnover(), 'ready', subject);
      changed = true;
    } else if (kind === 'ready') {
      // A turnover that ended after its processor left: they are free only once back.
      if (!subject.away && !subject.busyWith) {
        subject.freeSince = now;
        changed = callWhileFree(now);
      }
    } else if (kind === 'leave') {
      // The visit in hand is finished first; a free processor leaves at once.
      if (subject.busyWith) subject.leaving = true;
      else goAway(subject, now);
      changed = !subject.busyWith && scenario.absence.announced;
    } else if (kind === 'pause-end') {
      // The server's job: a pause not ended by hand yet counts as active from its return on
      // (the processor is late); one switched back already is left alone.
      changed = !subject.active && subject.inactiveUntil === now;
      if (changed) {
        subject.active = true;
        subject.inactiveUntil = undefined;
      }
    } else if (kind === 'return') {
      // Back: the switch on again by hand (ends a pause early, its job then does nothing).
      subject.away = false;
      subject.leaving = false;
      subject.active = true;
      subject.inactiveUntil = undefined;
      subject.freeSince = now;
      if (subject.busyWith) subject.freeSince = undefined;
      callWhileFree(now);
      changed = true;
    }
    if (changed) observe(now);
  }

  for (const p of patients) {
    if (p.actualStart === undefined) throw new Error(`${scenario.name} day ${day}: ${p.id} was never called`);
  }
  // FIFO: calls happen in draw order.
  for (let i = 1; i < patients.length; i++) {
    if (patients[i].actualStart < patients[i - 1].actualStart) throw new Error(`${scenario.name} day ${day}: calls out of draw order`);
  }
  return patients;
}
