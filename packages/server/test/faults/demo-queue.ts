import type { PublicQueue, TicketView } from '@wartefrei/shared';

// The seeded demo practice over real HTTP, as a patient's browser and the demo admin use it
// (the same steps as bench/demo-queue.mjs).

const DEMO_ADMIN = 'admin@praxis-demo.example:wartefrei-demo';
export const DEMO_QUEUE_PATH = 'praxis-demo/wien/allgemein';

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The demo queue's id, resolved from its public link like the draw page does. */
export async function demoQueueId(base: string): Promise<string> {
  const route = await json<{ queue: { id: string } }>(await fetch(`${base}/routes/identifier/${DEMO_QUEUE_PATH}`), 'GET /routes/identifier');
  return route.queue.id;
}

/** Headers of the demo admin, logged in. */
async function staffHeaders(base: string): Promise<Record<string, string>> {
  const login = await json<{ id: string; token: string }>(
    await fetch(`${base}/auth/login`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(DEMO_ADMIN).toString('base64')}` } }),
    'POST /auth/login',
  );
  return { authorization: `Basic ${Buffer.from(`${login.id}:${login.token}`).toString('base64')}`, 'content-type': 'application/json' };
}

/** Valid values for every patient input a queue can require (a valid SVNR, an adult's birth date). */
const PATIENT_VALUES: Record<string, Record<string, string>> = {
  display_name: { display_name: 'Fault Patient' },
  first_name: { first_name: 'Fault', last_name: 'Patient' },
  birth_date: { birth_date: '1980-01-01' },
  insurance_number: { insurance_number: '1237010180' },
  mail: { mail: 'fault@example.com' },
  phone: { phone: '+43 660 1234567' },
};

/**
 * Opens the demo queue (as the demo admin) when it is closed and returns its id and the body of
 * an online draw with every patient input the queue requires.
 */
export async function prepareDemoDraws(base: string): Promise<{ queueId: string; body: Record<string, string> }> {
  const queueId = await demoQueueId(base);
  const publicUrl = `${base}/queues/${queueId}/public`;
  let queue = await json<PublicQueue>(await fetch(publicUrl), 'GET /queues/{id}/public');
  if (queue.online_refusal === 'QUEUE_CLOSED') {
    const res = await fetch(`${base}/queues/${queueId}/session`, {
      method: 'POST',
      headers: await staffHeaders(base),
      body: JSON.stringify({ event: 'START' }),
    });
    // 409 SESSION_UNCHANGED: already open, which is what we want.
    if (!res.ok && res.status !== 409) throw new Error(`POST /queues/{id}/session START answered ${res.status}: ${await res.text()}`);
    queue = await json<PublicQueue>(await fetch(publicUrl), 'GET /queues/{id}/public');
  }
  if (queue.online_refusal) throw new Error(`the demo queue refuses online draws: ${queue.online_refusal}`);
  const body: Record<string, string> = { origin: 'ONLINE' };
  for (const [input, mode] of Object.entries(queue.patient_inputs)) {
    if (mode === 'REQUIRED') Object.assign(body, PATIENT_VALUES[input]);
  }
  return { queueId, body };
}

/** One online draw; the raw response, so callers can look at error answers too. */
export function drawRequest(base: string, queueId: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/queues/${queueId}/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    // Generous: a liveness bound, not a speed check.
    signal: AbortSignal.timeout(30_000),
  });
}

/** One draw that must succeed. */
export async function drawTicket(base: string, queueId: string, body: Record<string, string>): Promise<TicketView> {
  const res = await drawRequest(base, queueId, body);
  if (res.status !== 201) throw new Error(`POST /queues/{id}/members answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as TicketView;
}
