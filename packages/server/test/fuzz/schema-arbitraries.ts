import fc from 'fast-check';
import type { JsonSchema } from './route-catalogue.js';
import { hostileValue } from './hostile-values.js';

/** Resolves a field name to an arbitrary of ids when the field carries ids. */
export type IdFieldResolver = (field: string) => fc.Arbitrary<string> | undefined;

/**
 * Values that the schema accepts (mostly): fuzzing only garbage would stop at the validator and
 * never reach a service. Ids come from the resolver, so valid-looking bodies name real rows.
 */
export function validArbitrary(schema: JsonSchema, ids: IdFieldResolver, field = ''): fc.Arbitrary<unknown> {
  const idArb = field ? ids(field) : undefined;
  if (idArb) return schema.type === 'array' ? fc.array(idArb, { minLength: 0, maxLength: schema.maxItems ?? 3 }) : idArb;
  const plain = (schema.type === 'string' && FIELD_HINTS[field]) || validPlain(schema, ids);
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: plain }, { weight: 1, arbitrary: fc.constant(null) }) : plain;
}

function validPlain(schema: JsonSchema, ids: IdFieldResolver): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validArbitrary(s, ids)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000, -2_147_483_648), max: Math.min(schema.maximum ?? 100_000, 2_147_483_647) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 100_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? validArbitrary(schema.items, ids) : hostileValue, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectArbitrary(schema, ids, (name, child) => validArbitrary(child, ids, name), 0);
    default:
      // `{}`: zod's `unknown` (the draw's patient fields are checked by the service): mostly
      // plain words, so that a draw can succeed, else anything.
      return fc.oneof({ weight: 3, arbitrary: word }, { weight: 1, arbitrary: hostileValue });
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const max = schema.maxLength;
    return fc.stringMatching(pattern).filter((s) => max === undefined || s.length <= max);
  }
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const minLength = Math.max(schema.minLength ?? 0, 1);
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  // Plain words pass the services' own rules (identifiers, names) and reach the database;
  // any graphemes (emoji, RTL, combining marks) test what is stored and echoed.
  const graphemes = fc.string({ unit: 'grapheme', minLength, maxLength });
  // A word has 4 to 20 characters: for a shorter limit (a country code) the filter would never pass.
  if (maxLength < WORD_MIN_LENGTH || minLength > WORD_MAX_LENGTH) return graphemes;
  return fc.oneof(
    word.filter((s) => s.length >= minLength && s.length <= maxLength),
    graphemes,
  );
}

/** A lower-case word with digits and dashes, like an identifier or a name. */
const word = fc.stringMatching(/^[a-z][a-z0-9-]{2,18}[a-z0-9]$/);
const WORD_MIN_LENGTH = 4;
const WORD_MAX_LENGTH = 20;

/** Fields whose services check more than the schema says: values that pass, so writes succeed too. */
const FIELD_HINTS: Record<string, fc.Arbitrary<string>> = {
  username: word.map((w) => `${w}@praxis.example`),
  mail: word.map((w) => `${w}@praxis.example`),
  time_zone: fc.constantFrom('Europe/Vienna', 'Europe/Berlin', 'Europe/Zurich', 'UTC', 'Mars/Olympus'),
  // A country's ISO code (a location's, a delivery address's): known ones and one that is none.
  country: fc.constantFrom('AT', 'DE', 'CH', 'XX'),
};

/** An object with every required and some optional properties; `extraWeight` > 0 adds unknown keys. */
function objectArbitrary(
  schema: JsonSchema,
  ids: IdFieldResolver,
  valueOf: (name: string, child: JsonSchema) => fc.Arbitrary<unknown>,
  extraWeight: number,
): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  const record = fc.record(Object.fromEntries(entries.map(([name, child]) => [name, valueOf(name, child)])), {
    requiredKeys: entries.map(([name]) => name).filter((name) => required.has(name)),
  });
  if (extraWeight === 0) return record;
  return fc
    .tuple(record, fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'is_admin', 'account_id')), hostileValue, { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/**
 * Values the schema is about: valid ones, objects with a field of the wrong type or size, a
 * missing required field or an unknown one, and something else entirely (an array instead of an
 * object, a number as a string, ...).
 */
export function fuzzArbitrary(schema: JsonSchema, ids: IdFieldResolver): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, ids);
  if (schema.type !== 'object' || !schema.properties) {
    return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostileValue });
  }
  // Each field: valid most of the time, hostile sometimes, so that one bad field meets many good ones.
  const perField = objectArbitrary(schema, ids, (name, child) => fc.oneof({ weight: 4, arbitrary: validArbitrary(child, ids, name) }, { weight: 1, arbitrary: hostileValue }), 1);
  const withoutRequired = fc
    .tuple(valid, fc.constantFrom(...(schema.required?.length ? schema.required : ['-'])))
    .map(([value, drop]) => (isObject(value) ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== drop)) : value));
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 4, arbitrary: perField }, { weight: 1, arbitrary: withoutRequired }, { weight: 2, arbitrary: hostileValue });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
