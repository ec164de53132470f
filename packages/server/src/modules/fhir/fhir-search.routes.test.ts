import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPublicKey, seal, type ApiScope, type BookableTypes } from '@wartefrei/shared';
import { asKey, givenApiKey } from '../../../test/support/api-keys.js';
import type { TestApp } from '../../../test/support/test-app.js';
import { givenBookablePractice, SPRING, startBookingApp } from '../../../test/support/appointments.js';
import { switchEncryptionOn } from '../../../test/support/encryption.js';
import { asUser } from '../../../test/support/factories.js';
import { expectOutcome, expectValidFhir, fhirBody } from '../../../test/support/fhir.js';
import { setNow } from '../../../test/support/test-clock.js';

/*
 * Searching appointments through FHIR: a month of them, page by page along the Bundle's links
 * and as one Bundle that FHIR's definitions accept; the status mapping; and, while the practice
 * encrypts, a contained Patient that says which data the server cannot read.
 */

let t: TestApp;
let p: Awaited<ReturnType<typeof givenBookablePractice>>;
type Bundle = {
  total: number;
  link: { relation: string; url: string }[];
  entry?: { fullUrl: string; resource: { id: string; status: string; start: string } & Record<string, unknown> }[];
};

beforeAll(async () => {
  t = await startBookingApp();
  p = await givenBookablePractice(t, { at: SPRING.now });
}, 60_000);
afterAll(async () => t?.close());

const get = (url: string) => t.inject({ method: 'GET', url, headers: asUser(p.user) });
const bundleOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return fhirBody<Bundle>(res);
};
/** A staff booking through the calendar's own route. */
async function book(start: string, lastName = 'Muster'): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/appointments',
    headers: asUser(p.user),
    payload: { appointment_type_id: p.type.id, start, processor_id: p.processor.id, last_name: lastName },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('a month of appointments', () => {
  const april: string[] = [];
  beforeAll(async () => {
    for (let day = 1; day <= 30; day++) {
      const date = `2026-04-${String(day).padStart(2, '0')}`;
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      for (const hour of ['08', '09', '10', '11']) april.push(await book(`${date}T${hour}:00:00+02:00`));
    }
    // Outside the month by local date, inside it by UTC: 1 May 00:30 in Vienna is 30 April 22:30Z.
    await book('2026-05-01T00:30:00+02:00');
    await book('2026-03-31T23:00:00+02:00');
  }, 120_000);

  it('pages through every one once, in start order, along the next links', async () => {
    const seen: string[] = [];
    let url: string | undefined = '/fhir/R4/Appointment?date=ge2026-04-01&date=lt2026-05-01&_count=25';
    let pages = 0;
    while (url) {
      const bundle = await bundleOf(url);
      expect(bundle.total).toBe(april.length);
      expect(bundle.link.find((l) => l.relation === 'self')?.url).toMatch(/^http:\/\/wartefrei\.test\/fhir\/R4\/Appointment\?/);
      seen.push(...(bundle.entry ?? []).map((e) => e.resource.id));
      const next = bundle.link.find((l) => l.relation === 'next')?.url;
      url = next?.replace('http://wartefrei.test', '');
      pages++;
    }
    expect(pages).toBe(Math.ceil(april.length / 25));
    expect(seen).toEqual(april);
  });

  it('is one valid searchset Bundle of the month', async () => {
    const bundle = await bundleOf('/fhir/R4/Appointment?date=2026-04&_count=1000');
    expect(bundle.entry).toHaveLength(april.length);
    expect(bundle.link.map((l) => l.relation)).toEqual(['self']);
    expectValidFhir(bundle);
    // Instants with an offset are instants, whatever the location's zone says.
    expect((await bundleOf('/fhir/R4/Appointment?date=ge2026-04-30T22:00:00Z&date=lt2026-05-01T00:00:00Z')).total).toBe(1);
  });

  it('refuses what it cannot read: a malformed date, an unsupported prefix, a _count out of range', async () => {
    expectOutcome(await get('/fhir/R4/Appointment?date=ge2026-13-01'), 400, 'VALIDATION');
    expectOutcome(await get('/fhir/R4/Appointment?date=ap2026-04-01'), 400, 'VALIDATION');
    expectOutcome(await get('/fhir/R4/Appointment?_count=0'), 400, 'VALIDATION');
    expectOutcome(await get('/fhir/R4/Appointment?status=unknown'), 400, 'VALIDATION');
  });
});

describe('statuses', () => {
  it('maps booked, arrived (checked in), noshow and cancelled, and searches by them', async () => {
    const arrived = await book('2026-03-27T13:00:00+01:00', 'Da');
    const absent = await book('2026-03-27T14:00:00+01:00', 'Fort');
    const cancelled = await book('2026-03-27T15:00:00+01:00', 'Ab');
    // A checked-in appointment joins its list: the list is open.
    expect((await t.inject({ method: 'POST', url: `/queues/${p.queueId}/session`, headers: asUser(p.user), payload: { event: 'START' } })).statusCode).toBe(200);
    const checkIn = await t.inject({ method: 'POST', url: `/appointments/${arrived}/check-in`, headers: asUser(p.user) });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect((await t.inject({ method: 'POST', url: `/appointments/${cancelled}/cancel`, headers: asUser(p.user), payload: {} })).statusCode).toBe(200);
    setNow(t.clock, '2026-03-27T14:20:00+01:00');
    expect((await t.inject({ method: 'POST', url: `/appointments/${absent}/no-show`, headers: asUser(p.user) })).statusCode).toBe(200);
    const ofDay = async (status?: string) =>
      (await bundleOf(`/fhir/R4/Appointment?date=2026-03-27${status ? `&status=${status}` : ''}&actor=Practitioner/${p.processor.id}`)).entry?.map((e) => [
        e.resource.id,
        e.resource.status,
      ]) ?? [];
    expect(await ofDay()).toEqual([
      [arrived, 'arrived'],
      [absent, 'noshow'],
      [cancelled, 'cancelled'],
    ]);
    expect(await ofDay('noshow,cancelled')).toEqual([
      [absent, 'noshow'],
      [cancelled, 'cancelled'],
    ]);
    expect(await ofDay('fulfilled')).toEqual([]);
    expect(await ofDay('proposed')).toEqual([]);
    expect((await bundleOf(`/fhir/R4/Appointment?date=2026-03-27&actor=Location/${p.processor.id}`)).total).toBe(0);
  });
});

describe('while the practice encrypts', () => {
  it('leaves out the names, birth date and insurance number it cannot read, and says so', async () => {
    const enc = await givenBookablePractice(t, { at: SPRING.now });
    const { keyId } = await switchEncryptionOn(t, enc.user);
    const { sealing_key } = (await t.inject({ method: 'GET', url: `/appointment-types/bookable?queue_id=${enc.queueId}` })).json<BookableTypes>();
    const recordId = crypto.randomUUID();
    const sealed = await seal({ last_name: 'Verschlossen', first_name: 'Verena', birth_date: '1980-01-02' }, await importPublicKey(sealing_key!.public_key), keyId, {
      table: 'appointments',
      recordId,
    });
    const booked = await t.inject({
      method: 'POST',
      url: '/appointments',
      headers: asUser(enc.user),
      payload: { appointment_type_id: enc.type.id, start: SPRING.monday8, processor_id: enc.processor.id, mail: 'v@example.com', sealed_data: sealed, record_id: recordId },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await t.inject({ method: 'GET', url: `/fhir/R4/Appointment/${recordId}`, headers: asUser(enc.user) });
    const appointment = fhirBody<{ contained: Record<string, unknown>[] }>(res);
    expectValidFhir(appointment);
    const masked = { extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/data-absent-reason', valueCode: 'masked' }] };
    expect(appointment.contained[0]).toEqual({
      resourceType: 'Patient',
      id: 'patient',
      name: [masked],
      identifier: [{ system: 'http://fhir.de/sid/gkv/kvid-10', _value: masked }],
      _birthDate: masked,
      telecom: [{ system: 'email', value: 'v@example.com' }],
    });
    expect(res.body).not.toContain(sealed);

    // A booking through FHIR cannot seal: names in the clear are refused as on the booking page.
    const clear = await t.inject({
      method: 'POST',
      url: '/fhir/R4/Appointment',
      headers: { ...asUser(enc.user), 'content-type': 'application/fhir+json' },
      payload: JSON.stringify({
        resourceType: 'Appointment',
        start: SPRING.tuesday8,
        serviceType: [{ coding: [{ system: 'urn:wartefrei:appointment-type', code: enc.type.id }] }],
        contained: [{ resourceType: 'Patient', id: 'p', name: [{ family: 'Klartext' }] }],
        participant: [
          { actor: { reference: '#p' }, status: 'accepted' },
          { actor: { reference: `Practitioner/${enc.processor.id}` }, status: 'accepted' },
        ],
      }),
    });
    const refused = expectOutcome(clear, 400, 'VALIDATION');
    expect(refused.issue.map((issue) => issue.expression?.[0])).toContain('Patient.name.family');
  });
});

describe('through an API key', () => {
  it('opens only with the scope fhir, and gives the patient’s data only with patients:read', async () => {
    const id = await book('2026-03-30T10:00:00+02:00', 'Schlüssel');
    await t.inject({
      method: 'PATCH',
      url: `/appointments/${id}`,
      headers: asUser(p.user),
      payload: { description: 'Rückenschmerzen', phone: '+43 1 234 56', birth_date: '1970-05-06' },
    });
    const read = async (scopes: ApiScope[]) => t.inject({ method: 'GET', url: `/fhir/R4/Appointment/${id}`, headers: asKey((await givenApiKey(t, p.user, scopes)).key) });

    const refused = await read(['appointments:read']);
    expectOutcome(refused, 403, 'API_KEY_SCOPE');

    const masked = { extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/data-absent-reason', valueCode: 'masked' }] };
    const withoutPatients = fhirBody<{ contained: Record<string, unknown>[]; comment?: string }>(await read(['fhir']));
    expectValidFhir(withoutPatients);
    expect(withoutPatients.contained[0]).toEqual({ resourceType: 'Patient', id: 'patient', name: [masked], _birthDate: masked });
    expect(withoutPatients.comment).toBeUndefined();
    expect(JSON.stringify(withoutPatients)).not.toMatch(/Schlüssel|123456|1970-05-06|Rücken/);

    const withPatients = fhirBody<{ contained: Record<string, unknown>[]; comment?: string }>(await read(['fhir', 'patients:read']));
    expectValidFhir(withPatients);
    expect(withPatients.contained[0]).toMatchObject({ name: [{ family: 'Schlüssel' }], birthDate: '1970-05-06', telecom: [{ system: 'phone', value: '+43123456' }] });
    expect(withPatients.comment).toBe('Rückenschmerzen');
  });
});
