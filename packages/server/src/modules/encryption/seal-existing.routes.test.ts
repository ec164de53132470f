import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importPublicKey,
  seal,
  sealedAnswerKey,
  sealTargets,
  unseal,
  type AuditLog,
  type ClearBatch,
  type CryptoKey,
  type Member,
  type ProbingQuestion,
  type SealInput,
} from '@wartefrei/shared';
import type { TestApp } from '../../../test/support/test-app.js';
import { bookingBody, givenBookablePractice, SPRING, startBookingApp } from '../../../test/support/appointments.js';
import { switchEncryptionOn } from '../../../test/support/encryption.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { drawRequest, givenOpenQueue } from '../../../test/support/tickets.js';

/*
 * What was stored before encryption was switched on: an admin's browser fetches the records still
 * in the clear, seals them for the practice's key and writes them back; afterwards the server
 * holds none of those names, notes or free-text answers in the clear, and staff open them as any
 * sealed record. A record changed in between is left for the next batch.
 */

let t: TestApp;
let p: Awaited<ReturnType<typeof givenBookablePractice>>;
let drawQueueId: string;
let question: ProbingQuestion;
let accountKey: CryptoKey;
let keyId: string;

beforeAll(async () => {
  t = await startBookingApp();
  p = await givenBookablePractice(t, { at: SPRING.now, type: { bookable_online: true } });
  drawQueueId = await givenOpenQueue(
    t,
    p.accountId,
    { drawOnlineEnabled: true, patientInputs: { display_name: 'NONE', first_name: 'OPTIONAL', birth_date: 'NONE', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' } },
    { profileId: p.profileId },
  );
  const created = await t.inject({
    method: 'POST',
    url: '/probing-questions',
    headers: asUser(p.user),
    payload: {
      profile_id: p.profileId,
      variant: 'ONLINE',
      text: 'Was führt Sie zu uns?',
      options: [
        { text: 'Anderes', action: 'NOTHING', allow_free_text: true },
        { text: 'Kontrolle', action: 'NOTHING' },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  question = created.json<ProbingQuestion>();
  const answers = [{ question_id: question.id, option_id: question.options[0]!.id, text: 'Schwindel seit Sonntag' }];
  expect((await drawRequest(t, drawQueueId, { first_name: 'Frieda', last_name: 'Frühvogel', answers })).statusCode).toBe(201);
  expect(
    (await drawRequest(t, drawQueueId, { first_name: 'Gustav', last_name: 'Gestrig', answers: [{ question_id: question.id, option_id: question.options[1]!.id }] })).statusCode,
  ).toBe(201);
  const booked = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, SPRING.monday8, { last_name: 'Altbestand', description: 'Knie links' }) });
  expect(booked.statusCode, booked.body).toBe(201);
}, 60_000);
afterAll(async () => t.close());

const fetchClear = async () => {
  const res = await t.inject({ method: 'GET', url: '/encryption/clear', headers: asUser(p.user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClearBatch>();
};
const sendSealed = (records: SealInput['records'], headers = asUser(p.user)) => t.inject({ method: 'POST', url: '/encryption/seal', headers, payload: { records } });

/** What the admin's browser does with one batch: each record's fields sealed as a draw would seal them. */
async function sealBatch(batch: ClearBatch): Promise<SealInput['records']> {
  const state = (await t.inject({ method: 'GET', url: '/encryption', headers: asUser(p.user) })).json<{ key_id: string; public_key: string }>();
  const publicKey = await importPublicKey(state.public_key);
  return Promise.all(
    batch.records.map(async (record) => {
      const { answers, ...fields } = record.fields;
      const opened = Object.fromEntries(
        [...Object.entries(fields), ...Object.entries(answers ?? {}).map(([id, text]) => [sealedAnswerKey(id), text])].filter(([, value]) => value),
      );
      return { ...record, sealed_data: await seal(opened as Record<string, string>, publicKey, state.key_id, sealTargets(record.kind, record.id)[0]!) };
    }),
  );
}

const storedText = async () => {
  const stored = await t.app.ctx.db.execute(sql`
    SELECT (SELECT coalesce(json_agg(m)::text, '') FROM queue_members m WHERE m.account_id = ${p.accountId})
        || (SELECT coalesce(json_agg(a)::text, '') FROM appointments a WHERE a.account_id = ${p.accountId})
        || (SELECT coalesce(json_agg(pa)::text, '') FROM probing_answers pa WHERE pa.account_id = ${p.accountId})
        || (SELECT coalesce(json_agg(l)::text, '') FROM audit_log l WHERE l.account_id = ${p.accountId}) AS dump`);
  return String((stored as { rows: { dump: string }[] }).rows?.[0]?.dump ?? JSON.stringify(stored));
};

describe('sealing what was stored before the switch', () => {
  it('is refused while encryption is off', async () => {
    const res = await t.inject({ method: 'GET', url: '/encryption/clear', headers: asUser(p.user) });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('ENCRYPTION_OFF');
  });

  it('lists the records in the clear with what to seal, and only to admins', async () => {
    ({ accountKey, keyId } = await switchEncryptionOn(t, p.user));
    const batch = await fetchClear();
    expect(batch.remaining).toBe(3);
    expect(batch.records).toEqual(
      expect.arrayContaining([
        {
          kind: 'member',
          id: expect.any(String),
          fields: expect.objectContaining({ first_name: 'Frieda', last_name: 'Frühvogel', answers: { [question.id]: 'Schwindel seit Sonntag' } }),
        },
        { kind: 'member', id: expect.any(String), fields: expect.objectContaining({ first_name: 'Gustav', last_name: 'Gestrig' }) },
        { kind: 'appointment', id: expect.any(String), fields: expect.objectContaining({ last_name: 'Altbestand', description: 'Knie links' }) },
      ]),
    );
    const processor = await givenProcessor(t, p.accountId, [drawQueueId]);
    expect((await t.inject({ method: 'GET', url: '/encryption/clear', headers: asUser(processor) })).statusCode).toBe(403);
  });

  it('refuses a record of another practice as unknown', async () => {
    const records = await sealBatch(await fetchClear());
    const other = await givenAdmin(t);
    await switchEncryptionOn(t, other.user);
    expect((await sendSealed(records.slice(0, 1), asUser(other.user))).statusCode).toBe(404);
  });

  it('leaves a record changed since it was read, and seals the rest; then nothing is in the clear', async () => {
    const records = await sealBatch(await fetchClear());
    const appointment = records.find((r) => r.kind === 'appointment')!;
    await t.app.ctx.db.execute(sql`UPDATE appointments SET description = 'Knie rechts' WHERE id = ${appointment.id}`);
    const first = await sendSealed(records);
    expect(first.json()).toEqual({ sealed: 2 });
    expect((await fetchClear()).records).toEqual([expect.objectContaining({ id: appointment.id, fields: expect.objectContaining({ description: 'Knie rechts' }) })]);

    const again = await sendSealed(await sealBatch(await fetchClear()));
    expect(again.json()).toEqual({ sealed: 1 });
    expect(await fetchClear()).toEqual({ records: [], remaining: 0 });

    const dump = await storedText();
    for (const text of ['Frühvogel', 'Gestrig', 'Altbestand', 'Knie', 'Schwindel']) expect(dump).not.toContain(text);

    const members = (await t.inject({ method: 'GET', url: `/queues/${drawQueueId}/members`, headers: asUser(p.user) })).json<Member[]>();
    const frieda = members.find((m) => m.number === 1)!;
    expect(frieda).toMatchObject({ first_name: null, last_name: null });
    expect(await unseal(frieda.sealed_data!, accountKey, keyId, sealTargets('member', frieda.id))).toEqual({
      first_name: 'Frieda',
      last_name: 'Frühvogel',
      [sealedAnswerKey(question.id)]: 'Schwindel seit Sonntag',
    });
  });

  it('is in the audit log with how many records, and a second pass finds nothing to do', async () => {
    const audit = (await t.inject({ method: 'GET', url: '/audit?action=encryption.seal', headers: asUser(p.user) })).json<AuditLog>();
    expect(audit.entries.map((entry) => entry.action)).toEqual(['encryption.seal', 'encryption.seal']);
    // Every batch handed out in the clear is recorded too, with its size (newest first); refused reads are not.
    const reads = (await t.inject({ method: 'GET', url: '/audit?action=encryption.read_clear', headers: asUser(p.user) })).json<AuditLog>();
    expect(reads.entries.map((entry) => [entry.user_id, entry.subject_type, entry.detail?.records])).toEqual([0, 1, 1, 3, 3, 3].map((n) => [p.user.id, 'account', n]));
    expect((await fetchClear()).remaining).toBe(0);
  });

  it('stops once switching off began: nothing is fetched or sealed any more', async () => {
    const records = await sealBatch({ records: [{ kind: 'appointment', id: p.type.id, fields: { last_name: 'Spät' } }], remaining: 1 });
    expect((await t.inject({ method: 'POST', url: '/encryption/disable', headers: asUser(p.user) })).statusCode).toBe(200);
    const read = await t.inject({ method: 'GET', url: '/encryption/clear', headers: asUser(p.user) });
    expect(read.json<{ code: string }>().code).toBe('ENCRYPTION_OFF');
    expect((await sendSealed(records)).json<{ code: string }>().code).toBe('ENCRYPTION_OFF');
  });
});
