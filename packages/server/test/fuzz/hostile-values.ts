import fc from 'fast-check';

/*
 * Inputs a careless or hostile client sends. Large strings are built once: generating 100 KB
 * character by character on every run would spend the time budget on fast-check, not the server.
 */

const HUNDRED_KB = 100 * 1024;

/** Strings that break naive code: size, encodings, control characters, injections. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  `a\u0000b`,
  '\uD800', // lone high surrogate
  'x\uDC00y', // lone low surrogate
  '\u202Eevil\u202C', // right-to-left override
  'مرحبا بالعالم', // Arabic, right to left
  'שלום', // Hebrew
  '👩‍⚕️🏥🇦🇹',
  '\uFEFF\u200B\u200D',
  'e\u0301'.repeat(50), // combining marks
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '0x1F',
  ' 42 ',
  '9007199254740993',
  "' OR '1'='1' --",
  'Robert"); DROP TABLE queues;--',
  '%00',
  '%E0%A4%A',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '\r\nX-Injected: 1',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'a'.repeat(HUNDRED_KB),
  '😀'.repeat(HUNDRED_KB / 4),
  'א'.repeat(HUNDRED_KB / 2),
  '\u0000'.repeat(1024),
  '\uD800'.repeat(512),
];

/** Numbers at and past every edge a column or a zod schema has. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
];

/** A hostile string: one of the known ones or random text of any code points (surrogates too). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** Any JSON value of the wrong kind: strings, numbers, numbers as strings, arrays, objects, null. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3, depthIdentifier: 'hostile' }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), {
        maxKeys: 3,
        depthIdentifier: 'hostile',
      }),
    },
    { weight: 1, arbitrary: fc.constant(nested(2000)) },
  ),
})).value;

/** An array nested `depth` levels deep: recursion in a parser or a validator meets it. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Path parameters that are no id at all, or ids in a shape the database must never see. */
export const malformedId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'not-an-id',
    '1',
    '-1',
    '0',
    'null',
    '%',
    '%zz',
    '%2F',
    '%00',
    '..',
    '.',
    '12345678-1234-1234-1234-1234567890ab-extra',
    '123456781234123412341234567890ab',
    '{12345678-1234-1234-1234-1234567890ab}',
    '12345678-1234-1234-1234-1234567890aZ',
    'ä'.repeat(200),
    'x'.repeat(5000),
  ),
  hostileString.filter((s) => s.length > 0 && s.length < 300),
);

/** A body that is not JSON although it says so. */
export const MALFORMED_JSON: readonly string[] = [
  '{',
  '{"a":',
  '[1,,2]',
  "{'single': 'quotes'}",
  '{"a":1}garbage',
  'NaN',
  '\u0000',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '['.repeat(100_000),
  `{"a":"${'\\ud800'}"}`,
  '"just a string"',
  '12',
  'true',
  'null',
];
