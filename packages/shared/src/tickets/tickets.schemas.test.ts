import { beforeAll, describe, expect, it } from 'vitest';
import type { PatientInputs } from '../queues/queue-settings.js';
import { installZodErrorCodes } from '../validation/zod-codes.js';
import { checkDrawTicket, DrawTicketBody } from './tickets.schemas.js';

const allNone: PatientInputs = {
  display_name: 'NONE',
  first_name: 'NONE',
  birth_date: 'NONE',
  insurance_number: 'NONE',
  mail: 'NONE',
  phone: 'NONE',
};
const allRequired: PatientInputs = {
  display_name: 'REQUIRED',
  first_name: 'REQUIRED',
  birth_date: 'REQUIRED',
  insurance_number: 'REQUIRED',
  mail: 'REQUIRED',
  phone: 'REQUIRED',
};
const allOptional: PatientInputs = {
  display_name: 'OPTIONAL',
  first_name: 'OPTIONAL',
  birth_date: 'OPTIONAL',
  insurance_number: 'OPTIONAL',
  mail: 'OPTIONAL',
  phone: 'OPTIONAL',
};
const full = {
  display_name: 'Anna',
  first_name: 'Anna',
  last_name: 'Berger',
  birth_date: '1980-01-01',
  insurance_number: '1237010180',
  mail: 'anna@example.at',
  phone: '+43 664/123-4567',
};
const nulls = {
  display_name: null,
  first_name: null,
  last_name: null,
  birth_date: null,
  insurance_number: null,
  mail: null,
  phone: null,
};

beforeAll(() => installZodErrorCodes());

describe('checkDrawTicket: modes', () => {
  it.each<[string, PatientInputs, Record<string, unknown>, Record<string, string> | 'ok']>([
    ['NONE, nothing sent', allNone, {}, 'ok'],
    ['NONE, a field sent (dropped)', allNone, { mail: 'a@b.at' }, 'ok'],
    ['NONE, even a malformed field (dropped unchecked)', allNone, { phone: 'keine Nummer', birth_date: '31.02.' }, 'ok'],
    ['REQUIRED, all given', allRequired, full, 'ok'],
    [
      'REQUIRED, nothing given',
      allRequired,
      {},
      {
        display_name: 'REQUIRED',
        first_name: 'REQUIRED',
        last_name: 'REQUIRED',
        birth_date: 'REQUIRED',
        insurance_number: 'REQUIRED',
        mail: 'REQUIRED',
        phone: 'REQUIRED',
      },
    ],
    ['REQUIRED, whitespace only', allRequired, { ...full, display_name: '   ' }, { display_name: 'REQUIRED' }],
    ['REQUIRED, null', allRequired, { ...full, mail: null }, { mail: 'REQUIRED' }],
    ['REQUIRED, empty mail', allRequired, { ...full, mail: '' }, { mail: 'REQUIRED' }],
    ['REQUIRED first_name needs last_name too', allRequired, { ...full, last_name: '' }, { last_name: 'REQUIRED' }],
    ['OPTIONAL, nothing given', allOptional, {}, 'ok'],
    ['OPTIONAL, empty and null', allOptional, { mail: '', phone: null, insurance_number: ' ' }, 'ok'],
    ['OPTIONAL, given but wrong', allOptional, { mail: 'nope' }, { mail: 'INVALID_EMAIL' }],
    ['unknown field', allOptional, { nickname: 'x' }, { nickname: 'UNKNOWN_FIELD' }],
  ])('%s', (_label, inputs, patient, expected) => {
    const result = checkDrawTicket(inputs, { origin: 'ONLINE', ...patient });
    if (expected === 'ok') expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, fields: expected });
  });

  it('drops what the queue does not ask for, never storing it (a form opened before the list changed)', () => {
    const body = { origin: 'ONLINE', mail: 'a@b.at', phone: '', first_name: 'Anna', last_name: 'B', insurance_number: 'x' };
    expect(checkDrawTicket(allNone, body)).toEqual({ ok: true, value: { origin: 'ONLINE', silent: false, sealed_data: null, ...nulls } });
  });

  it('reports every broken field at once', () => {
    const body = { origin: 'ONLINE', silent: true, mail: 'x', phone: '0664', insurance_number: '0237010180', nickname: 1 };
    expect(checkDrawTicket(allOptional, body)).toEqual({
      ok: false,
      fields: {
        mail: 'INVALID_EMAIL',
        phone: 'INVALID_PHONE',
        insurance_number: 'SVNR_LEADING_ZERO',
        nickname: 'UNKNOWN_FIELD',
        silent: 'INVALID_VALUE',
      },
    });
  });

  it('refuses a body that is not an object', () => {
    expect(checkDrawTicket(allOptional, 'nope')).toEqual({ ok: false, fields: { body: 'INVALID_TYPE' } });
  });

  it('outputs every field, null when not asked or left empty', () => {
    const inputs: PatientInputs = { ...allNone, mail: 'OPTIONAL', phone: 'REQUIRED' };
    expect(checkDrawTicket(inputs, { origin: 'KIOSK', mail: '', phone: '+43 1 234' })).toEqual({
      ok: true,
      value: { origin: 'KIOSK', silent: false, sealed_data: null, ...nulls, phone: '+431234' },
    });
  });

  it('outputs trimmed values, and the SVNR and phone without spaces', () => {
    const result = checkDrawTicket(allRequired, {
      ...full,
      origin: 'MANUAL',
      silent: true,
      lang: 'en',
      first_name: '  Anna ',
      insurance_number: '1237 010180',
      mail: ' anna@example.at ',
    });
    expect(result).toEqual({
      ok: true,
      value: { ...full, origin: 'MANUAL', silent: true, lang: 'en', sealed_data: null, insurance_number: '1237010180', phone: '+43664/123-4567' },
    });
  });
});

describe('checkDrawTicket: formats', () => {
  const check = (patient: Record<string, unknown>) => checkDrawTicket(allOptional, { origin: 'ONLINE', ...patient });
  it.each<[Record<string, unknown>, Record<string, string> | 'ok']>([
    [{ origin: undefined }, { origin: 'REQUIRED' }],
    [{ origin: 'PHONE' }, { origin: 'INVALID_VALUE' }],
    [{ lang: 'fr' }, { lang: 'INVALID_VALUE' }],
    [{ lang: 'tr' }, 'ok'],
    [{ silent: true }, { silent: 'INVALID_VALUE' }], // only a processor draws silently
    [{ origin: 'KIOSK', silent: true }, { silent: 'INVALID_VALUE' }],
    [{ silent: false }, 'ok'],
    [{ origin: 'MANUAL', silent: true }, 'ok'],
    [{ silent: 'yes' }, { silent: 'INVALID_TYPE' }],
    [{ mail: 'a@b' }, { mail: 'INVALID_EMAIL' }],
    [{ mail: 'anna@example.at' }, 'ok'],
    [{ mail: `${'a'.repeat(250)}@b.at` }, { mail: 'MAX_LENGTH' }],
    [{ phone: '+436641234567' }, 'ok'],
    [{ phone: '+43 664 / 123 - 45' }, 'ok'],
    [{ phone: '+1 2' }, 'ok'],
    [{ phone: '06641234567' }, { phone: 'INVALID_PHONE' }], // no plus
    [{ phone: '+' }, { phone: 'INVALID_PHONE' }],
    [{ phone: '+4' }, { phone: 'INVALID_PHONE' }], // nothing after the country code
    [{ phone: '+-43' }, { phone: 'INVALID_PHONE' }], // the plus is followed by digits
    [{ phone: '+43 (664) 123' }, { phone: 'INVALID_PHONE' }],
    [{ phone: '+43664abc' }, { phone: 'INVALID_PHONE' }],
    [{ phone: `+43${'1'.repeat(38)}` }, { phone: 'MAX_LENGTH' }],
    [{ insurance_number: '1237010180' }, 'ok'],
    [{ insurance_number: '1238010180' }, { insurance_number: 'SVNR_CHECK_DIGIT' }],
    [{ insurance_number: '0237010180' }, { insurance_number: 'SVNR_LEADING_ZERO' }],
    [{ insurance_number: '1009310480' }, { insurance_number: 'SVNR_DATE' }],
    [{ insurance_number: '123701018' }, { insurance_number: 'SVNR_FORMAT' }],
    [{ birth_date: '2000-02-29' }, 'ok'],
    [{ birth_date: '1900-02-29' }, { birth_date: 'INVALID_DATE' }],
    [{ birth_date: '1980-04-31' }, { birth_date: 'INVALID_DATE' }],
    [{ birth_date: '01.01.1980' }, { birth_date: 'INVALID_DATE' }],
    [{ birth_date: '1980-1-1' }, { birth_date: 'INVALID_DATE' }],
    [{ first_name: 'x'.repeat(101) }, { first_name: 'MAX_LENGTH' }],
    [{ first_name: 'x'.repeat(100) }, 'ok'],
    [{ display_name: 5 }, { display_name: 'INVALID_TYPE' }],
  ])('%o → %o', (patient, expected) => {
    const result = check(patient);
    if (expected === 'ok') expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, fields: expected });
  });
});

describe('checkDrawTicket: birth date with today and age limits', () => {
  const inputs: PatientInputs = { ...allNone, birth_date: 'REQUIRED' };
  it.each<[string, { today?: string; minAge?: number | null; maxAge?: number | null }, string | undefined]>([
    ['2026-11-23', { today: '2026-11-22' }, 'BIRTH_DATE_FUTURE'],
    ['2026-11-22', { today: '2026-11-22' }, undefined], // born today
    ['2026-11-23', {}, undefined], // without today only the format is checked
    ['2008-11-22', { today: '2026-11-22', minAge: 18 }, undefined], // 18th birthday today
    ['2008-11-23', { today: '2026-11-22', minAge: 18 }, 'TOO_YOUNG'],
    ['1960-11-23', { today: '2026-11-22', maxAge: 65 }, undefined], // 65, turns 66 tomorrow
    ['1960-11-22', { today: '2026-11-22', maxAge: 65 }, 'TOO_OLD'], // 66 today
    ['1990-05-05', { today: '2026-11-22', minAge: 18, maxAge: 65 }, undefined],
    ['2030-01-01', { today: '2026-11-22', minAge: 18 }, 'BIRTH_DATE_FUTURE'], // the future wins
  ])('born %s with %o → %s', (birthDate, context, problem) => {
    const result = checkDrawTicket(inputs, { origin: 'ONLINE', birth_date: birthDate }, context);
    expect(result).toEqual(problem ? { ok: false, fields: { birth_date: problem } } : expect.objectContaining({ ok: true }));
  });
});

describe('DrawTicketBody (the route schema before the queue is known)', () => {
  it.each<[Record<string, unknown>, boolean]>([
    [{ origin: 'ONLINE' }, true],
    [{ origin: 'KIOSK', ...full, lang: 'de', silent: false }, true],
    // The rest is the queue's schema's business: all field errors come back together from there.
    [{ origin: 'ONLINE', insurance_number: '1238010180', extra: 1 }, true],
    [{ origin: 'WALK_IN' }, false],
    [{}, false],
  ])('%o → %s', (body, ok) => expect(DrawTicketBody.safeParse(body).success).toBe(ok));
});

describe('checkDrawTicket: while the practice encrypts', () => {
  const sealedText = 'wf1s.AAAA.BBBB.CCCC';
  const question = { question_id: '9b1c8d52-55a4-4a8e-9e8b-2f0f6d1f4e11', option_id: '0c2b8d52-55a4-4a8e-9e8b-2f0f6d1f4e12' };
  it.each<[string, Record<string, unknown>, Record<string, unknown> | Record<string, string>]>([
    [
      'takes sealed data and clear mail and phone, with the sealed fields null',
      { sealed_data: sealedText, mail: 'a@example.at', phone: '+43 1 234', declared_age: 30 },
      { ok: true },
    ],
    // The birth date is sealed: the age limit is held by the age the page declares beside it.
    ['needs the declared age under an age limit', { sealed_data: sealedText }, { declared_age: 'REQUIRED' }],
    [
      'holds the declared age to the limit, told at the birth date',
      { sealed_data: sealedText, mail: 'a@example.at', phone: '+431234', declared_age: 17 },
      { birth_date: 'TOO_YOUNG' },
    ],
    [
      'refuses a clear name, birth date or insurance number',
      { sealed_data: sealedText, last_name: 'Klar', birth_date: '1980-01-01', insurance_number: '1237010180' },
      { last_name: 'ENCRYPTION_CHANGED', birth_date: 'ENCRYPTION_CHANGED', insurance_number: 'ENCRYPTION_CHANGED' },
    ],
    ['needs sealed data when a sealed field is required', { mail: 'a@example.at', phone: '+431234' }, { sealed_data: 'REQUIRED' }],
    ['refuses what is not sealed text', { sealed_data: 'Anna Klar' }, { sealed_data: 'INVALID_VALUE' }],
    ['refuses a clear free-text answer', { sealed_data: sealedText, answers: [{ ...question, text: 'Husten' }] }, { answers: 'ENCRYPTION_CHANGED' }],
  ])('%s', (_, body, expected) => {
    const result = checkDrawTicket(allRequired, { origin: 'ONLINE', ...body }, { sealed: true, today: '2026-11-26', minAge: 18 });
    if ('ok' in expected) {
      expect(result).toMatchObject({
        ok: true,
        value: { sealed_data: sealedText, first_name: null, last_name: null, birth_date: null, insurance_number: null, mail: 'a@example.at', phone: '+431234' },
      });
    } else {
      expect(result).toEqual({ ok: false, fields: expect.objectContaining(expected) });
    }
  });

  it('refuses sealed data while the practice does not encrypt', () => {
    expect(checkDrawTicket(allOptional, { origin: 'ONLINE', sealed_data: sealedText })).toEqual({ ok: false, fields: { sealed_data: 'ENCRYPTION_CHANGED' } });
  });

  it('asks no declared age without an age limit, and refuses one while the practice does not encrypt', () => {
    expect(
      checkDrawTicket(allRequired, { origin: 'ONLINE', sealed_data: sealedText, mail: 'a@example.at', phone: '+431234' }, { sealed: true, today: '2026-11-26' }),
    ).toMatchObject({ ok: true });
    expect(checkDrawTicket(allOptional, { origin: 'ONLINE', declared_age: 30 })).toEqual({ ok: false, fields: { declared_age: 'ENCRYPTION_CHANGED' } });
  });

  it('asks for the birth date where a list has an age limit, whatever its older configuration says', () => {
    expect(checkDrawTicket(allOptional, { origin: 'ONLINE' }, { today: '2026-11-26', maxAge: 14 })).toEqual({ ok: false, fields: { birth_date: 'REQUIRED' } });
  });
});
