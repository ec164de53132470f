import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importPublicKey,
  seal,
  sealTargets,
  unseal,
  type ApiError,
  type Appointment,
  type BookableTypes,
  type BookedAppointment,
  type CryptoKey,
  type Member,
  type PatientAppointment,
  type WorkViewEntry,
} from '@wartefrei/shared';
import type { TestApp } from '../../../test/support/test-app.js';
import { givenBookablePractice, SPRING, startBookingApp } from '../../../test/support/appointments.js';
import { switchEncryptionOn } from '../../../test/support/encryption.js';
import { asUser, logIn } from '../../../test/support/factories.js';
import { setNow } from '../../../test/support/test-clock.js';

/*
 * Bookings while the practice encrypts: the patient's page and the staff's calendar send names,
 * birth date, insurance number and description sealed; the server stores no clear copy, refuses
 * clear data, takes a CSV import only as the browser sealed it, and a checked-in
 * appointment hands its sealed data on to the ticket it becomes.
 */

let t: TestApp;
let p: Awaited<ReturnType<typeof givenBookablePractice>>;
let accountKey: CryptoKey;
let keyId: string;
/** Sealed as the booking page seals a new appointment: bound to the id it chose, sent as `record_id`. */
let sealFor: (fields: Record<string, string>) => Promise<{ sealed_data: string; record_id: string }>;
/** Sealed for an appointment that exists (a staff change). */
let sealForRecord: (fields: Record<string, string>, id: string) => Promise<string>;
/** Sealed as the calendar seals a staff series: bound to the series id it chose, sent as `record_id`. */
let sealForSeries: (fields: Record<string, string>, seriesId: string) => Promise<string>;

beforeAll(async () => {
  t = await startBookingApp();
  p = await givenBookablePractice(t, { at: SPRING.now, type: { bookable_online: true } });
  ({ accountKey, keyId } = await switchEncryptionOn(t, p.user));
  const { sealing_key } = (await t.inject({ method: 'GET', url: `/appointment-types/bookable?queue_id=${p.queueId}` })).json<BookableTypes>();
  expect(sealing_key?.key_id).toBe(keyId);
  const publicKey = await importPublicKey(sealing_key!.public_key);
  sealFor = async (fields) => {
    const recordId = crypto.randomUUID();
    return { sealed_data: await seal(fields, publicKey, keyId, { table: 'appointments', recordId }), record_id: recordId };
  };
  sealForRecord = (fields, id) => seal(fields, publicKey, keyId, { table: 'appointments', recordId: id });
  sealForSeries = (fields, seriesId) => seal(fields, publicKey, keyId, { table: 'appointment_series', recordId: seriesId });
}, 60_000);
afterAll(async () => t.close());

const book = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: '/appointments', payload, headers, remoteAddress: '10.0.0.9' });

describe('a booking while the practice encrypts', () => {
  it('refuses the patient’s name in the clear, and takes it sealed with the mail in the clear', async () => {
    const clear = await book({
      appointment_type_id: p.type.id,
      start: SPRING.monday8,
      first_name: 'Klara',
      last_name: 'Klartext',
      mail: 'klara@example.com',
      description: 'Husten',
    });
    expect(clear.statusCode).toBe(400);
    expect(clear.json<ApiError>().fields).toMatchObject({
      first_name: { code: 'ENCRYPTION_CHANGED' },
      last_name: { code: 'ENCRYPTION_CHANGED' },
      description: { code: 'ENCRYPTION_CHANGED' },
      sealed_data: { code: 'REQUIRED' },
    });

    const { sealed_data: sealed, record_id } = await sealFor({ first_name: 'Verena', last_name: 'Verschlossen', description: 'Rücken' });
    const res = await book({ appointment_type_id: p.type.id, start: SPRING.monday8, mail: 'verena@example.com', sealed_data: sealed, record_id });
    expect(res.statusCode, res.body).toBe(201);
    const stored = (await t.inject({ method: 'GET', url: `/appointments?from=2026-03-30&to=2026-03-30`, headers: asUser(p.user) })).json<Appointment[]>();
    // Stored under the id the page chose and bound the sealed text to.
    expect(stored[0]).toMatchObject({ id: record_id, first_name: null, last_name: null, description: null, mail: 'verena@example.com', sealed_data: sealed });
    expect(await unseal(stored[0]!.sealed_data!, accountKey, keyId, sealTargets('appointment', record_id))).toEqual({
      first_name: 'Verena',
      last_name: 'Verschlossen',
      description: 'Rücken',
    });
    expect((res.json<PatientAppointment>() as unknown as Record<string, unknown>).sealed_data).toBeUndefined();
  });

  it('a staff change replaces the sealed data as a whole; a move alone leaves it', async () => {
    const staff = asUser(p.user);
    const created = await book({ appointment_type_id: p.type.id, start: SPRING.tuesday8, processor_id: p.processor.id, ...(await sealFor({ last_name: 'Alt' })) }, staff);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Appointment>().id;
    const patch = (payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/appointments/${id}`, headers: staff, payload });

    expect((await patch({ last_name: 'Klar' })).json<ApiError>().fields).toMatchObject({ last_name: { code: 'ENCRYPTION_CHANGED' } });
    // A change names no record_id: it is sealed for the appointment's own id; the server takes no new id.
    expect((await patch({ sealed_data: await sealForRecord({ last_name: 'Neu' }, id), record_id: crypto.randomUUID() })).statusCode).toBe(400);
    const renamed = await patch({ sealed_data: await sealForRecord({ last_name: 'Neu', birth_date: '1970-01-01' }, id), phone: '+43 1 234' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await unseal(renamed.json<Appointment>().sealed_data!, accountKey, keyId, sealTargets('appointment', id))).toEqual({ last_name: 'Neu', birth_date: '1970-01-01' });
    expect(renamed.json<Appointment>()).toMatchObject({ last_name: null, phone: '+431234' });

    const moved = await patch({ start: '2026-03-31T09:00:00+02:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Appointment>().sealed_data).toBe(renamed.json<Appointment>().sealed_data);
  });

  it('the CSV import takes rows sealed by the browser, and refuses a file with names in the clear', async () => {
    const upload = (csv: string, dryRun = false) =>
      t.inject({ method: 'POST', url: `/appointments/import${dryRun ? '?dry_run=true' : ''}`, headers: { ...asUser(p.user), 'content-type': 'text/csv' }, payload: csv });
    const clear = await upload(`appointment_type_id,start,last_name\n${p.type.id},2026-03-31 08:00,Klartext\n`);
    expect(clear.statusCode).toBe(409);
    expect(clear.json<ApiError>()).toMatchObject({ code: 'IMPORT_WHILE_ENCRYPTED', message: expect.stringContaining('Browser') });

    const imported = await sealFor({ last_name: 'Importiert', description: 'Kontrolle' });
    const rows = [
      'appointment_type_id;start;mail;sealed_data;record_id',
      `${p.type.id};2026-03-31 08:00;imp@example.com;${imported.sealed_data};${imported.record_id}`,
      // A row without a name: the browser checked it, but a staff booking needs one even sealed.
      `${p.type.id};2026-03-31 08:30;;;`,
      `${p.type.id};2026-03-31 09:30;;nicht versiegelt;`,
    ];
    const faulty = await upload(rows.join('\n'), true);
    expect(faulty.statusCode, faulty.body).toBe(422);
    expect(faulty.json<ApiError>().rows).toEqual([
      { line: 3, fields: { sealed_data: expect.objectContaining({ code: 'REQUIRED' }) } },
      { line: 4, fields: { sealed_data: expect.objectContaining({ code: 'INVALID_VALUE' }) } },
    ]);

    const res = await upload(rows.slice(0, 2).join('\n'));
    expect(res.statusCode, res.body).toBe(201);
    const stored = (await t.inject({ method: 'GET', url: '/appointments?from=2026-03-31&to=2026-03-31', headers: asUser(p.user) })).json<Appointment[]>();
    const row = stored.find((appointment) => appointment.source === 'CSV_IMPORT');
    expect(row).toMatchObject({ id: imported.record_id, last_name: null, description: null, mail: 'imp@example.com', sealed_data: imported.sealed_data });
    expect(await unseal(row!.sealed_data!, accountKey, keyId, sealTargets('appointment', imported.record_id))).toEqual({ last_name: 'Importiert', description: 'Kontrolle' });
  });

  it('a checked-in appointment hands its sealed data on to its ticket', async () => {
    setNow(t.clock, '2026-03-30T07:50:00+02:00');
    // Three days on, the sign-in of Friday has expired.
    const staff = asUser(await logIn(t, p.processor.username, 'richtig-langes-passwort'));
    expect((await t.inject({ method: 'POST', url: `/queues/${p.queueId}/session`, headers: staff, payload: { event: 'START' } })).statusCode).toBe(200);
    const [booked] = (await t.inject({ method: 'GET', url: `/appointments?from=2026-03-30&to=2026-03-30`, headers: staff })).json<Appointment[]>();
    const entries = (await t.inject({ method: 'GET', url: `/queues/${p.queueId}/members`, headers: staff })).json<WorkViewEntry[]>();
    expect(entries.find((entry) => entry.id === booked!.id)).toMatchObject({ kind: 'appointment', last_name: null, sealed_data: booked!.sealed_data });
    expect((await t.inject({ method: 'POST', url: `/appointments/${booked!.id}/check-in`, headers: staff })).statusCode).toBe(200);
    const members = (await t.inject({ method: 'GET', url: `/queues/${p.queueId}/members`, headers: staff })).json<WorkViewEntry[]>();
    const member = members.find((entry): entry is Member => !('kind' in entry) && entry.origin === 'APPOINTMENT');
    expect(member).toMatchObject({ last_name: null, sealed_data: booked!.sealed_data, appointment_id: booked!.id });
    // The ticket carries the appointment's text, bound to the appointment: it opens as the ticket's through its appointment only.
    expect(await unseal(member!.sealed_data!, accountKey, keyId, sealTargets('member', member!.id, { appointmentId: member!.appointment_id }))).toMatchObject({
      first_name: 'Verena',
    });
    await expect(unseal(member!.sealed_data!, accountKey, keyId, sealTargets('member', member!.id))).rejects.toThrow('TAMPERED');
  });

  it('takes a booking’s record id only with sealed data, and never twice', async () => {
    const staff = asUser(await logIn(t, p.processor.username, 'richtig-langes-passwort'));
    const lone = await book(
      { appointment_type_id: p.type.id, start: '2026-04-01T12:00:00+02:00', processor_id: p.processor.id, mail: 'x@example.com', record_id: crypto.randomUUID() },
      staff,
    );
    expect(lone.statusCode).toBe(400);
    expect(lone.json<ApiError>().fields).toMatchObject({ record_id: { code: 'INVALID_VALUE' } });
    const first = await sealFor({ last_name: 'Erst' });
    const made = await book({ appointment_type_id: p.type.id, start: '2026-04-01T10:00:00+02:00', processor_id: p.processor.id, ...first }, staff);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<Appointment>().id).toBe(first.record_id);
    const again = await book(
      { appointment_type_id: p.type.id, start: '2026-04-01T11:00:00+02:00', processor_id: p.processor.id, ...(await sealFor({ last_name: 'Zweit' })), record_id: first.record_id },
      staff,
    );
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<ApiError>().code).toBe('RECORD_ID_TAKEN');
  });

  it('seals a staff series for the series id its browser chose: every occurrence opens, moved out of the series too', async () => {
    const staff = asUser(await logIn(t, p.processor.username, 'richtig-langes-passwort'));
    const seriesId = crypto.randomUUID();
    const bookSeries = async (id: string, start: string) =>
      book(
        {
          appointment_type_id: p.type.id,
          start,
          processor_id: p.processor.id,
          sealed_data: await sealForSeries({ last_name: 'Serie' }, id),
          record_id: id,
          recurrence: { frequency: 'WEEKLY', count: 3 },
        },
        staff,
      );
    const made = await bookSeries(seriesId, '2026-04-02T10:00:00+02:00');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<BookedAppointment>().series?.id).toBe(seriesId);
    // The same series id again is refused, never joined.
    const again = await bookSeries(seriesId, '2026-04-03T10:00:00+02:00');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<ApiError>().code).toBe('RECORD_ID_TAKEN');

    const occurrences = async () =>
      (await t.inject({ method: 'GET', url: '/appointments?from=2026-04-01&to=2026-04-30', headers: staff }))
        .json<Appointment[]>()
        .filter((a) => a.sealed_series_id === seriesId || a.series_id === seriesId);
    const opened = (a: Appointment) => unseal(a.sealed_data!, accountKey, keyId, sealTargets('appointment', a.id, { sealedSeriesId: a.sealed_series_id }));
    const [first, second, third] = await occurrences();
    expect([first, second, third].map((a) => [a!.series_id, a!.sealed_series_id])).toEqual([
      [seriesId, seriesId],
      [seriesId, seriesId],
      [seriesId, seriesId],
    ]);
    expect(await opened(second!)).toEqual({ last_name: 'Serie' });
    // The series' text moved to an appointment of no series (or of another) is refused.
    await expect(unseal(second!.sealed_data!, accountKey, keyId, sealTargets('appointment', second!.id))).rejects.toThrow('TAMPERED');
    await expect(unseal(second!.sealed_data!, accountKey, keyId, sealTargets('appointment', second!.id, { sealedSeriesId: crypto.randomUUID() }))).rejects.toThrow('TAMPERED');

    // Moved out of its series, an occurrence keeps the series' text and where it is bound.
    const patch = (a: Appointment, body: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/appointments/${a.id}`, headers: staff, payload: body });
    const moved = await patch(second!, { start: '2026-04-09T11:00:00+02:00', version: second!.version });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Appointment>()).toMatchObject({ series_id: null, sealed_series_id: seriesId });
    expect(await opened(moved.json<Appointment>())).toEqual({ last_name: 'Serie' });
    // Sealed anew for one occurrence: bound to its row, no longer to the series.
    const alone = await patch(third!, { sealed_data: await sealForRecord({ last_name: 'Einzeln' }, third!.id) });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json<Appointment>()).toMatchObject({ series_id: seriesId, sealed_series_id: null });
    expect(await opened(alone.json<Appointment>())).toEqual({ last_name: 'Einzeln' });
    // Sealed anew for the whole series: bound to the series id on every coming occurrence.
    const all = await patch(first!, { sealed_data: await sealForSeries({ last_name: 'Neu' }, seriesId), scope: 'ALL' });
    expect(all.statusCode, all.body).toBe(200);
    const after = await occurrences();
    expect(after.map((a) => a.sealed_series_id)).toEqual([seriesId, seriesId, seriesId]);
    expect(await Promise.all(after.filter((a) => a.series_id === seriesId).map(opened))).toEqual([{ last_name: 'Neu' }, { last_name: 'Neu' }]);
  });
});
