// The simulated month's plan, drawn once from a fixed seed and pure: who books which type for
// which day how far ahead, who cancels when, who asks for an earlier time (and with which
// wishes), and how each patient answers the offers they get. Both runs (with offers and the
// baseline without) replay the same plan, so they differ only in what the server does.
//
// The practice: 4 appointment types, 3 processors with weekly hours Monday–Friday, 08:00–12:00
// and 13:00–17:00, each half day given to one type (a type's times then never cut another's).
// The month is February 2027 in Vienna: four full weeks, no public holiday, no change of the
// clocks (UTC+1 throughout, so local times are written with a fixed offset here).

import { mulberry32 } from '../estimate-accuracy/random.mjs';

export const TIME_ZONE = 'Europe/Vienna';
const OFFSET = '+01:00';
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/** The measured month: Monday 1 to Friday 26 February 2027 (4 weeks, 20 weekdays). */
export const MONTH = { from: '2027-02-01', to: '2027-02-26', weeks: 4 };
/**
 * A week after the month is booked too (its patients book up to 28 days ahead like the others):
 * the month's last days then have later patients waiting, as a practice that goes on has.
 */
export const TAIL_WEEKS = 1;
/** Patients book 1–28 days ahead; the simulation starts the day the earliest of them books. */
export const LEAD_DAYS = { min: 1, max: 28 };

export const TYPES = [
  { key: 'kontrolle', name: 'Kontrolle', minutes: 15 },
  { key: 'beratung', name: 'Beratung', minutes: 30 },
  { key: 'behandlung', name: 'Behandlung', minutes: 60 },
  { key: 'impfung', name: 'Impfung', minutes: 20 },
];
export const HALF_DAYS = { morning: ['08:00', '12:00'], afternoon: ['13:00', '17:00'] };
/** Per processor: the type of their mornings and of their afternoons. */
export const PROCESSOR_HOURS = [
  { morning: 'kontrolle', afternoon: 'beratung' },
  { morning: 'beratung', afternoon: 'behandlung' },
  { morning: 'behandlung', afternoon: 'impfung' },
];
/** No online booking sooner than this before the start (the rules' min_hours_in_advance). */
export const MIN_HOURS_IN_ADVANCE = 12;

/** Bookings wanted per day and type, as a share of the type's times that day: most hours fill. */
export const DEMAND = 0.95;
/** A patient takes a time on the day they want or one of the next days; else they book elsewhere. */
export const SEARCH_DAYS = 7;
export const CANCEL_SHARE = 0.08;
export const EARLIER_SHARE = 0.3;
/** Of those asking for earlier: with a "not before" date, with chosen weekday parts (the rest: any time). */
export const WISH_NOT_BEFORE_SHARE = 0.2;
export const WISH_TIMES_SHARE = 0.2;
/** An offer is accepted with this probability, declined with the next; the rest let it expire. */
export const ACCEPT_SHARE = 0.6;
export const DECLINE_SHARE = 0.2;

export const SEED = Number(process.env.BENCH_EARLIER_SEED ?? 4343);

// The estimate bench's seeded generator: one mulberry32 for every simulated bench.
export const random = mulberry32;

/** A patient's own stream (their answers to offers), the same in both runs whatever else happened. */
export const patientRandom = (seed, index) => random(Math.imul(seed ^ 0x9e3779b9, 2_654_435_761) + index * 7919);

export const localInstant = (date, time) => new Date(`${date}T${time}:00${OFFSET}`);
export const plusDays = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** ISO weekday of a local date: 1 Monday … 7 Sunday. */
export const weekdayOf = (date) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
/** The local date of an instant (UTC+1 all month). */
export const localDateOf = (instant) => new Date(instant.getTime() + HOUR).toISOString().slice(0, 10);

/** Times per weekday of each type: its half days divided by its duration. */
export function dailyCapacity() {
  const capacity = Object.fromEntries(TYPES.map((t) => [t.key, 0]));
  for (const hours of PROCESSOR_HOURS) {
    for (const [part, [from, to]] of Object.entries(HALF_DAYS)) {
      const minutes = (localInstant('2027-01-01', to) - localInstant('2027-01-01', from)) / MINUTE;
      const type = TYPES.find((t) => t.key === hours[part]);
      capacity[type.key] += Math.floor(minutes / type.minutes);
    }
  }
  return capacity;
}

/** The weekdays whose times are booked: the month and its tail. */
export function bookedDays() {
  const days = [];
  for (let i = 0; i < (MONTH.weeks + TAIL_WEEKS) * 7; i++) {
    const day = plusDays(MONTH.from, i);
    if (weekdayOf(day) <= 5) days.push(day);
  }
  return days;
}

/** When the simulation starts (the earliest booking's day, at midnight) and ends (after the month's last day). */
export const simulationStart = () => localInstant(plusDays(MONTH.from, -LEAD_DAYS.max), '00:00');
export const simulationEnd = () => localInstant(plusDays(MONTH.to, 1), '00:00');

function wishOf(rand) {
  const kind = rand();
  if (kind < WISH_NOT_BEFORE_SHARE) return { notBeforeShare: 0.2 + 0.4 * rand() };
  if (kind < WISH_NOT_BEFORE_SHARE + WISH_TIMES_SHARE) {
    const times = [];
    for (let weekday = 1; weekday <= 5; weekday++) for (const part of ['MORNING', 'AFTERNOON']) if (rand() < 0.5) times.push({ weekday, part });
    return { times: times.length > 0 ? times : [{ weekday: 1 + Math.floor(rand() * 5), part: rand() < 0.5 ? 'MORNING' : 'AFTERNOON' }] };
  }
  return {};
}

/**
 * The patients of the month, in the order they book: for each booked day and type, DEMAND of its
 * times are wanted (rounded by chance), each by a patient booking 1–28 days ahead at a random
 * time of day (07:00–21:00). Each draws now whether and when (as a share of their lead) they
 * cancel, whether they ask for earlier, and which of the day's free times they take.
 */
export function planMonth(seed = SEED) {
  const rand = random(seed);
  const capacity = dailyCapacity();
  const patients = [];
  for (const day of bookedDays()) {
    for (const type of TYPES) {
      const wanted = capacity[type.key] * DEMAND;
      const count = Math.floor(wanted) + (rand() < wanted % 1 ? 1 : 0);
      for (let k = 0; k < count; k++) {
        const lead = LEAD_DAYS.min + Math.floor(rand() * (LEAD_DAYS.max - LEAD_DAYS.min + 1));
        const bookedAt = new Date(localInstant(plusDays(day, -lead), '07:00').getTime() + Math.floor(rand() * 14 * 60) * MINUTE);
        const pick = rand();
        const cancel = rand() < CANCEL_SHARE ? { leadShare: 0.02 + 0.96 * rand() } : undefined;
        const earlier = rand() < EARLIER_SHARE ? wishOf(rand) : undefined;
        patients.push({ type: type.key, day, bookedAt, pick, cancel, earlier });
      }
    }
  }
  // The tail week's late bookers come after the month is over: they are not part of it.
  const inMonth = patients.filter((p) => p.bookedAt < simulationEnd()).sort((a, b) => a.bookedAt - b.bookedAt);
  return inMonth.map((p, index) => ({ ...p, index, mail: `patient-${index}@example.test`, address: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` }));
}
