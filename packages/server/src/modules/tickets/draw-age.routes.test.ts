import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealTargets, unseal, type ApiError, type CryptoKey, type PublicQueue, type SealingKey, type TicketView } from '@wartefrei/shared';
import { queueMembers } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { sealedNew, switchEncryptionOn } from '../../../test/support/encryption.js';
import { givenAdmin } from '../../../test/support/factories.js';
import { setNow } from '../../../test/support/test-clock.js';
import { drawRequest, givenOpenQueue } from '../../../test/support/tickets.js';

/*
 * Issue 40 §5: a list's age limits work or cannot be set. A list with a minimum or maximum age
 * asks for the birth date and refuses a patient outside the limits; with encryption on, the
 * birth date leaves the browser sealed, and the server holds the age the page declares beside it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ drawLimit: { perIp: 100_000, windowSeconds: 600 } });
  // 15 June 2027 in Vienna: born 1 January 2009 is 18, born 1 January 2010 is 17.
  setNow(t.clock, '2027-06-15T10:00:00+02:00');
});
afterAll(async () => t.close());

const onlyBirthDate = { display_name: 'NONE', first_name: 'NONE', birth_date: 'REQUIRED', insurance_number: 'NONE', mail: 'NONE', phone: 'NONE' } as const;
const fieldsOf = (res: Awaited<ReturnType<typeof drawRequest>>) => res.json<ApiError>().fields;
const publicView = async (queueId: string) => (await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>();

describe('a list with age limits (in the clear)', () => {
  let queueId: string;
  beforeAll(async () => {
    const admin = await givenAdmin(t);
    queueId = await givenOpenQueue(t, admin.accountId, { minAge: 18, maxAge: 65, patientInputs: onlyBirthDate });
  });

  it('takes a patient inside the limits and refuses one outside, with a clear message in their language', async () => {
    const young = await drawRequest(t, queueId, { birth_date: '2010-01-01' });
    expect(young.statusCode).toBe(400);
    expect(fieldsOf(young)?.birth_date).toEqual({ code: 'TOO_YOUNG', message: 'Sie sind jünger als das Mindestalter dieser Warteliste' });
    const old = await t.inject({
      method: 'POST',
      url: `/queues/${queueId}/members`,
      headers: { 'accept-language': 'en' },
      payload: { origin: 'ONLINE', birth_date: '1960-01-01' },
      remoteAddress: '198.51.100.9',
    });
    expect(fieldsOf(old)?.birth_date).toEqual({ code: 'TOO_OLD', message: 'You are older than the maximum age of this waiting list' });
    expect((await drawRequest(t, queueId, { birth_date: '2009-01-01' })).statusCode).toBe(201); // 18 today
    expect((await drawRequest(t, queueId, { birth_date: '1962-01-01' })).statusCode).toBe(201); // 65
  });

  it('asks for the birth date on an older list whose limit was set while the date was optional', async () => {
    const admin = await givenAdmin(t);
    const older = await givenOpenQueue(t, admin.accountId, { minAge: 18, patientInputs: { ...onlyBirthDate, birth_date: 'OPTIONAL' } });
    // The draw page shows the field as required, and a draw without it is refused.
    expect((await publicView(older)).patient_inputs.birth_date).toBe('REQUIRED');
    expect(fieldsOf(await drawRequest(t, older, {}))?.birth_date?.code).toBe('REQUIRED');
    expect((await drawRequest(t, older, { birth_date: '2000-05-05' })).statusCode).toBe(201);
  });

  it('refuses a declared age where nothing is sealed: the page was opened while the practice encrypted', async () => {
    expect(fieldsOf(await drawRequest(t, queueId, { birth_date: '2000-05-05', declared_age: 27 }))?.declared_age?.code).toBe('ENCRYPTION_CHANGED');
  });
});

describe('a list with age limits while the practice encrypts', () => {
  let queueId: string;
  let unlimited: string;
  let key: SealingKey;
  let accountKey: CryptoKey;
  const sealedBirthDate = (birthDate: string) => sealedNew(key, 'queue_members', { birth_date: birthDate });

  beforeAll(async () => {
    const admin = await givenAdmin(t);
    queueId = await givenOpenQueue(t, admin.accountId, { minAge: 18, maxAge: 65, patientInputs: onlyBirthDate });
    unlimited = await givenOpenQueue(t, admin.accountId, { patientInputs: onlyBirthDate });
    ({ accountKey } = await switchEncryptionOn(t, admin.user));
    key = (await publicView(queueId)).sealing_key!;
  }, 60_000);

  it('requires the age the page declares beside the sealed birth date', async () => {
    const res = await drawRequest(t, queueId, { ...(await sealedBirthDate('1990-01-01')) });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)?.declared_age?.code).toBe('REQUIRED');
    expect(fieldsOf(await drawRequest(t, queueId, { ...(await sealedBirthDate('1990-01-01')), declared_age: 'siebenunddreißig' }))?.declared_age?.code).toBe('INVALID_VALUE');
  });

  it('holds the declared age to the limits, told at the birth date, and keeps no trace of it', async () => {
    const young = await drawRequest(t, queueId, { ...(await sealedBirthDate('2010-01-01')), declared_age: 17 });
    expect(fieldsOf(young)?.birth_date).toEqual({ code: 'TOO_YOUNG', message: 'Sie sind jünger als das Mindestalter dieser Warteliste' });
    expect(fieldsOf(await drawRequest(t, queueId, { ...(await sealedBirthDate('1950-01-01')), declared_age: 77 }))?.birth_date?.code).toBe('TOO_OLD');

    const sealed = await sealedBirthDate('1990-01-01');
    const drawn = await drawRequest(t, queueId, { ...sealed, declared_age: 37 });
    expect(drawn.statusCode, drawn.body).toBe(201);
    // The server stored the sealed text as sent and no birth date; the age was only checked (no column holds it).
    const [row] = await t.app.ctx.db.select().from(queueMembers).where(eq(queueMembers.id, drawn.json<TicketView>().id));
    expect(row).toMatchObject({ id: sealed.record_id, birthDate: null, sealedData: sealed.sealed_data });
    expect(await unseal(row!.sealedData!, accountKey, key.key_id, sealTargets('member', row!.id))).toEqual({ birth_date: '1990-01-01' });
  });

  it('asks no age where the list has no limit', async () => {
    expect((await drawRequest(t, unlimited, { ...(await sealedBirthDate('2015-01-01')) })).statusCode).toBe(201);
  });
});
