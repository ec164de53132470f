import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';

/*
 * FHIR search parameters (https://hl7.org/fhir/R4/search.html) as far as the interface
 * supports them: a value may repeat (`start=ge…&start=lt…`), a date carries a prefix, and a
 * parameter the server does not know is ignored unless the client asks `Prefer: handling=strict`.
 */

/** What a query string gives for one parameter: a value, repeated values, or nothing. */
export type ParamValue = string | string[] | undefined;

/** Every value given for a parameter, repeated ones and comma lists taken apart. */
export function valuesOf(value: ParamValue, splitCommas = false): string[] {
  const all = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return splitCommas ? all.flatMap((v) => v.split(',')).filter((v) => v !== '') : all;
}

/** The one value of a parameter that may be given once. */
export function singleValue(value: ParamValue, name: string): string | undefined {
  const all = valuesOf(value);
  if (all.length > 1) throw new AppError('VALIDATION', { fields: { [name]: 'INVALID_VALUE' } });
  return all[0];
}

/** Parameters every search takes besides its own: the format (JSON only) and paging. */
const GENERAL = ['_format', '_count', '_offset'];

/**
 * Refuses unknown parameters under `Prefer: handling=strict` (400); by default (lenient) they
 * are ignored, as FHIR's search says. `_format` may only ask for JSON.
 */
export function checkParams(req: FastifyRequest, known: readonly string[]): void {
  const query = (req.query ?? {}) as Record<string, unknown>;
  // An unescaped '+' in a query reads as a space: 'application/fhir+json' arrives as 'application/fhir json'.
  const format = valuesOf(query._format as ParamValue).map((f) => f.replace(' ', '+'));
  if (format.some((f) => !['json', 'application/json', 'application/fhir+json'].includes(f))) throw new AppError('VALIDATION', { fields: { _format: 'INVALID_VALUE' } });
  const prefer = String(req.headers.prefer ?? '');
  if (!/(^|[;,\s])handling\s*=\s*strict\b/i.test(prefer)) return;
  const unknown = Object.keys(query).filter((name) => !known.includes(name) && !GENERAL.includes(name));
  if (unknown.length > 0) throw new AppError('VALIDATION', { fields: Object.fromEntries(unknown.map((name) => [name, 'UNKNOWN_FIELD'])) });
}

/** A page of a search: `_count` (1–MAX_COUNT, DEFAULT_COUNT unless given) from `_offset`. */
export interface Paging {
  count: number;
  offset: number;
}

export const DEFAULT_COUNT = 50;
export const MAX_COUNT = 1000;

/** `_count` and `_offset` of a search; a value out of range is a 400, never silently changed. */
export function pagingOf(query: { _count?: ParamValue; _offset?: ParamValue }): Paging {
  const number = (name: '_count' | '_offset', fallback: number, min: number, max: number) => {
    const text = singleValue(query[name], name);
    if (text === undefined) return fallback;
    const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= min && value <= max)) throw new AppError('VALIDATION', { fields: { [name]: value > max ? { code: 'MAX_VALUE', args: [max] } : 'INVALID_VALUE' } });
    return value;
  };
  return { count: number('_count', DEFAULT_COUNT, 1, MAX_COUNT), offset: number('_offset', 0, 0, 100_000_000) };
}

/** A date search value: its prefix and the range [from, to) its precision covers. */
export interface DateBound {
  prefix: 'eq' | 'ge' | 'gt' | 'le' | 'lt';
  /**
   * A date alone (`2026-03`, `2026-03-30`) is a day of the wall clock where the appointment
   * happens (`local`: 'YYYY-MM-DDTHH:MM:SS'); a time with an offset is an instant.
   */
  kind: 'local' | 'instant';
  from: string;
  to: string;
}

const DATE = /^(eq|ge|gt|le|lt|ne|sa|eb|ap)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Parses one date search value; a value it cannot read, or a prefix it does not support, is a 400 naming the parameter. */
export function parseDateBound(value: string, name: string): DateBound {
  const match = value.match(DATE);
  const invalid = () => new AppError('VALIDATION', { fields: { [name]: 'INVALID_DATE' } });
  if (!match) throw invalid();
  const [, prefix = 'eq', y, mo, d, h, mi, s, zone] = match;
  if (prefix === 'ne' || prefix === 'sa' || prefix === 'eb' || prefix === 'ap') throw new AppError('VALIDATION', { fields: { [name]: 'INVALID_VALUE' } });
  const year = Number(y);
  if (h !== undefined) {
    const at = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${zone === 'Z' ? 'Z' : zone}`);
    if (Number.isNaN(at) || Number(mo) > 12 || Number(d) > 31) throw invalid();
    // A time's precision is its last part given: to the minute, or to the second.
    const step = s === undefined ? 60_000 : 1000;
    return { prefix: prefix as DateBound['prefix'], kind: 'instant', from: new Date(at).toISOString(), to: new Date(at + step).toISOString() };
  }
  const month = mo === undefined ? undefined : Number(mo);
  const day = d === undefined ? undefined : Number(d);
  if (month !== undefined && (month < 1 || month > 12)) throw invalid();
  const start = new Date(Date.UTC(year, (month ?? 1) - 1, day ?? 1));
  if (day !== undefined && start.getUTCDate() !== day) throw invalid();
  const end = new Date(
    Date.UTC(year + (month === undefined ? 1 : 0), (month ?? 1) - 1 + (month !== undefined && day === undefined ? 1 : 0), (day ?? 1) + (day === undefined ? 0 : 1)),
  );
  const local = (date: Date) => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T00:00:00`;
  return { prefix: prefix as DateBound['prefix'], kind: 'local', from: local(start), to: local(end) };
}

/** The lower (inclusive) and upper (exclusive) end a bound puts on a start: eq both, ge/gt the lower, le/lt the upper. */
export function limitsOf(bound: DateBound): { after?: string; before?: string } {
  switch (bound.prefix) {
    case 'eq':
      return { after: bound.from, before: bound.to };
    case 'ge':
      return { after: bound.from };
    case 'gt':
      return { after: bound.to };
    case 'le':
      return { before: bound.to };
    case 'lt':
      return { before: bound.from };
  }
}
