import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog, Availability } from '@wartefrei/shared';
import type { TestApp } from '../../../test/support/test-app.js';
import { givenBookablePractice, SPRING, startBookingApp } from '../../../test/support/appointments.js';
import { asUser } from '../../../test/support/factories.js';
import { expectOutcome, expectValidFhir, fhirBody } from '../../../test/support/fhir.js';
import { scheduleId } from './fhir.ids.js';

/*
 * The FHIR R4 interface over HTTP: the set-up as resources, free Slots from the booking page's
 * computation, booking and cancelling through the booking service, errors as OperationOutcome;
 * every resource returned is checked against FHIR's definitions.
 */

let t: TestApp;
let p: Awaited<ReturnType<typeof givenBookablePractice>>;
let other: Awaited<ReturnType<typeof givenBookablePractice>>;
const FHIR = 'application/fhir+json';
type Bundle = { resourceType: string; total: number; link: { relation: string; url: string }[]; entry?: { fullUrl: string; resource: Record<string, unknown> & { id: string } }[] };

beforeAll(async () => {
  t = await startBookingApp();
  p = await givenBookablePractice(t, { at: SPRING.now, processors: 2 });
  other = await givenBookablePractice(t);
}, 60_000);
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = asUser(p.user)) => t.inject({ method: 'GET', url, headers });
const post = (payload: unknown, headers: Record<string, string> = asUser(p.user)) =>
  t.inject({ method: 'POST', url: '/fhir/R4/Appointment', headers: { ...headers, 'content-type': FHIR }, payload: JSON.stringify(payload) });
const entriesOf = (res: Awaited<ReturnType<typeof get>>) => {
  expect(res.statusCode, res.body).toBe(200);
  const bundle = fhirBody<Bundle>(res);
  expectValidFhir(bundle);
  return (bundle.entry ?? []).map((e) => e.resource);
};
const patient = {
  resourceType: 'Patient',
  id: 'p1',
  name: [{ family: 'Muster', given: ['Maria'] }],
  birthDate: '1980-02-03',
  telecom: [
    { system: 'email', value: 'maria@example.com' },
    { system: 'phone', value: '+4366412345678' },
  ],
  identifier: [{ system: 'http://fhir.de/sid/gkv/kvid-10', value: '1237010180' }],
};
const withPatient = (extra: Record<string, unknown>, who: Record<string, unknown> = patient) => ({
  resourceType: 'Appointment',
  status: 'booked',
  contained: [who],
  participant: [{ actor: { reference: `#${String(who.id)}` }, status: 'accepted' }],
  ...extra,
});

describe('the set-up as FHIR resources', () => {
  it('metadata is a valid CapabilityStatement naming exactly the supported resources', async () => {
    const res = await t.inject({ method: 'GET', url: '/fhir/R4/metadata' });
    expect(res.statusCode).toBe(200);
    const body = fhirBody<{ rest: { resource: { type: string; interaction: { code: string }[] }[] }[] }>(res);
    expectValidFhir(body);
    expect(body.rest[0]!.resource.map((r) => r.type).sort()).toEqual(['Appointment', 'HealthcareService', 'Location', 'Practitioner', 'Schedule', 'Slot']);
    expect(body.rest[0]!.resource.find((r) => r.type === 'Appointment')!.interaction.map((i) => i.code)).toEqual(['read', 'search-type', 'create', 'update', 'patch']);
  });

  it('lists and reads Practitioners, Locations, HealthcareServices and Schedules of the own practice only', async () => {
    const practitioners = entriesOf(await get('/fhir/R4/Practitioner'));
    expect(practitioners.map((r) => r.id).sort()).toEqual(p.processors.map((x) => x.id).sort());
    expect(entriesOf(await get('/fhir/R4/Location')).map((r) => r.id)).toEqual([p.profileId]);
    expect(entriesOf(await get('/fhir/R4/HealthcareService')).map((r) => r.id)).toEqual([p.queueId]);
    const schedules = entriesOf(await get('/fhir/R4/Schedule'));
    expect(schedules.map((r) => r.id).sort()).toEqual(p.processors.map((x) => scheduleId({ typeId: p.type.id, processorId: x.id })).sort());
    const own = { Practitioner: p.processor.id, Location: p.profileId, HealthcareService: p.queueId, Schedule: scheduleId({ typeId: p.type.id, processorId: p.processor.id }) };
    const foreign = {
      Practitioner: other.processor.id,
      Location: other.profileId,
      HealthcareService: other.queueId,
      Schedule: scheduleId({ typeId: other.type.id, processorId: other.processor.id }),
    };
    for (const [type, id] of Object.entries(own)) {
      const res = await get(`/fhir/R4/${type}/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(fhirBody(res)).toMatchObject({ resourceType: type, id });
      expectValidFhir(res.json());
      expectOutcome(await get(`/fhir/R4/${type}/${foreign[type as keyof typeof foreign]}`), 404, 'NOT_FOUND');
      expectOutcome(await get(`/fhir/R4/${type}/not-an-id`), 404, 'NOT_FOUND');
    }
    expect(entriesOf(await get(`/fhir/R4/Schedule?actor=Practitioner/${p.processor.id}`)).map((r) => r.id)).toEqual([own.Schedule]);
  });

  it('ignores unknown search parameters, unless the client asks for strict handling (400)', async () => {
    expect(entriesOf(await get('/fhir/R4/Location?colour=blue')).length).toBe(1);
    const strict = expectOutcome(await get('/fhir/R4/Location?colour=blue', asUser(p.user, { prefer: 'handling=strict' })), 400, 'VALIDATION');
    expect(strict.issue[0]).toMatchObject({ code: 'not-supported', expression: ['colour'] });
    // JSON only: `_format` may ask for it (an unescaped '+' included), never for XML.
    expect(entriesOf(await get('/fhir/R4/Location?_format=application/fhir+json', asUser(p.user, { prefer: 'handling=strict' }))).length).toBe(1);
    expectOutcome(await get('/fhir/R4/Location?_format=xml'), 400, 'VALIDATION');
  });

  it('answers every error as an OperationOutcome: no credentials, an unknown resource type, a wrong content type', async () => {
    expectOutcome(await t.inject({ method: 'GET', url: '/fhir/R4/Appointment' }), 401, 'AUTH_HEADER_MISSING');
    expectOutcome(await get('/fhir/R4/Patient'), 404, 'NOT_FOUND');
    const wrongType = await t.inject({ method: 'POST', url: '/fhir/R4/Appointment', headers: { ...asUser(p.user), 'content-type': 'application/xml' }, payload: '<Appointment/>' });
    expectOutcome(wrongType, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const english = expectOutcome(await t.inject({ method: 'GET', url: '/fhir/R4/Slot', headers: asUser(p.user, { 'accept-language': 'en' }) }), 400, 'VALIDATION');
    expect(english.issue[0]).toMatchObject({ code: 'required', expression: ['schedule'] });
  });
});

describe('slots and bookings', () => {
  const schedule = () => scheduleId({ typeId: p.type.id, processorId: p.processor.id });
  const slotsOf = async (query = `start=ge2026-03-30&start=lt2026-04-01&status=free`) => entriesOf(await get(`/fhir/R4/Slot?schedule=Schedule/${schedule()}&${query}`));

  it('offers the free times the booking page offers, for the Schedule’s processor', async () => {
    const slots = await slotsOf();
    const page = (await get(`/appointment-types/${p.type.id}/availability?from=2026-03-30&to=2026-03-31`)).json<Availability>();
    const expected = page.slots.filter((s) => s.processor_id === p.processor.id).map((s) => s.start);
    expect(slots.map((s) => s.start)).toEqual(expected);
    expect(expected).toEqual(['2026-03-30T08:00:00+02:00', '2026-03-30T09:00:00+02:00', '2026-03-31T08:00:00+02:00', '2026-03-31T09:00:00+02:00']);
    expect(await slotsOf('start=ge2026-03-30T09:00:00%2B02:00&start=lt2026-03-31')).toHaveLength(1);
    expect(await slotsOf('start=ge2026-03-30&start=lt2026-04-01&status=busy')).toEqual([]);
  });

  it('books a slot as the booking page would (201, Location), and a taken time answers 409', async () => {
    const [slot] = await slotsOf();
    const res = await post(withPatient({ slot: [{ reference: `Slot/${slot!.id}` }], comment: 'Kontrolle' }));
    expect(res.statusCode, res.body).toBe(201);
    const booked = fhirBody<{ id: string; status: string; start: string; contained: unknown[]; participant: { actor: { reference: string } }[] }>(res);
    expectValidFhir(booked);
    expect(res.headers.location).toBe(`http://wartefrei.test/fhir/R4/Appointment/${booked.id}`);
    expect(booked).toMatchObject({
      status: 'booked',
      start: '2026-03-30T08:00:00+02:00',
      contained: [{ resourceType: 'Patient', name: [{ family: 'Muster', given: ['Maria'] }], identifier: [{ system: 'http://fhir.de/sid/gkv/kvid-10', value: '1237010180' }] }],
    });
    expect(booked.participant.map((x) => x.actor.reference)).toContain(`Practitioner/${p.processor.id}`);
    // The booking is the practice's like any other: the staff list shows it with the patient's data.
    const staff = await get('/appointments?from=2026-03-30&to=2026-03-30');
    expect(staff.json()).toEqual([expect.objectContaining({ id: booked.id, last_name: 'Muster', first_name: 'Maria', processor_id: p.processor.id, description: 'Kontrolle' })]);
    expect((await slotsOf()).map((s) => s.id)).not.toContain(slot!.id);

    const again = expectOutcome(await post(withPatient({ slot: [{ reference: `Slot/${slot!.id}` }] })), 409, 'APPOINTMENT_SLOT_TAKEN');
    expect(again.issue[0]!.code).toBe('conflict');
    const read = await get(`/fhir/R4/Appointment/${booked.id}`);
    expect(fhirBody(read)).toEqual(booked);
    // Written to the audit log like the calendar's booking and reading.
    const log = (await get('/audit')).json<AuditLog>();
    expect(log.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'appointment.create',
          subject_type: 'appointment',
          subject_id: booked.id,
          detail: expect.objectContaining({ request: 'POST /fhir/R4/Appointment' }),
        }),
        expect.objectContaining({ action: 'appointments.list', subject_type: 'appointment', subject_id: booked.id }),
      ]),
    );
  });

  it('books by start and serviceType with a practitioner; the type’s required fields apply', async () => {
    const byStart = (who: Record<string, unknown>) =>
      post({
        ...withPatient(
          { start: SPRING.tuesday8, end: '2026-03-31T09:00:00+02:00', serviceType: [{ coding: [{ system: 'urn:wartefrei:appointment-type', code: p.type.id }] }] },
          who,
        ),
        participant: [
          { actor: { reference: `#${String(who.id)}` }, status: 'accepted' },
          { actor: { reference: `Practitioner/${p.processors[1]!.id}` }, status: 'accepted' },
        ],
      });
    const nameless = expectOutcome(await byStart({ resourceType: 'Patient', id: 'x', telecom: [{ system: 'phone', value: '+4366412345678' }] }), 400, 'VALIDATION');
    expect(nameless.issue).toEqual([expect.objectContaining({ code: 'required', expression: ['Patient.name.family'] })]);
    const res = await byStart(patient);
    expect(res.statusCode, res.body).toBe(201);
    expect(fhirBody(res)).toMatchObject({
      start: SPRING.tuesday8,
      end: '2026-03-31T09:00:00+02:00',
      participant: expect.arrayContaining([expect.objectContaining({ actor: expect.objectContaining({ reference: `Practitioner/${p.processors[1]!.id}` }) })]),
    });
    expectOutcome(await byStart(patient), 409, 'APPOINTMENT_SLOT_TAKEN');
  });

  it('refuses a time that is past as a business rule (422), naming the element', async () => {
    const past = expectOutcome(
      await post(withPatient({ start: '2026-03-26T08:00:00+01:00', serviceType: [{ coding: [{ system: 'urn:wartefrei:appointment-type', code: p.type.id }] }] })),
      422,
      'APPOINTMENT_NOT_BOOKABLE',
    );
    expect(past.issue[0]).toMatchObject({ code: 'business-rule', expression: ['Appointment.start'] });
    expectOutcome(await post(withPatient({ slot: [{ reference: 'Slot/nothing-of-ours' }] })), 400, 'VALIDATION');
    expectOutcome(await post({ resourceType: 'Patient' }), 400, 'VALIDATION');
  });

  it('cancels by PATCH or PUT of the status (again: nothing changes); another status is refused', async () => {
    const [slot] = await slotsOf();
    const booked = (await post(withPatient({ slot: [{ reference: `Slot/${slot!.id}` }] }))).json<Record<string, unknown> & { id: string }>();
    const url = `/fhir/R4/Appointment/${booked.id}`;
    const refused = await t.inject({
      method: 'PATCH',
      url,
      headers: { ...asUser(p.user), 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([{ op: 'replace', path: '/status', value: 'arrived' }]),
    });
    expectOutcome(refused, 400, 'VALIDATION');
    const patched = await t.inject({
      method: 'PATCH',
      url,
      headers: { ...asUser(p.user), 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([{ op: 'replace', path: '/status', value: 'cancelled' }]),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(fhirBody(patched)).toMatchObject({ id: booked.id, status: 'cancelled' });
    expectValidFhir(patched.json());
    const put = await t.inject({ method: 'PUT', url, headers: { ...asUser(p.user), 'content-type': FHIR }, payload: JSON.stringify({ ...booked, status: 'cancelled' }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ status: 'cancelled', meta: { versionId: patched.json<{ meta: { versionId: string } }>().meta.versionId } });
    // The time is free again.
    expect((await slotsOf()).map((s) => s.id)).toContain(slot!.id);
    expectOutcome(
      await t.inject({
        method: 'PATCH',
        url: `/fhir/R4/Appointment/${other.processor.id}`,
        headers: { ...asUser(p.user), 'content-type': 'application/json-patch+json' },
        payload: '[]',
      }),
      404,
      'NOT_FOUND',
    );
  });
});
