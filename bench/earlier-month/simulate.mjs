// One run of the simulated month against the in-process server (practice.mjs): the clock moves
// in 5-minute steps from the first booking to the month's end; what patients do happens at its
// own instant between the steps, and at each step the real job runner runs what is due (rounds
// of offers, sends, expiries, quiet hours waiting for the morning), as a node's poll loop would.
// Steps in which nothing is due and nobody acts are skipped: a runner polling then finds nothing.
// Offers reach patients only as mails on the real SMTP server; their link is read from the mail.
import { ACCEPT_SHARE, DAY, DECLINE_SHARE, MINUTE, SEARCH_DAYS, bookedDays, localDateOf, patientRandom, plusDays, simulationEnd, simulationStart } from './plan.mjs';

export const STEP = 5 * MINUTE;
const OFFER_LINK = /\/offer\/([A-Za-z0-9_-]+)/;

/** Events by time (ties in the order they were added). */
function eventQueue() {
  const items = [];
  let seq = 0;
  return {
    push(at, run) {
      const item = { at: at.getTime(), seq: seq++, run };
      let lo = 0;
      let hi = items.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (items[mid].at < item.at || (items[mid].at === item.at && items[mid].seq < item.seq)) lo = mid + 1;
        else hi = mid;
      }
      items.splice(lo, 0, item);
    },
    nextAt: () => items[0]?.at,
    shift: () => items.shift(),
  };
}

const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Replays `plan` (plan.mjs) on `t` (practice.mjs's app) for `practice`. Answers what the patients
 * saw: bookings, cancels, wishes and offers with their outcomes, and each patient's appointment.
 */
export async function simulateMonth(t, practice, plan, { seed, log = () => undefined }) {
  const queue = eventQueue();
  const stats = { booked: 0, noTime: 0, cancels: new Map(), wishes: new Map(), offers: 0, answers: new Map(), ignored: 0, steps: 0, jobs: 0, requests: 0, requestMs: 0, jobsMs: 0 };
  const patients = new Map();
  const byMail = new Map();
  const lastDay = bookedDays().at(-1);

  const call = async (p, method, url, payload) => {
    const t0 = performance.now();
    const res = await t.inject({ method, url, remoteAddress: p.address, ...(payload === undefined ? {} : { payload }) });
    stats.requestMs += performance.now() - t0;
    stats.requests++;
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  };

  async function book(p) {
    const now = t.now();
    const typeId = practice.types[p.type].id;
    const from = p.day > localDateOf(now) ? p.day : localDateOf(now);
    const to = [plusDays(p.day, SEARCH_DAYS - 1), lastDay].sort()[0];
    const free = await call(p, 'GET', `/appointment-types/${typeId}/availability?from=${from}&to=${to}`);
    if (free.status !== 200) throw new Error(`availability answered ${free.status}: ${JSON.stringify(free.body)}`);
    const firstDay = free.body.slots[0]?.start.slice(0, 10);
    const day = free.body.slots.filter((s) => s.start.slice(0, 10) === firstDay);
    if (day.length === 0) return void stats.noTime++;
    const slot = day[Math.floor(p.pick * day.length)];
    const booked = await call(p, 'POST', '/appointments', {
      appointment_type_id: typeId,
      start: slot.start,
      processor_id: slot.processor_id,
      first_name: 'Pat',
      last_name: `Nr. ${p.index}`,
      mail: p.mail,
      lang: 'de',
    });
    if (booked.status !== 201) throw new Error(`booking answered ${booked.status}: ${JSON.stringify(booked.body)}`);
    stats.booked++;
    const start = new Date(booked.body.start);
    const state = { plan: p, token: booked.body.patient_url.split('/').pop(), originalStart: start, start, moves: 0, rand: patientRandom(seed, p.index) };
    patients.set(p.index, state);
    byMail.set(p.mail, state);
    if (p.earlier) await askEarlier(state, now);
    if (p.cancel) queue.push(new Date(now.getTime() + p.cancel.leadShare * (start - now)), () => cancel(state));
  }

  async function askEarlier(state, now) {
    const { notBeforeShare, times } = state.plan.earlier;
    const body = {};
    if (notBeforeShare !== undefined) body.not_before = localDateOf(new Date(now.getTime() + notBeforeShare * (state.start - now)));
    if (times) body.times = times;
    const res = await call(state.plan, 'PUT', `/appointments/${state.token}/earlier`, body);
    count(stats.wishes, res.status === 200 ? 'asked' : `${res.status} ${res.body?.code ?? ''}`.trim());
  }

  async function cancel(state) {
    // Moved earlier by an offer, the planned cancel may now come after the visit: they came.
    if (state.start <= t.now()) return void count(stats.cancels, 'visit already over');
    const res = await call(state.plan, 'POST', `/appointments/${state.token}/cancel`);
    count(stats.cancels, res.status === 200 ? 'cancelled' : `${res.status} ${res.body?.code ?? ''}`.trim());
    if (res.status === 200) state.cancelled = true;
  }

  /** The patient reads the offer's page, then decides with their own dice: accept, decline or let it be. */
  async function received(state, token) {
    stats.offers++;
    const now = t.now();
    const offer = await call(state.plan, 'GET', `/appointment-offers/${token}`);
    if (offer.status !== 200) return void count(stats.answers, `page ${offer.status} ${offer.body?.code ?? ''}`.trim());
    const valid = Date.parse(offer.body.expires_at) - now.getTime();
    const choice = state.rand();
    const at = new Date(now.getTime() + (0.05 + 0.9 * state.rand()) * valid);
    if (choice < ACCEPT_SHARE) queue.push(at, () => answer(state, token, 'accept'));
    else if (choice < ACCEPT_SHARE + DECLINE_SHARE) queue.push(at, () => answer(state, token, 'decline'));
    else stats.ignored++;
  }

  async function answer(state, token, action) {
    const res = await call(state.plan, 'POST', `/appointment-offers/${token}/${action}`);
    count(stats.answers, res.status === 200 ? { accept: 'accepted', decline: 'declined' }[action] : `${action}: ${res.status} ${res.body?.code ?? ''}`.trim());
    if (action === 'accept' && res.status === 200) {
      state.start = new Date(res.body.start);
      state.moves++;
    }
  }

  let seenMails = 0;
  async function readMails() {
    const mails = t.smtp.mails;
    for (; seenMails < mails.length; seenMails++) {
      const mail = mails[seenMails];
      const token = OFFER_LINK.exec(mail.text)?.[1];
      const state = token && byMail.get(mail.to[0]);
      if (state) await received(state, token);
    }
  }

  for (const p of plan) queue.push(p.bookedAt, () => book(p));
  const start = simulationStart().getTime();
  const end = simulationEnd().getTime();
  let lastLog = start;
  for (let now = start; now < end;) {
    while (queue.nextAt() !== undefined && queue.nextAt() <= now) {
      const event = queue.shift();
      t.setNow(new Date(event.at));
      await event.run();
    }
    t.setNow(new Date(now));
    const t0 = performance.now();
    // The runner's poll: only when a job is due (one that is not would find nothing to claim).
    let nextJob = (await t.nextJobAt())?.getTime();
    if (nextJob !== undefined && nextJob <= now) {
      stats.jobs += await t.jobs();
      nextJob = (await t.nextJobAt())?.getTime();
      await readMails();
    }
    stats.jobsMs += performance.now() - t0;
    stats.steps++;
    if (now - lastLog >= 7 * DAY) {
      lastLog = now;
      log(
        `${new Date(now).toISOString().slice(0, 10)}: ${stats.booked} booked, ${stats.offers} offers read, ${stats.steps} steps; ${stats.requests} requests ${Math.round(stats.requestMs)} ms, jobs ${Math.round(stats.jobsMs)} ms`,
      );
    }
    // The next step in which something is due: a job, or a patient acting before it.
    const next = Math.min(end, queue.nextAt() ?? end, nextJob ?? end);
    now = Math.max(now + STEP, start + Math.ceil((next - start) / STEP) * STEP);
  }
  return { stats, patients: [...patients.values()] };
}
