// The seeded demo practice as the bench uses it: the admin's login, and a patient's ticket on
// the queue praxis-demo/wien/allgemein drawn the way the draw page does it.

const DEMO_ADMIN = 'admin@praxis-demo.example:wartefrei-demo';
export const DEMO_QUEUE_PATH = 'praxis-demo/wien/allgemein';

async function json(res, what) {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Headers of the demo admin, logged in once. */
export async function staffHeaders(base) {
  const login = await json(
    await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(DEMO_ADMIN).toString('base64')}` },
    }),
    'POST /auth/login',
  );
  return { authorization: `Basic ${Buffer.from(`${login.id}:${login.token}`).toString('base64')}`, 'content-type': 'application/json' };
}

/** The demo queue's id, resolved from its public link like the draw page does. */
export async function demoQueueId(base) {
  const route = await json(await fetch(`${base}/routes/identifier/${DEMO_QUEUE_PATH}`), `GET /routes/identifier/${DEMO_QUEUE_PATH}`);
  return route.queue.id;
}

/** Opens the queue's session; one already open answers 409 SESSION_UNCHANGED, which is fine. */
export async function openQueue(base, staff, queueId) {
  const res = await fetch(`${base}/queues/${queueId}/session`, { method: 'POST', headers: staff, body: JSON.stringify({ event: 'START' }) });
  if (!res.ok && res.status !== 409) throw new Error(`POST /queues/${queueId}/session START answered ${res.status}: ${await res.text()}`);
}

/** Valid values for every patient input a queue can require (a valid SVNR, an adult's birth date). */
const PATIENT_VALUES = {
  display_name: { display_name: 'Bench Patient' },
  first_name: { first_name: 'Bench', last_name: 'Patient' },
  birth_date: { birth_date: '1980-01-01' },
  insurance_number: { insurance_number: '1237010180' },
  mail: { mail: 'bench@example.com' },
  phone: { phone: '+43 660 1234567' },
};

/**
 * Draws an online ticket on the demo queue as a patient, opening the queue first when it is
 * closed; fills the patient inputs the queue requires. Resolves with the ticket ({ id, number, ... }).
 */
export async function drawDemoTicket(base) {
  const queueId = await demoQueueId(base);
  let queue = await json(await fetch(`${base}/queues/${queueId}/public`), `GET /queues/${queueId}/public`);
  if (queue.online_refusal === 'QUEUE_CLOSED') {
    await openQueue(base, await staffHeaders(base), queueId);
    queue = await json(await fetch(`${base}/queues/${queueId}/public`), `GET /queues/${queueId}/public`);
  }
  if (queue.online_refusal) throw new Error(`the demo queue refuses online draws: ${queue.online_refusal}`);
  const body = { origin: 'ONLINE' };
  for (const [input, mode] of Object.entries(queue.patient_inputs)) {
    if (mode === 'REQUIRED') Object.assign(body, PATIENT_VALUES[input]);
  }
  return json(
    await fetch(`${base}/queues/${queueId}/members`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    `POST /queues/${queueId}/members`,
  );
}

/** The key of a patient's link (`patient_url` of a draw's answer): what `GET /members/{key}` and the ticket page take. */
export const linkKey = (view) => view.patient_url.split('/').pop();
