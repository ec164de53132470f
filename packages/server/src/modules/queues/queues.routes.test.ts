import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_CONFIGURATION, type ApiError, type Queue } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { postProfile, postQueue } from '../../../test/support/api.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';

const t = useTestApp();

type Admin = Awaited<ReturnType<typeof givenAdmin>>;

async function givenAdminWithProfile() {
  const a = await givenAdmin(t);
  const profile = await postProfile(t, a.user);
  return { ...a, profile };
}
/** POST /queues as the admin, in their location unless the payload names another. */
const createQueue = (a: Admin & { profile: { id: string } }, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/queues', headers: asUser(a.user), payload: { profile_id: a.profile.id, ...payload } });
const getQueue = (a: Admin, id: string) => t.inject({ method: 'GET', url: `/queues/${id}`, headers: asUser(a.user) });
const patch = (a: Admin, id: string, payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/queues/${id}`, headers: asUser(a.user), payload });

const everyField = {
  name: 'Allgemeinmedizin',
  identifier: 'Allgemein Ärztin',
  phone: '+43 1 234 56-78',
  priority: 5,
  kiosk_text_before: 'Bitte ziehen Sie ein Ticket.',
  kiosk_text_after: 'Danke, bitte nehmen Sie Platz.',
  ticket_text_before: 'Vor dem Ziehen',
  ticket_text_after: 'Nach dem Ziehen',
  monitor_text: 'Willkommen',
  opening_hours: 'Mo–Fr 8–12\nDi, Do 14–18\nSa geschlossen',
  draw_online_enabled: false,
  wait_time_calculation_enabled: false,
  kiosk_enabled: true,
  max_concurrent_processing: 3,
  preprocessing_buffer_minutes: 5,
  average_process_minutes: 12,
  number_start: 100,
  number_end: 199,
  timeout_minutes: 30,
  automatically_next: true,
  color: '#1A2B3C',
  accent_color: '#ffcc00',
  min_age: 18,
  max_age: 99,
  is_default: true,
  logo_placement_ticket: 'BOTTOM',
  logo_placement_kiosk: 'NONE',
  patient_inputs: { display_name: 'REQUIRED', first_name: 'OPTIONAL', birth_date: 'REQUIRED', insurance_number: 'OPTIONAL', mail: 'NONE', phone: 'REQUIRED' },
  ask_patient_for_language: true,
  allow_move_appointment: true,
  may_activate_sms_notifications: true,
  show_processor_on_processing: true,
  allow_actual_processor_selection_for_non_active_processors: true,
  display_monitor_on_kiosk: true,
  button_visibility: { suspend_online: 'ADMINS_ONLY', suspend_kiosk: 'NOBODY', queue_opened: 'EVERYBODY', terminate: 'ADMINS_ONLY' },
  name_order: 'LAST_FIRST',
  always_show_probing_questions: true,
  smart_suspend_minutes: 30,
};

describe('POST /queues', () => {
  it('creates a queue with the defaults of docs/product.md#entities and a closed session', async () => {
    const a = await givenAdminWithProfile();
    const res = await createQueue(a, { name: ' Labor ', identifier: 'labor' });
    expect(res.statusCode).toBe(201);
    const q = res.json<Queue>();
    expect(q).toEqual({
      id: expect.any(String),
      profile_id: a.profile.id,
      name: 'Labor',
      identifier: 'labor',
      phone: null,
      priority: 10,
      kiosk_text_before: null,
      kiosk_text_after: null,
      ticket_text_before: null,
      ticket_text_after: null,
      monitor_text: null,
      opening_hours: null,
      draw_online_enabled: true,
      wait_time_calculation_enabled: true,
      kiosk_enabled: false,
      max_concurrent_processing: 1,
      preprocessing_buffer_minutes: 0,
      average_process_minutes: 10,
      number_start: null,
      number_end: null,
      number_wrap: true,
      timeout_minutes: null,
      automatically_next: false,
      color: null,
      accent_color: null,
      min_age: null,
      max_age: null,
      is_default: false,
      logo_placement_ticket: 'TOP',
      logo_placement_kiosk: 'TOP',
      patient_inputs: { display_name: 'NONE', first_name: 'NONE', birth_date: 'NONE', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' },
      ask_patient_for_language: false,
      allow_move_appointment: false,
      may_activate_sms_notifications: false,
      alert_members_ahead: 2,
      alert_minutes_left: 10,
      show_processor_on_processing: false,
      allow_actual_processor_selection_for_non_active_processors: false,
      display_monitor_on_kiosk: false,
      button_visibility: { suspend_online: 'EVERYBODY', suspend_kiosk: 'EVERYBODY', queue_opened: 'EVERYBODY', terminate: 'EVERYBODY' },
      name_order: 'FIRST_LAST',
      always_show_probing_questions: false,
      smart_suspend_minutes: 15,
      view_configuration: DEFAULT_VIEW_CONFIGURATION,
      session: { open: false, queueing_allowed: true, blocked: false, online_suspended: false, kiosk_suspended: false },
    });
    expect((await getQueue(a, q.id)).json<Queue>()).toEqual(q);
  });

  it('stores every field and answers it back (identifier sanitised)', async () => {
    const a = await givenAdminWithProfile();
    const res = await createQueue(a, everyField);
    expect(res.statusCode).toBe(201);
    const expected = { ...everyField, identifier: 'Allgemein_Aerztin', profile_id: a.profile.id };
    expect(res.json<Queue>()).toMatchObject(expected);
    expect((await getQueue(a, res.json<Queue>().id)).json<Queue>()).toMatchObject(expected);
  });

  it('keeps identifiers unique within a location, case-insensitively; another location may reuse them', async () => {
    const a = await givenAdminWithProfile();
    await postQueue(t, a.user, a.profile.id, { identifier: 'Labor' });
    const res = await createQueue(a, { name: 'Labor 2', identifier: 'LABOR' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>()).toMatchObject({
      code: 'UNIQUE',
      fields: { identifier: { code: 'IDENTIFIER_IN_USE', message: 'Diese Kennung wird bereits verwendet' } },
    });
    const other = await postProfile(t, a.user);
    expect((await postQueue(t, a.user, other.id, { identifier: 'labor' })).identifier).toBe('labor');
  });

  it("answers 404 for another account's or an unknown location and creates nothing", async () => {
    const a = await givenAdminWithProfile();
    const b = await givenAdminWithProfile();
    for (const profileId of [b.profile.id, '00000000-0000-4000-8000-000000000000', 'kein-uuid']) {
      const res = await createQueue(a, { profile_id: profileId, name: 'Fremd', identifier: 'fremd' });
      expect(res.statusCode, profileId).toBe(404);
      expect(res.json<ApiError>().code).toBe('NOT_FOUND');
    }
    expect((await t.inject({ method: 'GET', url: '/queues', headers: asUser(a.user) })).json<Queue[]>()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/queues', headers: asUser(b.user) })).json<Queue[]>()).toEqual([]);
  });
});

// Every invalid configuration answers 400 VALIDATION naming the field with its German message.
const invalidConfigurations: [string, Record<string, unknown>, string, string, string][] = [
  ['priority outside 1/5/10/100/500', { priority: 7 }, 'priority', 'INVALID_VALUE', 'Priorität ist ungültig'],
  ['min age 0', { min_age: 0 }, 'min_age', 'AGE_ZERO', 'Mindestalter darf nicht 0 sein – lassen Sie das Feld leer, wenn es keine Altersgrenze gibt'],
  ['max age 0', { max_age: 0 }, 'max_age', 'AGE_ZERO', 'Höchstalter darf nicht 0 sein – lassen Sie das Feld leer, wenn es keine Altersgrenze gibt'],
  ['negative min age', { min_age: -3 }, 'min_age', 'MIN_VALUE', 'Mindestalter muss mindestens 1 sein'],
  ['max age beyond 150', { max_age: 151 }, 'max_age', 'MAX_VALUE', 'Höchstalter darf höchstens 150 sein'],
  ['min age above max age', { min_age: 40, max_age: 30 }, 'max_age', 'AGE_RANGE', 'Das Höchstalter darf nicht kleiner als das Mindestalter sein'],
  [
    'an age limit without the birth date required',
    { max_age: 12, patient_inputs: { birth_date: 'OPTIONAL' } },
    'patient_inputs.birth_date',
    'AGE_NEEDS_BIRTH_DATE',
    'Mit einer Altersgrenze muss das Geburtsdatum eine Pflichtangabe sein',
  ],
  ['number end without start', { number_end: 50 }, 'number_end', 'NUMBER_END_NEEDS_START', 'Eine Endnummer braucht eine Startnummer'],
  ['number start above end', { number_start: 100, number_end: 50 }, 'number_end', 'NUMBER_RANGE', 'Die Startnummer darf nicht größer als die Endnummer sein'],
  ['number start 0', { number_start: 0 }, 'number_start', 'MIN_VALUE', 'Startnummer muss mindestens 1 sein'],
  ['fractional number start', { number_start: 1.5 }, 'number_start', 'INVALID_TYPE', 'Startnummer hat ein ungültiges Format'],
  ['four lines of opening hours', { opening_hours: 'Mo\nDi\nMi\nDo' }, 'opening_hours', 'TOO_MANY_LINES', 'Öffnungszeiten darf höchstens 3 Zeilen haben'],
  ['overlong opening hours', { opening_hours: 'x'.repeat(301) }, 'opening_hours', 'MAX_LENGTH', 'Öffnungszeiten darf maximal 300 Zeichen lang sein'],
  ['overlong kiosk text', { kiosk_text_before: 'x'.repeat(1001) }, 'kiosk_text_before', 'MAX_LENGTH', 'Kiosktext vor dem Ziehen darf maximal 1000 Zeichen lang sein'],
  ['overlong ticket text', { ticket_text_after: 'x'.repeat(1001) }, 'ticket_text_after', 'MAX_LENGTH', 'Tickettext nach dem Ziehen darf maximal 1000 Zeichen lang sein'],
  ['overlong monitor text', { monitor_text: 'x'.repeat(501) }, 'monitor_text', 'MAX_LENGTH', 'Monitortext darf maximal 500 Zeichen lang sein'],
  ['overlong name', { name: 'x'.repeat(101) }, 'name', 'MAX_LENGTH', 'Name darf maximal 100 Zeichen lang sein'],
  ['empty name', { name: '  ' }, 'name', 'REQUIRED', 'Name darf nicht leer sein'],
  ['identifier without letters or digits', { identifier: '---' }, 'identifier', 'IDENTIFIER_INVALID', 'Kennung muss mindestens einen Buchstaben oder eine Ziffer enthalten'],
  ['identifier a public path uses', { identifier: 'Kiosk' }, 'identifier', 'IDENTIFIER_RESERVED', 'Diese Kennung ist reserviert und kann nicht verwendet werden'],
  ['colour name instead of #RRGGBB', { color: 'red' }, 'color', 'INVALID_COLOR', 'Farbe muss eine Farbe im Format #RRGGBB sein'],
  ['short accent colour', { accent_color: '#12345' }, 'accent_color', 'INVALID_COLOR', 'Akzentfarbe muss eine Farbe im Format #RRGGBB sein'],
  ['phone with letters', { phone: '0664 ANRUFEN' }, 'phone', 'INVALID_PHONE', 'Bitte geben Sie eine gültige Telefonnummer ein'],
  ['no concurrent processing', { max_concurrent_processing: 0 }, 'max_concurrent_processing', 'MIN_VALUE', 'Maximale gleichzeitige Bearbeitungen muss mindestens 1 sein'],
  ['average process time 0', { average_process_minutes: 0 }, 'average_process_minutes', 'MIN_VALUE', 'Durchschnittliche Bearbeitungszeit in Minuten muss mindestens 1 sein'],
  ['timeout 0', { timeout_minutes: 0 }, 'timeout_minutes', 'MIN_VALUE', 'Zeitüberschreitung in Minuten muss mindestens 1 sein'],
  ['negative preprocessing buffer', { preprocessing_buffer_minutes: -5 }, 'preprocessing_buffer_minutes', 'MIN_VALUE', 'Vorbereitungspuffer in Minuten muss mindestens 0 sein'],
  ['smart suspend beyond 240', { smart_suspend_minutes: 241 }, 'smart_suspend_minutes', 'MAX_VALUE', 'Smart Suspend in Minuten darf höchstens 240 sein'],
  ['negative smart suspend', { smart_suspend_minutes: -1 }, 'smart_suspend_minutes', 'MIN_VALUE', 'Smart Suspend in Minuten muss mindestens 0 sein'],
  ['unknown patient input mode', { patient_inputs: { mail: 'PFLICHT' } }, 'patient_inputs.mail', 'INVALID_VALUE', 'Patientendaten: E-Mail-Adresse ist ungültig'],
  ['unknown patient input', { patient_inputs: { shoe_size: 'REQUIRED' } }, 'shoe_size', 'UNKNOWN_FIELD', 'shoe_size ist kein bekanntes Feld'],
  ['unknown button visibility', { button_visibility: { terminate: 'ALLE' } }, 'button_visibility.terminate', 'INVALID_VALUE', 'Sichtbarkeit: Warteliste beenden ist ungültig'],
  ['unknown name order', { name_order: 'LAST' }, 'name_order', 'INVALID_VALUE', 'Namensreihenfolge ist ungültig'],
  ['unknown logo placement', { logo_placement_kiosk: 'LEFT' }, 'logo_placement_kiosk', 'INVALID_VALUE', 'Logoposition am Kiosk ist ungültig'],
  ['text instead of a switch', { draw_online_enabled: 'ja' }, 'draw_online_enabled', 'INVALID_TYPE', 'Online-Ticketziehen hat ein ungültiges Format'],
  ['unknown field', { farbe: '#000000' }, 'farbe', 'UNKNOWN_FIELD', 'farbe ist kein bekanntes Feld'],
];

describe('invalid queue configurations', () => {
  let a: Awaited<ReturnType<typeof givenAdminWithProfile>>;
  let existing: Queue;
  beforeAll(async () => {
    a = await givenAdminWithProfile();
    existing = await postQueue(t, a.user, a.profile.id);
  });

  it.each(invalidConfigurations)('POST refuses %s', async (_, override, field, code, message) => {
    const res = await createQueue(a, { name: 'Ungültig', identifier: 'ungueltig', ...override });
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiError>();
    expect(body.code).toBe('VALIDATION');
    expect(body.fields?.[field]).toEqual({ code, message });
  });

  it.each(invalidConfigurations)('PATCH refuses %s and changes nothing', async (_, override, field, code, message) => {
    const res = await patch(a, existing.id, override);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.[field]).toEqual({ code, message });
    expect((await getQueue(a, existing.id)).json<Queue>()).toEqual(existing);
  });

  it('creates nothing for any of them', async () => {
    const list = await t.inject({ method: 'GET', url: '/queues', headers: asUser(a.user) });
    expect(list.json<Queue[]>().map((q) => q.id)).toEqual([existing.id]);
  });

  it('answers an empty change unchanged, and the messages in English on request', async () => {
    const res = await patch(a, existing.id, {});
    expect(res.statusCode).toBe(200);
    expect(res.json<Queue>()).toEqual(existing);
    const en = await t.inject({
      method: 'PATCH',
      url: `/queues/${existing.id}`,
      headers: asUser(a.user, { 'accept-language': 'en' }),
      payload: { min_age: 0, number_end: 5 },
    });
    expect(en.json<ApiError>().fields).toEqual({
      min_age: { code: 'AGE_ZERO', message: 'Minimum age must not be 0 – leave the field empty if there is no age limit' },
    });
  });
});

describe('PATCH /queues/{id}', () => {
  it('judges the cross-field rules on the merged queue', async () => {
    const a = await givenAdminWithProfile();
    const q = await postQueue(t, a.user, a.profile.id);
    const endAlone = await patch(a, q.id, { number_end: 99 });
    expect(endAlone.json<ApiError>().fields).toEqual({
      number_end: { code: 'NUMBER_END_NEEDS_START', message: 'Eine Endnummer braucht eine Startnummer' },
    });
    // An age limit needs the birth date as a required field: refused without, with the reason.
    expect((await patch(a, q.id, { min_age: 18 })).json<ApiError>().fields).toEqual({
      'patient_inputs.birth_date': { code: 'AGE_NEEDS_BIRTH_DATE', message: 'Mit einer Altersgrenze muss das Geburtsdatum eine Pflichtangabe sein' },
    });
    expect((await patch(a, q.id, { number_start: 10, number_end: 99, min_age: 18, max_age: 65, patient_inputs: { birth_date: 'REQUIRED' } })).statusCode).toBe(200);
    expect((await patch(a, q.id, { patient_inputs: { birth_date: 'OPTIONAL' } })).json<ApiError>().fields?.['patient_inputs.birth_date']?.code).toBe('AGE_NEEDS_BIRTH_DATE');
    // A change elsewhere (a switch of the session screen) is not judged by it.
    expect((await patch(a, q.id, { draw_online_enabled: false })).statusCode).toBe(200);
    expect((await patch(a, q.id, { number_end: 5 })).json<ApiError>().fields?.number_end?.code).toBe('NUMBER_RANGE');
    expect((await patch(a, q.id, { number_start: 100 })).json<ApiError>().fields?.number_end?.code).toBe('NUMBER_RANGE');
    expect((await patch(a, q.id, { number_start: null })).json<ApiError>().fields?.number_end?.code).toBe('NUMBER_END_NEEDS_START');
    expect((await patch(a, q.id, { min_age: 70 })).json<ApiError>().fields?.max_age?.code).toBe('AGE_RANGE');
    expect((await patch(a, q.id, { max_age: 17 })).json<ApiError>().fields?.max_age?.code).toBe('AGE_RANGE');
    expect((await getQueue(a, q.id)).json<Queue>()).toMatchObject({ number_start: 10, number_end: 99, min_age: 18, max_age: 65 });
    // Clearing both ends together and an age limit by null is fine.
    const cleared = await patch(a, q.id, { number_start: null, number_end: null, min_age: null });
    expect(cleared.json<Queue>()).toMatchObject({ number_start: null, number_end: null, min_age: null, max_age: 65 });
  });

  it('changes only what is sent; patient inputs and button visibility merge per key; empty texts become null', async () => {
    const a = await givenAdminWithProfile();
    const q = await postQueue(t, a.user, a.profile.id, { monitor_text: 'Hallo', patient_inputs: { mail: 'REQUIRED' } });
    const res = await patch(a, q.id, {
      priority: 1,
      monitor_text: '',
      patient_inputs: { phone: 'OPTIONAL' },
      button_visibility: { terminate: 'NOBODY' },
    });
    expect(res.statusCode).toBe(200);
    const expected: Queue = {
      ...q,
      priority: 1,
      monitor_text: null,
      patient_inputs: { ...q.patient_inputs, mail: 'REQUIRED', phone: 'OPTIONAL' },
      button_visibility: { ...q.button_visibility, terminate: 'NOBODY' },
    };
    expect(res.json<Queue>()).toEqual(expected);
    expect((await getQueue(a, q.id)).json<Queue>()).toEqual(expected);
  });

  it('refuses to move a queue to another location and a taken identifier', async () => {
    const a = await givenAdminWithProfile();
    const other = await postProfile(t, a.user);
    const q = await postQueue(t, a.user, a.profile.id, { identifier: 'eins' });
    await postQueue(t, a.user, a.profile.id, { identifier: 'zwei' });
    const move = await patch(a, q.id, { profile_id: other.id });
    expect(move.json<ApiError>().fields?.profile_id?.code).toBe('UNKNOWN_FIELD');
    const taken = await patch(a, q.id, { identifier: 'Zwei' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ApiError>().fields?.identifier?.code).toBe('IDENTIFIER_IN_USE');
  });
});

describe('the default queue of a location', () => {
  it('moves the default flag within the location and leaves other locations alone', async () => {
    const a = await givenAdminWithProfile();
    const other = await postProfile(t, a.user);
    const otherDefault = await postQueue(t, a.user, other.id, { is_default: true });
    const first = await postQueue(t, a.user, a.profile.id, { is_default: true });
    const second = await postQueue(t, a.user, a.profile.id, { is_default: true });
    expect(second.is_default).toBe(true);
    expect((await getQueue(a, first.id)).json<Queue>().is_default).toBe(false);
    expect((await patch(a, first.id, { is_default: true })).json<Queue>().is_default).toBe(true);
    expect((await getQueue(a, second.id)).json<Queue>().is_default).toBe(false);
    expect((await getQueue(a, otherDefault.id)).json<Queue>().is_default).toBe(true);
    expect((await patch(a, first.id, { is_default: false })).json<Queue>().is_default).toBe(false);
    expect((await getQueue(a, second.id)).json<Queue>().is_default).toBe(false);
  });

  it('keeps exactly one default when several queues are made the default at the same time', async () => {
    const a = await givenAdminWithProfile();
    const queues = await Promise.all([1, 2, 3, 4, 5].map(() => postQueue(t, a.user, a.profile.id)));
    const answers = await Promise.all(queues.map((q) => patch(a, q.id, { is_default: true })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const created = await Promise.all([1, 2, 3].map(() => postQueue(t, a.user, a.profile.id, { is_default: true })));
    expect(created).toHaveLength(3);
    const list = (await t.inject({ method: 'GET', url: '/queues', headers: asUser(a.user) })).json<Queue[]>();
    expect(list).toHaveLength(8);
    expect(list.filter((q) => q.is_default)).toHaveLength(1);
  });
});

describe('DELETE /queues/{id}', () => {
  it('deletes the queue', async () => {
    const a = await givenAdminWithProfile();
    const q = await postQueue(t, a.user, a.profile.id);
    expect((await t.inject({ method: 'DELETE', url: `/queues/${q.id}`, headers: asUser(a.user) })).statusCode).toBe(204);
    expect((await getQueue(a, q.id)).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/queues/${q.id}`, headers: asUser(a.user) })).statusCode).toBe(404);
  });
});

describe('what processors see', () => {
  it('lists only the assigned queues, by priority (1 first) then name; admins see all in the same order', async () => {
    const a = await givenAdminWithProfile();
    const low = await postQueue(t, a.user, a.profile.id, { name: 'Befunde', priority: 100 });
    const urgentB = await postQueue(t, a.user, a.profile.id, { name: 'Notfall B', priority: 1 });
    const urgentA = await postQueue(t, a.user, a.profile.id, { name: 'Notfall A', priority: 1 });
    const normal = await postQueue(t, a.user, a.profile.id, { name: 'Allgemein' });
    const unassigned = await postQueue(t, a.user, a.profile.id, { name: 'Labor', priority: 5 });
    const processor = await givenProcessor(t, a.accountId, [low.id, normal.id, urgentB.id, urgentA.id]);

    const mine = await t.inject({ method: 'GET', url: '/queues', headers: asUser(processor) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Queue[]>().map((q) => q.name)).toEqual(['Notfall A', 'Notfall B', 'Allgemein', 'Befunde']);
    const all = await t.inject({ method: 'GET', url: '/queues', headers: asUser(a.user) });
    expect(all.json<Queue[]>().map((q) => q.name)).toEqual(['Notfall A', 'Notfall B', 'Labor', 'Allgemein', 'Befunde']);

    expect((await t.inject({ method: 'GET', url: `/queues/${normal.id}`, headers: asUser(processor) })).json<Queue>()).toEqual(normal);
    const hidden = await t.inject({ method: 'GET', url: `/queues/${unassigned.id}`, headers: asUser(processor) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<ApiError>().code).toBe('NOT_FOUND');
  });

  it('gives a processor without queues an empty list, and refuses every write with 403', async () => {
    const a = await givenAdminWithProfile();
    const q = await postQueue(t, a.user, a.profile.id);
    const processor = await givenProcessor(t, a.accountId, [q.id]);
    const lonely = await givenProcessor(t, a.accountId);
    expect((await t.inject({ method: 'GET', url: '/queues', headers: asUser(lonely) })).json<Queue[]>()).toEqual([]);
    for (const req of [
      { method: 'POST' as const, url: '/queues', payload: { profile_id: a.profile.id, name: 'X', identifier: 'x' } },
      { method: 'PATCH' as const, url: `/queues/${q.id}`, payload: { name: 'X' } },
      { method: 'DELETE' as const, url: `/queues/${q.id}` },
    ]) {
      const res = await t.inject({ ...req, headers: asUser(processor) });
      expect(res.statusCode, req.method).toBe(403);
      expect(res.json<ApiError>().code).toBe('FORBIDDEN');
    }
    expect((await getQueue(a, q.id)).json<Queue>()).toEqual(q);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another account's queue on every endpoint, and for unknown or malformed ids", async () => {
    const a = await givenAdminWithProfile();
    const b = await givenAdminWithProfile();
    const foreign = await postQueue(t, b.user, b.profile.id);
    const ownProcessor = await givenProcessor(t, a.accountId);
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000', 'kein-uuid']) {
      for (const req of [
        { method: 'GET' as const, url: `/queues/${id}` },
        { method: 'PATCH' as const, url: `/queues/${id}`, payload: { name: 'Übernommen' } },
        { method: 'DELETE' as const, url: `/queues/${id}` },
      ]) {
        const res = await t.inject({ ...req, headers: asUser(a.user) });
        expect(res.statusCode, `${req.method} ${id}`).toBe(404);
        expect(res.json<ApiError>().code).toBe('NOT_FOUND');
      }
      expect((await t.inject({ method: 'GET', url: `/queues/${id}`, headers: asUser(ownProcessor) })).statusCode).toBe(404);
    }
    expect((await t.inject({ method: 'GET', url: '/queues', headers: asUser(a.user) })).json<Queue[]>()).toEqual([]);
    expect((await getQueue(b, foreign.id)).json<Queue>()).toEqual(foreign);
  });

  it('a processor assigned in one account sees nothing of another', async () => {
    const b = await givenAdminWithProfile();
    const foreign = await postQueue(t, b.user, b.profile.id);
    const a = await givenAdminWithProfile();
    // An assignment row across accounts must not leak the queue either.
    const processor = await givenProcessor(t, a.accountId, [foreign.id]);
    expect((await t.inject({ method: 'GET', url: '/queues', headers: asUser(processor) })).json<Queue[]>()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/queues/${foreign.id}`, headers: asUser(processor) })).statusCode).toBe(404);
  });

  it('answers 401 without credentials', async () => {
    expect((await t.inject({ method: 'GET', url: '/queues' })).statusCode).toBe(401);
  });
});
