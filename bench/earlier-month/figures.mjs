// The month's figures from what the server recorded (its freed times and offers, the
// appointments as they stand at the end) and what the patients saw (simulate.mjs).
import { DAY, HOUR, MONTH, localInstant, plusDays } from './plan.mjs';
import { and, eq, gte, lt, schema } from './practice.mjs';

const median = (values) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const share = (part, whole) => (whole === 0 ? null : Number(((100 * part) / whole).toFixed(1)));
const round = (value, digits = 1) => (value === null ? null : Number(value.toFixed(digits)));

/** Counts of a list by a key, as a plain object (for the printed detail). */
const tally = (items, keyOf) => items.reduce((out, item) => ({ ...out, [keyOf(item)]: (out[keyOf(item)] ?? 0) + 1 }), {});

/**
 * Freed times of the month (their start within it): all, those freed ≥ 24 h before their start,
 * and of those the share re-filled through an accepted offer (the server's FILLED) — and, for the
 * comparison with the baseline, the share taken again by anyone (an offer or a new booking: an
 * appointment holds the time when the month is over).
 */
export async function monthFigures(t, practice, run) {
  const from = localInstant(MONTH.from, '00:00');
  const to = localInstant(plusDays(MONTH.to, 1), '00:00');
  const freed = await t.db
    .select()
    .from(schema.freedTimes)
    .where(and(eq(schema.freedTimes.accountId, practice.accountId), gte(schema.freedTimes.startAt, from), lt(schema.freedTimes.startAt, to)));
  const held = await t.db
    .select({ processorId: schema.appointments.processorId, startAt: schema.appointments.startAt, endAt: schema.appointments.endAt, cancelState: schema.appointments.cancelState })
    .from(schema.appointments)
    .where(and(eq(schema.appointments.accountId, practice.accountId), gte(schema.appointments.startAt, from), lt(schema.appointments.startAt, to)));
  const active = held.filter((a) => a.cancelState === null);
  const takenAgain = (f) => active.some((a) => a.processorId === f.processorId && a.startAt < f.endAt && a.endAt > f.startAt);
  const ahead = freed.filter((f) => f.startAt - f.freedAt >= 24 * HOUR);
  const filled = ahead.filter((f) => f.state === 'FILLED');
  const allOffers = await t.db.select().from(schema.appointmentOffers).where(eq(schema.appointmentOffers.accountId, practice.accountId));
  const monthIds = new Set(freed.map((f) => f.id));
  const offers = allOffers.filter((o) => monthIds.has(o.freedTimeId));
  const messagesOf = (list) => list.reduce((n, o) => n + (o.sentAt ? o.channels.length : 0), 0);
  const messages = messagesOf(offers);
  const allFilled = freed.filter((f) => f.state === 'FILLED').length;
  const jobs = await t.db.select({ kind: schema.jobs.kind, status: schema.jobs.status }).from(schema.jobs);
  const moved = run.patients.filter((p) => p.moves > 0);
  const gained = moved.map((p) => (p.originalStart - p.start) / DAY);
  return {
    freed: freed.length,
    freed_24h_ahead: ahead.length,
    refilled_24h_ahead: filled.length,
    refilled_24h_ahead_pct: share(filled.length, ahead.length),
    refilled_all_pct: share(allFilled, freed.length),
    taken_again_24h_ahead_pct: share(ahead.filter(takenAgain).length, ahead.length),
    refilled_hours_before_median: round(median(filled.map((f) => (f.startAt - f.filledAt) / HOUR))),
    moved_patients: moved.length,
    days_gained_median: round(median(gained)),
    offer_messages: messages,
    // Cross-check over every freed time (the tail week's too): the messages the server says it
    // sent against the offer mails the SMTP server received.
    offer_messages_all: messagesOf(allOffers),
    offer_mails_received_all: t.smtp.mails.filter((m) => /\/offer\/[A-Za-z0-9_-]+/.test(m.text)).length,
    messages_per_refill: allFilled === 0 ? null : round(messages / allFilled, 2),
    month_times_held_at_end: active.length,
    detail: {
      bookings: run.stats.booked,
      no_free_time: run.stats.noTime,
      cancels: Object.fromEntries(run.stats.cancels),
      wishes: Object.fromEntries(run.stats.wishes),
      freed_by_reason: tally(freed, (f) => f.reason),
      freed_by_state: tally(freed, (f) => f.state),
      offers_by_state: tally(offers, (o) => o.state),
      offer_answers: { ...Object.fromEntries(run.stats.answers), ignored: run.stats.ignored },
      steps: run.stats.steps,
      jobs_run: run.stats.jobs,
      jobs_by_kind: tally(jobs, (j) => `${j.kind} ${j.status}`),
    },
  };
}
