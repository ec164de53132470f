// Appointment availability (issue 15 §3, issue 44 §4): a month of free times for one type served by 20
// processors with 2,000 booked appointments, on PostgreSQL through the real server — beside a
// plain fetch of the same rows (the rules and the booked appointments, one SELECT each, straight
// from the driver) in the same run, the two measured alternately so that whatever else the
// machine does weighs on both alike. Target: availability p95 ≤ 2× the plain fetch's p95.
// Two answers are measured: the patient's (no login, as the booking page asks; kept between
// announced changes, appointments/availability.cache.ts) and the staff's (computed on every
// request, as after each booking): the first is the target's, the second says what a change costs.
// Run on its own: `node bench/availability.mjs` (BENCH_DATABASE_URL for another PostgreSQL;
// BENCH_NODE_ARGS for Node flags of the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { demoQueueId, staffHeaders } from './demo-queue.mjs';
import { freshPostgres, percentile, startServer } from './lib/server.mjs';

const PROCESSORS = 20;
const APPOINTMENTS = 2_000;
const RUNS = Number(process.env.BENCH_AVAILABILITY_RUNS ?? 60);
/** Availability's p95 at most this many times the plain fetch's (issue 44 §4; it was 3.4×). */
const TARGET_VS_PLAIN = 2;

async function call(base, headers, method, url, body, expect) {
  // A JSON content type with no body is malformed JSON to the server.
  const bare = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type'));
  const res = await fetch(`${base}${url}`, { method, ...(body ? { headers, body: JSON.stringify(body) } : { headers: bare }) });
  if (res.status !== expect) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Monday of the week after next, as a local date: the month measured starts there. */
function nextMonday() {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 14 - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}
const plusDays = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The practice: 20 processors on the demo list, weekday rules 08:00–18:00, a 15-minute type, 2,000 bookings in the month. */
async function givenBusyPractice(base, client) {
  const staff = await staffHeaders(base);
  const queueId = await demoQueueId(base);
  const queue = await call(base, staff, 'GET', `/queues/${queueId}`, undefined, 200);
  const type = await call(base, staff, 'POST', '/appointment-types', { queue_id: queueId, name: 'Bench', duration_minutes: 15 }, 201);
  const processors = [];
  for (let i = 0; i < PROCESSORS; i++) {
    // Written straight into the table: the demo practice invites nobody (POST /processors is DEMO_READ_ONLY there).
    const { rows } = await client.query(`INSERT INTO users (account_id, username, display_name, verified) SELECT account_id, $2, $3, true FROM queues WHERE id = $1 RETURNING id`, [
      queueId,
      `bench-${i}-${Date.now()}@praxis.example`,
      `Bench ${i}`,
    ]);
    const user = rows[0];
    await call(base, staff, 'PUT', `/queues/${queueId}/processors/${user.id}`, undefined, 200);
    for (let weekday = 1; weekday <= 5; weekday++) {
      await call(
        base,
        staff,
        'POST',
        '/appointment-slots',
        { profile_id: queue.profile_id, processor_id: user.id, kind: 'WEEK', weekday, start_time: '08:00', end_time: '18:00', appointment_type_ids: [type.id] },
        201,
      );
    }
    processors.push(user.id);
  }
  const from = nextMonday();
  // 2,000 bookings: on each of the 20 weekdays of four weeks, each processor has 5, two hours apart.
  const weekdays = Array.from({ length: 28 }, (_, i) => plusDays(from, i)).filter((day) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()));
  const bookings = weekdays.flatMap((day) =>
    processors.flatMap((processorId, p) =>
      Array.from({ length: APPOINTMENTS / weekdays.length / PROCESSORS }, (_, k) => ({ day, processorId, hour: 8 + 2 * k, minute: (p % 4) * 15 })),
    ),
  );
  for (const [i, { day, processorId, hour, minute }] of bookings.entries()) {
    const start = `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+01:00`;
    await call(base, staff, 'POST', '/appointments', { appointment_type_id: type.id, processor_id: processorId, start, last_name: `Bench ${i}` }, 201);
  }
  return { staff, type, queue, processors, from, to: plusDays(from, 30) };
}

export async function availabilityBench() {
  const database = await freshPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-bench-availability-'));
  const server = await startServer(dataDir, database.url, {}, { nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [] });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    const practice = await givenBusyPractice(server.base, client);
    const url = `/appointment-types/${practice.type.id}/availability?from=${practice.from}&to=${practice.to}`;
    const free = await call(server.base, {}, 'GET', url, undefined, 200);
    // The same rows availability reads, fetched plainly: the location's rules, the processors' appointments.
    const plainFetch = async () => {
      await client.query('SELECT * FROM appointment_slots WHERE profile_id = $1', [practice.queue.profile_id]);
      await client.query(
        `SELECT processor_id, start_at, end_at FROM appointments
          WHERE processor_id = ANY($1::uuid[]) AND cancel_state IS NULL AND start_at < $3::date + 2 AND end_at > $2::date - 1`,
        [practice.processors, practice.from, practice.to],
      );
    };
    // The server's answer, read to its last byte (parsing it is the client's business).
    const answer = (headers) => async () => {
      const res = await fetch(`${server.base}${url}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    };
    const { authorization } = practice.staff;
    const times = { availability: [], computed: [], plain: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const [name, run] of [
        ['availability', answer({})],
        ['computed', answer({ authorization })],
        ['plain', plainFetch],
      ]) {
        const t0 = performance.now();
        await run();
        times[name].push(performance.now() - t0);
      }
    }
    const [availability, computed, plain] = [times.availability, times.computed, times.plain].map((list) => {
      list.sort((a, b) => a - b);
      return { p50: percentile(list, 50), p95: percentile(list, 95) };
    });
    const ratio = availability.p95 / plain.p95;
    const figures = {
      availability_month_p50_ms: Number(availability.p50.toFixed(2)),
      availability_month_p95_ms: Number(availability.p95.toFixed(2)),
      availability_month_computed_p50_ms: Number(computed.p50.toFixed(2)),
      availability_month_computed_p95_ms: Number(computed.p95.toFixed(2)),
      availability_month_plain_fetch_p95_ms: Number(plain.p95.toFixed(2)),
      availability_month_plain_fetch_p50_ms: Number(plain.p50.toFixed(2)),
      availability_p95_vs_plain: Number(ratio.toFixed(2)),
      availability_computed_p95_vs_plain: Number((computed.p95 / plain.p95).toFixed(2)),
      availability_month_free_times: free.slots.length,
      availability_month_booked: APPOINTMENTS,
    };
    return { figures, targets: { [`availability_p95_vs_plain_le_${TARGET_VS_PLAIN}`]: ratio <= TARGET_VS_PLAIN } };
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await availabilityBench();
  console.table(result.figures);
  console.table(result.targets);
}
