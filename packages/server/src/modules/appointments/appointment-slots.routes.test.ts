import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiError, AppointmentSlot, AppointmentType } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProcessor, givenProfile, givenQueue } from '../../../test/support/factories.js';

const t = useTestApp();

type Admin = Awaited<ReturnType<typeof givenAdmin>>;
const as = (user: Admin['user'], method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.inject({ method, url, headers: asUser(user), ...(payload ? { payload } : {}) });

/** An account with a location, a list in it, and a processor serving the list. */
async function givenPractice() {
  const a = await givenAdmin(t);
  const profileId = await givenProfile(t, a.accountId);
  const queueId = await givenQueue(t, a.accountId, { profileId });
  const processor = await givenProcessor(t, a.accountId, [queueId]);
  return { ...a, profileId, queueId, processor };
}
type Practice = Awaited<ReturnType<typeof givenPractice>>;

const monday = (p: Practice, extra: Record<string, unknown> = {}) => ({
  profile_id: p.profileId,
  processor_id: p.processor.id,
  kind: 'WEEK',
  weekday: 1,
  start_time: '08:00',
  end_time: '12:00',
  ...extra,
});

async function createSlot(p: Practice, payload: Record<string, unknown>): Promise<AppointmentSlot> {
  const res = await as(p.user, 'POST', '/appointment-slots', payload);
  if (res.statusCode !== 201) throw new Error(`creating a slot failed: ${res.body}`);
  return res.json<AppointmentSlot>();
}

describe('POST /appointment-slots', () => {
  it('stores a weekly rule with the defaults: any type, no notice, name and mail required', async () => {
    const p = await givenPractice();
    const res = await as(p.user, 'POST', '/appointment-slots', monday(p));
    expect(res.statusCode).toBe(201);
    expect(res.json<AppointmentSlot>()).toEqual({
      id: expect.any(String),
      profile_id: p.profileId,
      kind: 'WEEK',
      weekday: 1,
      date: null,
      start_time: '08:00',
      end_time: '12:00',
      processor_id: p.processor.id,
      appointment_type_ids: [],
      min_hours_in_advance: 0,
      max_hours_in_advance: null,
      required_fields: { last_name: 'REQUIRED', first_name: 'REQUIRED', birth_date: 'OPTIONAL', mail: 'REQUIRED', phone: 'OPTIONAL', insurance_number: 'NONE' },
    });
  });

  it('adds and removes time on one date, for some types only', async () => {
    const p = await givenPractice();
    const type = (await as(p.user, 'POST', '/appointment-types', { queue_id: p.queueId, duration_minutes: 15 })).json<AppointmentType>();
    const extra = await createSlot(p, { ...monday(p), kind: 'SINGLE', weekday: undefined, date: '2026-12-24', appointment_type_ids: [type.id] });
    expect(extra).toMatchObject({ kind: 'SINGLE', weekday: null, date: '2026-12-24', appointment_type_ids: [type.id] });
    const closed = await createSlot(p, { ...monday(p), kind: 'SINGLE_NEGATE', weekday: undefined, date: '2026-12-24', start_time: '10:00', end_time: '11:00' });
    expect(closed).toMatchObject({ kind: 'SINGLE_NEGATE', date: '2026-12-24' });
    const listed = (await as(p.user, 'GET', `/appointment-slots?profile_id=${p.profileId}`)).json<AppointmentSlot[]>();
    expect(listed.map((slot) => slot.kind).sort()).toEqual(['SINGLE', 'SINGLE_NEGATE']);
  });

  it('names every broken rule at its field', async () => {
    const p = await givenPractice();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ weekday: undefined }, { weekday: 'REQUIRED' }],
      [{ date: '2026-12-24' }, { date: 'INVALID_VALUE' }],
      [{ kind: 'SINGLE' }, { date: 'REQUIRED', weekday: 'INVALID_VALUE' }],
      [{ start_time: '12:00', end_time: '12:00' }, { end_time: 'END_NOT_AFTER_START' }],
      [{ start_time: '8:00' }, { start_time: 'INVALID_VALUE' }],
      [{ weekday: 8 }, { weekday: 'MAX_VALUE' }],
      [{ min_hours_in_advance: 48, max_hours_in_advance: 24 }, { max_hours_in_advance: 'INVALID_VALUE' }],
      [{ required_fields: { mail: 'OPTIONAL' } }, { required_fields: 'MAIL_OR_PHONE_REQUIRED' }],
      [{ kind: 'SINGLE', weekday: undefined, date: '2026-02-30x' }, { date: 'INVALID_DATE' }],
    ];
    for (const [change, fields] of cases) {
      const res = await as(p.user, 'POST', '/appointment-slots', monday(p, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const codes = Object.fromEntries(Object.entries(res.json<ApiError>().fields ?? {}).map(([field, problem]) => [field, problem.code]));
      expect(codes, JSON.stringify(change)).toEqual(fields);
    }
    const german = await as(p.user, 'POST', '/appointment-slots', monday(p, { required_fields: { mail: 'NONE', phone: 'OPTIONAL' } }));
    expect(german.json<ApiError>().fields?.required_fields?.message).toBe('E-Mail oder Telefon muss verpflichtend sein, damit die Praxis den Patienten erreicht');
    // Phone instead of mail is fine.
    await createSlot(p, monday(p, { required_fields: { mail: 'OPTIONAL', phone: 'REQUIRED' } }));
  });

  it('refuses a second slot of the same kind for the same processor at an overlapping time, not a back-to-back one', async () => {
    const p = await givenPractice();
    await createSlot(p, monday(p));
    const clash = await as(p.user, 'POST', '/appointment-slots', monday(p, { start_time: '11:00', end_time: '13:00' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json<ApiError>()).toMatchObject({ code: 'UNIQUE', fields: { start_time: { code: 'SLOT_EXISTS' } } });
    await createSlot(p, monday(p, { start_time: '12:00', end_time: '13:00' })); // back to back
    await createSlot(p, monday(p, { weekday: 2 })); // another day
    await createSlot(p, monday(p, { kind: 'SINGLE', weekday: undefined, date: '2026-12-07' })); // another kind
    const colleague = await givenProcessor(t, p.accountId, [p.queueId]);
    await createSlot(p, monday(p, { processor_id: colleague.id })); // another processor
  });

  it('lets exactly one of ten concurrent identical slots in', async () => {
    const p = await givenPractice();
    const answers = await Promise.all(Array.from({ length: 10 }, () => as(p.user, 'POST', '/appointment-slots', monday(p))));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
  });
});

describe('PATCH and DELETE /appointment-slots/{id}', () => {
  it('checks the slot as it will be, and deletes it', async () => {
    const p = await givenPractice();
    const early = await createSlot(p, monday(p));
    const late = await createSlot(p, monday(p, { start_time: '14:00', end_time: '18:00' }));
    const moved = await as(p.user, 'PATCH', `/appointment-slots/${late.id}`, { start_time: '13:00', min_hours_in_advance: 2, max_hours_in_advance: 720 });
    expect(moved.json<AppointmentSlot>()).toMatchObject({ start_time: '13:00', end_time: '18:00', min_hours_in_advance: 2, max_hours_in_advance: 720 });
    const overlapping = await as(p.user, 'PATCH', `/appointment-slots/${late.id}`, { start_time: '11:00' });
    expect(overlapping.statusCode).toBe(409);
    const backwards = await as(p.user, 'PATCH', `/appointment-slots/${early.id}`, { end_time: '07:00' });
    expect(backwards.json<ApiError>().fields).toMatchObject({ end_time: { code: 'END_NOT_AFTER_START' } });
    // Its own old time does not count against it.
    const longer = await as(p.user, 'PATCH', `/appointment-slots/${early.id}`, { end_time: '12:30' });
    expect(longer.json<AppointmentSlot>()).toMatchObject({ start_time: '08:00', end_time: '12:30' });
    expect((await as(p.user, 'DELETE', `/appointment-slots/${early.id}`)).statusCode).toBe(204);
    expect((await as(p.user, 'DELETE', `/appointment-slots/${early.id}`)).statusCode).toBe(404);
    expect((await as(p.user, 'GET', '/appointment-slots')).json<AppointmentSlot[]>().map((slot) => slot.id)).toEqual([late.id]);
  });
});

describe('who sees and changes slots', () => {
  it('staff read the account’s slots, only admins change them', async () => {
    const p = await givenPractice();
    const slot = await createSlot(p, monday(p));
    const mine = await as(p.processor, 'GET', `/appointment-slots?processor_id=${p.processor.id}`);
    expect(mine.json<AppointmentSlot[]>().map((s) => s.id)).toEqual([slot.id]);
    for (const [method, url, payload] of [
      ['POST', '/appointment-slots', monday(p, { weekday: 3 })],
      ['PATCH', `/appointment-slots/${slot.id}`, { start_time: '09:00' }],
      ['DELETE', `/appointment-slots/${slot.id}`, undefined],
    ] as const) {
      expect((await as(p.processor, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('another account’s slot, location, processor or type — or a made-up id — is a 404', async () => {
    const p = await givenPractice();
    const q = await givenPractice();
    const theirs = await createSlot(q, monday(q));
    const theirType = (await as(q.user, 'POST', '/appointment-types', { queue_id: q.queueId, duration_minutes: 15 })).json<AppointmentType>();
    for (const [method, url, payload] of [
      ['PATCH', `/appointment-slots/${theirs.id}`, { start_time: '09:00' }],
      ['DELETE', `/appointment-slots/${theirs.id}`, undefined],
      ['PATCH', `/appointment-slots/${randomUUID()}`, { start_time: '09:00' }],
      ['DELETE', '/appointment-slots/kein-uuid', undefined],
      ['POST', '/appointment-slots', monday(p, { profile_id: q.profileId })],
      ['POST', '/appointment-slots', monday(p, { processor_id: q.processor.id })],
      ['POST', '/appointment-slots', monday(p, { appointment_type_ids: [theirType.id] })],
      ['POST', '/appointment-slots', monday(p, { appointment_type_ids: ['kein-uuid'] })],
      ['GET', `/appointment-slots?profile_id=${q.profileId}`, undefined],
      ['GET', `/appointment-slots?processor_id=${q.processor.id}`, undefined],
    ] as const) {
      const res = await as(p.user, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
    }
    expect((await as(p.user, 'GET', '/appointment-slots')).json()).toEqual([]);
  });

  it('a slot may name only types of its own location', async () => {
    const p = await givenPractice();
    const elsewhere = await givenQueue(t, p.accountId);
    const otherType = (await as(p.user, 'POST', '/appointment-types', { queue_id: elsewhere, duration_minutes: 15 })).json<AppointmentType>();
    expect((await as(p.user, 'POST', '/appointment-slots', monday(p, { appointment_type_ids: [otherType.id] }))).statusCode).toBe(404);
  });
});
