import { describe, expect, it } from 'vitest';
import type { ApiError, Appointment, ImportResult } from '@wartefrei/shared';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { givenBookablePractice, SPRING, useBookingApp } from '../../../test/support/appointments.js';

const t = useBookingApp();

async function givenPractice() {
  const p = await givenBookablePractice(t, { at: SPRING.now });
  const headers = asUser(p.user);
  const upload = (csv: string, query = '') => t.inject({ method: 'POST', url: `/appointments/import${query}`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
  const list = async () => (await t.inject({ method: 'GET', url: '/appointments?from=2026-03-27&to=2026-04-30', headers })).json<Appointment[]>();
  return { ...p, headers, upload, list };
}

/** `fields` of each faulty row as line → field → code. */
const problems = (error: ApiError) =>
  Object.fromEntries((error.rows ?? []).map((row) => [row.line, Object.fromEntries(Object.entries(row.fields).map(([field, f]) => [field, f.code]))]));

describe('POST /appointments/import', () => {
  it('imports every row (semicolons, local times, a BOM), as CSV_IMPORT; a dry run checks and keeps nothing', async () => {
    const p = await givenPractice();
    const csv = [
      '\ufeffappointment_type_id;start;processor_id;last_name;first_name;phone;notify_sms;sms_reminder_minutes',
      `${p.type.id};2026-03-30 08:00;${p.processor.id};Huber;Karl;+43 664 1234567;ja;60`,
      `${p.type.id};2026-03-31T08:00:00+02:00;;Berger;;;;`,
    ].join('\r\n');
    const dry = await p.upload(csv, '?dry_run=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<ImportResult>()).toEqual({ dry_run: true, rows: 2, imported: 0 });
    expect(await p.list()).toEqual([]);
    const real = await p.upload(csv);
    expect(real.statusCode).toBe(201);
    expect(real.json<ImportResult>()).toEqual({ dry_run: false, rows: 2, imported: 2 });
    expect((await p.list()).map((a) => [a.start, a.last_name, a.source, a.processor_id, a.phone, a.notify_sms])).toEqual([
      ['2026-03-30T08:00:00+02:00', 'Huber', 'CSV_IMPORT', p.processor.id, '+436641234567', true],
      ['2026-03-31T08:00:00+02:00', 'Berger', 'CSV_IMPORT', p.processor.id, null, false],
    ]);
  });

  it('imports nothing when any row is faulty, and names each by its line and field', async () => {
    const p = await givenPractice();
    const stranger = await givenAdmin(t);
    const foreign = await givenProcessor(t, stranger.accountId, []);
    const csv = [
      'appointment_type_id,start,processor_id,last_name,mail,notify_mail',
      `${p.type.id},2026-03-30 08:00,${p.processor.id},Gut,,`,
      `${p.type.id},2026-03-20 08:00,${p.processor.id},Vergangen,,`,
      `${p.type.id},morgen,${p.processor.id},,kaputt,vielleicht`,
      `${p.type.id},2026-03-30 09:00,${foreign.id},Fremd,,`,
      `00000000-0000-4000-8000-000000000000,2026-03-30 09:00,,Unbekannt,,`,
    ].join('\n');
    const res = await p.upload(csv);
    expect(res.statusCode).toBe(422);
    const error = res.json<ApiError>();
    expect(error).toMatchObject({ code: 'IMPORT_INVALID', message: 'Der Import enthält fehlerhafte Zeilen; es wurde nichts importiert' });
    expect(problems(error)).toEqual({
      3: { start: 'IN_PAST' },
      4: { start: 'INVALID_DATE', last_name: 'REQUIRED', mail: 'INVALID_EMAIL', notify_mail: 'INVALID_VALUE' },
      5: { processor_id: 'NOT_FOUND' },
      6: { appointment_type_id: 'NOT_FOUND' },
    });
    expect(await p.list()).toEqual([]);
  });

  it('finds times taken by an appointment already there and by a row before, and keeps nothing', async () => {
    const p = await givenPractice();
    await t.inject({
      method: 'POST',
      url: '/appointments',
      headers: p.headers,
      payload: { appointment_type_id: p.type.id, start: SPRING.monday8, processor_id: p.processor.id, last_name: 'Schon da' },
    });
    const csv = [
      'appointment_type_id,start,processor_id,last_name',
      `${p.type.id},2026-03-30 08:30,${p.processor.id},Überschneidung`,
      `${p.type.id},2026-03-31 08:00,${p.processor.id},Erste`,
      `${p.type.id},2026-03-31 08:00,${p.processor.id},Doppelt`,
    ].join('\n');
    const res = await p.upload(csv, '?dry_run=true');
    expect(problems(res.json<ApiError>())).toEqual({ 2: { start: 'TIME_TAKEN' }, 4: { start: 'TIME_TAKEN' } });
    expect(res.json<ApiError>().rows?.[0]?.fields.start?.message).toBe('Diese Zeit ist schon vergeben');
    expect((await p.upload(csv)).statusCode).toBe(422);
    expect((await p.list()).map((a) => a.last_name)).toEqual(['Schon da']);
  });

  it('refuses an unknown column, an empty file, and callers without a login', async () => {
    const p = await givenPractice();
    const unknown = await p.upload('appointment_type_id,start,last_name,farbe\n');
    expect(problems(unknown.json<ApiError>())).toEqual({ 1: { farbe: 'UNKNOWN_FIELD' } });
    expect((await p.upload('appointment_type_id,start,last_name\n')).json<ApiError>().fields).toMatchObject({ file: { code: 'REQUIRED' } });
    const anonymous = await t.inject({ method: 'POST', url: '/appointments/import', headers: { 'content-type': 'text/csv' }, payload: 'start\n' });
    expect(anonymous.statusCode).toBe(401);
  });
});
