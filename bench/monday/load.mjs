// The Monday bench's load (issue 23 §9): patients drawing tickets online, processors finishing
// their patient and calling the next, patients booking appointments — each at its own rate, for
// the bench's duration, every request to the next node in turn (a round-robin balancer).
//
// Arrivals (draws, bookings) are Poisson processes over all lists: random, not evenly spaced,
// so requests sometimes coincide as they do at 8 o'clock. Each processor works at the service
// rate: finish the current patient, call the next, spend 0.5–1.5 × the visit length with them.
// The processors' first calls are spread over the first visit length, as a practice's staff
// do not all press "call next" in the same second.

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Exponential inter-arrival time of a Poisson process with `perSecond` events per second, in ms. */
const nextArrivalMs = (perSecond) => (-Math.log(1 - Math.random()) / perSecond) * 1000;
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const REQUEST_TIMEOUT_MS = 30_000;

/** Local date (YYYY-MM-DD) `days` after today in Vienna, where the group is. */
function viennaDate(days) {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/Vienna' });
}

export function createLoad({ lists, bases }) {
  const kinds = ['draw', 'call', 'finish', 'availability', 'booking', 'work_view', 'queues_list'];
  const latencies = Object.fromEntries(kinds.map((k) => [k, []]));
  const failures = Object.fromEntries(kinds.map((k) => [k, {}]));
  const firstFailure = {};
  /** Every answered call: which number of which list, sent and answered when (for the fan-out delay). */
  const calls = [];
  let idleCalls = 0;
  let turn = 0;
  const inFlight = new Set();
  /** Free times handed to a booking in flight: two patients never pick the same one here. */
  const taken = new Set();

  /** One request; answers the parsed body when the status is `expect`, else records why not. */
  async function request(kind, path, init, expect, { idleCode } = {}) {
    const base = bases[turn++ % bases.length];
    const t0 = now();
    const fail = (reason, text) => {
      failures[kind][reason] = (failures[kind][reason] ?? 0) + 1;
      firstFailure[kind] ??= `${reason} ${text ?? ''}`.slice(0, 300);
    };
    try {
      const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const text = await res.text();
      const t1 = now();
      if (res.status === expect) {
        latencies[kind].push(t1 - t0);
        return { body: JSON.parse(text), t0, t1, base };
      }
      // Nobody waiting is a processor's idle moment, not a failure (the line ran empty).
      if (idleCode && text.includes(`"${idleCode}"`)) {
        idleCalls++;
        return undefined;
      }
      fail(`HTTP ${res.status}`, text);
    } catch (error) {
      fail(error.name === 'TimeoutError' ? 'timeout' : (error.cause?.code ?? error.name), error.message);
    }
    return undefined;
  }

  const track = (promise) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  };

  const draw = (list) =>
    request('draw', `/queues/${list.id}/members`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ origin: 'ONLINE' }) }, 201);

  /** The booking page: its free times for the coming week, then the form sent for one of them. */
  async function book(list) {
    const from = viennaDate(1);
    const to = viennaDate(7);
    const free = await request('availability', `/appointment-types/${list.typeId}/availability?from=${from}&to=${to}&channel=ONLINE`, {}, 200);
    if (!free) return;
    const slot = free.body.slots.find((s) => !taken.has(`${s.processor_id}:${s.start}`));
    if (!slot) return void (failures.availability['no free time'] = (failures.availability['no free time'] ?? 0) + 1);
    taken.add(`${slot.processor_id}:${slot.start}`);
    await request(
      'booking',
      '/appointments',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          appointment_type_id: list.typeId,
          start: slot.start,
          processor_id: slot.processor_id,
          channel: 'ONLINE',
          first_name: 'Maria',
          last_name: 'Montag',
          mail: 'montag@bench.example',
          lang: 'de',
        }),
      },
      201,
    );
  }

  /** One processor's morning: finish, call next, see the patient; until `deadline`. */
  async function processor(list, staff, serviceMs, deadline) {
    let current;
    await sleep(Math.min(Math.random() * serviceMs, Math.max(0, deadline - now())));
    while (now() < deadline) {
      if (current) await request('finish', `/members/${current}/finish`, { method: 'POST', headers: staff.headers, body: '{}' }, 200);
      current = undefined;
      const called = await request('call', `/queues/${list.id}/call-next`, { method: 'POST', headers: staff.headers, body: '{}' }, 200, { idleCode: 'NO_WAITING_MEMBER' });
      if (called) {
        current = called.body.member.id;
        calls.push({ queueId: list.id, number: called.body.member.number, sentAt: called.t0, answeredAt: called.t1, node: called.base });
      }
      await sleep(Math.min(serviceMs * (0.5 + Math.random()), Math.max(0, deadline - now())));
    }
  }

  /** A Poisson process of `perSecond` arrivals calling `arrive(list)` until `deadline`. */
  async function arrivals(perSecond, arrive, deadline) {
    if (perSecond <= 0) return;
    for (let at = now() + nextArrivalMs(perSecond); at < deadline; at += nextArrivalMs(perSecond)) {
      await sleep(at - now());
      track(arrive(pick(lists)));
    }
  }

  return {
    /** Runs the load for `seconds`; resolves when every request has answered. */
    async run({ seconds, drawsPerSecond, bookingsPerSecond, serviceMinutes }) {
      const deadline = now() + seconds * 1000;
      const serviceMs = serviceMinutes * 60_000;
      await Promise.all([
        arrivals(drawsPerSecond, draw, deadline),
        arrivals(bookingsPerSecond, book, deadline),
        ...lists.flatMap((list) => list.staff.map((staff) => processor(list, staff, serviceMs, deadline))),
      ]);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    /** A request outside the driver's own (the staff screens' refetches), recorded alike and awaited by run(). */
    fire: (kind, path, init, expect) => track(request(kind, path, init, expect)),
    results: () => ({ latencies, failures, firstFailure, calls, idleCalls }),
  };
}
