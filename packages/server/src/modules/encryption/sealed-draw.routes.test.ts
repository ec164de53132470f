import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  placesOf,
  sealTargets,
  unseal,
  type ApiError,
  type AuditLog,
  type CryptoKey,
  type EncryptionState,
  type Member,
  type ProbingQuestion,
  type PublicQueue,
  type SealedBatch,
  type SealingKey,
} from '@wartefrei/shared';
import { selectRows } from '../../db/connect.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { sealedNew, switchEncryptionOn } from '../../../test/support/encryption.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';
import { localDay } from '../../../test/support/test-clock.js';
import { drawRequest, givenOpenQueue } from '../../../test/support/tickets.js';

/*
 * A draw while the practice encrypts: the patient's browser seals the names, birth date,
 * insurance number and free-text answers for the key on the public view; the server keeps the
 * sealed text and no clear copy, refuses clear data, and hands the sealed text to staff, whose
 * browsers open it. Mail and phone stay readable: the server sends to them.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof givenAdmin>>;
let queueId: string;
let question: ProbingQuestion;
let accountKey: CryptoKey;
let sealingKey: SealingKey;

const patientInputs = { display_name: 'NONE', first_name: 'REQUIRED', birth_date: 'OPTIONAL', insurance_number: 'NONE', mail: 'OPTIONAL', phone: 'NONE' } as const;

beforeAll(async () => {
  t = await startTestApp();
  admin = await givenAdmin(t);
  queueId = await givenOpenQueue(t, admin.accountId, { drawOnlineEnabled: true, patientInputs });
  const profileId = (await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>().profile_id;
  const res = await t.inject({
    method: 'POST',
    url: '/probing-questions',
    headers: asUser(admin.user),
    payload: {
      profile_id: profileId,
      variant: 'ONLINE',
      text: 'Was führt Sie zu uns?',
      options: [
        { text: 'Anderes', action: 'NOTHING', allow_free_text: true },
        { text: 'Kontrolle', action: 'NOTHING' },
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  question = res.json<ProbingQuestion>();
}, 60_000);
afterAll(async () => t.close());

const answer = () => ({ question_id: question.id, option_id: question.options[0]!.id });

describe('a draw while encryption is off', () => {
  it('takes clear data as before, and refuses sealed data a page kept from before', async () => {
    const view = (await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>();
    expect(view.sealing_key).toBeNull();
    const res = await drawRequest(t, queueId, { first_name: 'Klara', last_name: 'Klartext', sealed_data: 'wf1s.a.b.c', answers: [{ ...answer(), text: 'Husten' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields).toMatchObject({ sealed_data: { code: 'ENCRYPTION_CHANGED' } });
  });
});

describe('a draw while encryption is on', () => {
  beforeAll(async () => {
    ({ accountKey } = await switchEncryptionOn(t, admin.user));
    sealingKey = (await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>().sealing_key!;
  }, 60_000);

  it('offers the key to seal for on the public view of the list and of its location', async () => {
    expect(sealingKey).toEqual({ key_id: expect.any(String), public_key: expect.any(String) });
    const view = (await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>();
    const location = (await t.inject({ method: 'GET', url: `/profiles/${view.profile_id}/public` })).json<{ queues: PublicQueue[] }>();
    expect(location.queues[0]?.sealing_key).toEqual(sealingKey);
  });

  it('refuses clear names and clear free text, and a required name sent without sealed data', async () => {
    const clear = await drawRequest(t, queueId, { first_name: 'Klara', last_name: 'Klartext', answers: [{ ...answer(), text: 'Husten' }] });
    expect(clear.statusCode).toBe(400);
    expect(clear.json<ApiError>().fields).toMatchObject({
      first_name: { code: 'ENCRYPTION_CHANGED', message: expect.stringContaining('neu') },
      last_name: { code: 'ENCRYPTION_CHANGED' },
      answers: { code: 'ENCRYPTION_CHANGED' },
      sealed_data: { code: 'REQUIRED' },
    });
    const junk = await drawRequest(t, queueId, { sealed_data: 'Klara Klartext' });
    expect(junk.json<ApiError>().fields).toMatchObject({ sealed_data: { code: 'INVALID_VALUE' } });
  });

  it('keeps what the patient sealed, with mail in the clear; staff get the sealed text and open it with the account key', async () => {
    const { sealed_data: sealed, record_id } = await sealedNew(sealingKey, 'queue_members', {
      first_name: 'Verena',
      last_name: 'Verschlossen',
      birth_date: '1980-02-03',
      [`answer:${question.id}`]: 'Rückenschmerzen seit Montag',
    });
    const res = await drawRequest(t, queueId, { sealed_data: sealed, record_id, mail: 'verena@example.com', answers: [answer()] });
    expect(res.statusCode, res.body).toBe(201);

    const members = (await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(admin.user) })).json<Member[]>();
    const member = members.find((m) => m.sealed_data !== null)!;
    // The ticket is stored under the id the browser chose and bound the sealed text to.
    expect(member).toMatchObject({ id: record_id, first_name: null, last_name: null, birth_date: null, mail: 'verena@example.com', sealed_data: sealed });
    expect(member.answers).toEqual([expect.objectContaining({ answer: 'Anderes', text: null })]);
    expect(await unseal(member.sealed_data!, accountKey, sealingKey.key_id, sealTargets('member', member.id))).toMatchObject({
      last_name: 'Verschlossen',
      [`answer:${question.id}`]: 'Rückenschmerzen seit Montag',
    });

    // Nothing the server stores reads the name or the complaint in the clear.
    const stored = await t.app.ctx.db.execute(sql`
      SELECT (SELECT coalesce(json_agg(m)::text, '') FROM queue_members m WHERE m.queue_id = ${queueId})
          || (SELECT coalesce(json_agg(a)::text, '') FROM probing_answers a WHERE a.member_id = ${member.id})
          || (SELECT coalesce(json_agg(l)::text, '') FROM audit_log l) AS dump`);
    const dump = String((stored as { rows: { dump: string }[] }).rows?.[0]?.dump ?? JSON.stringify(stored));
    expect(dump).toContain('verena@example.com');
    expect(dump).not.toContain('Verschlossen');
    expect(dump).not.toContain('Rückenschmerzen');
  }, 30_000);

  it('takes the record id the sealing browser chose only with sealed data, and never twice', async () => {
    // A list of its own (the reports below count the first list's tickets), where no sealed field is required.
    const queueId = await givenOpenQueue(t, admin.accountId, { drawOnlineEnabled: true, patientInputs: { ...patientInputs, first_name: 'OPTIONAL' } });
    const lone = await drawRequest(t, queueId, { record_id: crypto.randomUUID(), mail: 'ohne@example.com' });
    expect(lone.statusCode).toBe(400);
    expect(lone.json<ApiError>().fields).toMatchObject({ record_id: { code: 'INVALID_VALUE' } });
    const first = await sealedNew(sealingKey, 'queue_members', { first_name: 'Doris', last_name: 'Doppelt' });
    const junk = await drawRequest(t, queueId, { ...first, record_id: 'nicht-eine-uuid' });
    expect(junk.json<ApiError>().fields).toMatchObject({ record_id: { code: 'INVALID_VALUE' } });

    const drawn = await drawRequest(t, queueId, first);
    expect(drawn.statusCode, drawn.body).toBe(201);
    expect(drawn.json<{ id: string }>().id).toBe(first.record_id);
    // The same id again (a replayed or forged request) is refused, and the first ticket stays as it was.
    const again = await drawRequest(t, queueId, {
      ...(await sealedNew(sealingKey, 'queue_members', { first_name: 'Eva', last_name: 'Eindringling' })),
      record_id: first.record_id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().code).toBe('RECORD_ID_TAKEN');
    const [row] = await selectRows<{ sealed_data: string }>(t.app.ctx.db, sql`select sealed_data from queue_members where id = ${first.record_id}`);
    expect(row!.sealed_data).toBe(first.sealed_data);
    // Moved to another ticket by someone who writes to the database, the text no longer opens as that ticket's.
    const other = (await drawRequest(t, queueId, { mail: 'andere@example.com' })).json<{ id: string }>().id;
    await expect(unseal(first.sealed_data, accountKey, sealingKey.key_id, sealTargets('member', other))).rejects.toThrow('TAMPERED');
    expect(await unseal(first.sealed_data, accountKey, sealingKey.key_id, sealTargets('member', first.record_id))).toEqual({ first_name: 'Doris', last_name: 'Doppelt' });
  }, 30_000);

  it('the member analysis with names hands staff the sealed text, for their browser to open', async () => {
    const today = localDay(t.clock);
    const report = await t.inject({ method: 'GET', url: `/reports/members?from=${today}&to=${today}&queue_id=${queueId}&names=true`, headers: asUser(admin.user) });
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json<{ rows: { name: string | null; sealed_data?: string | null; sealed_for?: string | null }[] }>().rows;
    const sealedRow = rows.find((row) => row.sealed_data);
    expect(sealedRow?.name ?? null).toBeNull();
    expect(await unseal(sealedRow!.sealed_data!, accountKey, sealingKey.key_id, placesOf(sealedRow!.sealed_for))).toMatchObject({ last_name: 'Verschlossen' });
    const without = await t.inject({ method: 'GET', url: `/reports/members?from=${today}&to=${today}&queue_id=${queueId}`, headers: asUser(admin.user) });
    expect(without.body).not.toContain('wf1s.');
  });

  it('the member export as JSON lines hands the browser the sealed names to write its own file', async () => {
    const today = localDay(t.clock);
    const res = await t.inject({
      method: 'GET',
      url: `/reports/members/export?from=${today}&to=${today}&queue_id=${queueId}&names=true&format=ndjson`,
      headers: asUser(admin.user),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const [head, ...rows] = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    const columns = (head as { columns: { key: string; title: string }[] }).columns;
    expect(columns.slice(-3).map((column) => column.key)).toEqual(['name', 'sealed_for', 'sealed_data']);
    expect((head as { preamble: string[][] }).preamble[0]).toEqual(['wartefrei – Auswertung der Patienten', '']);
    const sealedRow = (rows as unknown[][]).find((cells) => cells.at(-1) !== null)!;
    expect(sealedRow.at(-3)).toBeNull();
    expect(await unseal(sealedRow.at(-1) as string, accountKey, sealingKey.key_id, placesOf(sealedRow.at(-2) as string))).toMatchObject({ last_name: 'Verschlossen' });
    // Without names, no sealed column: the file is the spreadsheet's rows as they are.
    const bare = await t.inject({ method: 'GET', url: `/reports/members/export?from=${today}&to=${today}&queue_id=${queueId}&format=ndjson`, headers: asUser(admin.user) });
    expect(bare.body).not.toContain('wf1s.');
  });

  it('erasing the patient’s data erases the sealed text too', async () => {
    const members = (await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(admin.user) })).json<Member[]>();
    const member = members.find((m) => m.sealed_data !== null)!;
    const erased = await t.inject({ method: 'POST', url: `/members/${member.id}/erase`, headers: asUser(admin.user) });
    expect(erased.statusCode, erased.body).toBe(200);
    const after = (await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(admin.user) })).json<Member[]>();
    expect(after.find((m) => m.id === member.id)).toMatchObject({ sealed_data: null, mail: null, erased_at: expect.any(String) });
  });
});

describe('switching encryption off', () => {
  const auditOf = async (action: string) => (await t.inject({ method: 'GET', url: `/audit?action=${action}`, headers: asUser(admin.user) })).json<AuditLog>().entries;

  it('refuses to write back in the clear while on; once switched off the admin’s browser opens the records, writes them back, and the key goes', async () => {
    const sealed = await sealedNew(sealingKey, 'queue_members', { first_name: 'Olga', last_name: 'Offen', [`answer:${question.id}`]: 'Kopfweh' });
    expect((await drawRequest(t, queueId, { ...sealed, answers: [answer()] })).statusCode).toBe(201);

    const batch = (await t.inject({ method: 'GET', url: '/encryption/sealed', headers: asUser(admin.user) })).json<SealedBatch>();
    expect(batch.remaining).toBe(batch.records.length);
    // Handing out sealed records is recorded, with how many.
    expect(await auditOf('encryption.read_sealed')).toEqual([
      expect.objectContaining({ user_id: admin.user.id, subject_type: 'account', detail: expect.objectContaining({ records: batch.records.length }) }),
    ]);
    const records = await Promise.all(
      batch.records.map(async (record) => {
        const { [`answer:${question.id}`]: text, ...names } = await unseal(
          record.sealed_data,
          accountKey,
          sealingKey.key_id,
          sealTargets(record.kind, record.id, { appointmentId: record.appointment_id, sealedSeriesId: record.sealed_series_id }),
        );
        const { appointment_id: _, sealed_series_id: __, ...sent } = record;
        return { ...sent, fields: { ...names, ...(text ? { answers: { [question.id]: text } } : {}) } };
      }),
    );

    // While on, nothing is written back in the clear: one admin session must not decrypt a practice that believes itself encrypted.
    const whileOn = await t.inject({ method: 'POST', url: '/encryption/unseal', headers: asUser(admin.user), payload: { records } });
    expect(whileOn.statusCode).toBe(409);
    expect(whileOn.json<ApiError>().code).toBe('ENCRYPTION_ON');
    const [stillSealed] = await selectRows<{ n: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from queue_members where account_id = ${admin.accountId} and sealed_data is not null`,
    );
    expect(stillSealed!.n).toBe(batch.remaining);
    expect(await auditOf('encryption.unseal')).toEqual([]);

    // The switch first: nothing is sealed from now on, the key stays for what still is.
    const begun = await t.inject({ method: 'POST', url: '/encryption/disable', headers: asUser(admin.user) });
    expect(begun.statusCode, begun.body).toBe(200);
    expect(begun.json<EncryptionState>()).toMatchObject({ enabled: false, switching_off: true, key_id: sealingKey.key_id, my_access: { status: 'APPROVED' } });
    expect(await auditOf('encryption.disable')).toEqual([expect.objectContaining({ detail: expect.objectContaining({ records: records.length }) })]);
    expect((await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>().sealing_key).toBeNull();
    // A page that kept the key is refused; clear data is taken again.
    const late = await drawRequest(t, queueId, { ...sealed, answers: [answer()] });
    expect(late.json<ApiError>().fields).toMatchObject({ sealed_data: { code: 'ENCRYPTION_CHANGED' } });
    expect((await drawRequest(t, queueId, { first_name: 'Klara', last_name: 'Klartext' })).statusCode).toBe(201);
    // The key goes only once nothing is sealed.
    const early = await t.inject({ method: 'POST', url: '/encryption/disable', headers: asUser(admin.user) });
    expect(early.json<ApiError>().code).toBe('ENCRYPTION_SEALED_LEFT');

    // An id that is not the account's is a 404, and nothing is written.
    const foreign = { ...records[0]!, id: '00000000-0000-4000-8000-000000000000' };
    expect((await t.inject({ method: 'POST', url: '/encryption/unseal', headers: asUser(admin.user), payload: { records: [...records, foreign] } })).statusCode).toBe(404);
    const written = await t.inject({ method: 'POST', url: '/encryption/unseal', headers: asUser(admin.user), payload: { records } });
    expect(written.json()).toEqual({ unsealed: records.length });
    expect(await auditOf('encryption.unseal')).toEqual([expect.objectContaining({ user_id: admin.user.id, detail: expect.objectContaining({ records: records.length }) })]);
    // The same again writes nothing: each record only if it still holds what was opened.
    expect((await t.inject({ method: 'POST', url: '/encryption/unseal', headers: asUser(admin.user), payload: { records } })).json()).toEqual({ unsealed: 0 });

    const off = await t.inject({ method: 'POST', url: '/encryption/disable', headers: asUser(admin.user) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, switching_off: false, key_id: null, my_access: null });
    const members = (await t.inject({ method: 'GET', url: `/queues/${queueId}/members`, headers: asUser(admin.user) })).json<Member[]>();
    const olga = members.find((m) => m.last_name === 'Offen');
    expect(olga).toMatchObject({ first_name: 'Olga', sealed_data: null });
    expect(olga?.answers).toEqual([expect.objectContaining({ text: 'Kopfweh' })]);
    // Switched off, nothing more to do.
    expect((await t.inject({ method: 'POST', url: '/encryption/disable', headers: asUser(admin.user) })).json<ApiError>().code).toBe('ENCRYPTION_OFF');
  }, 30_000);
});
