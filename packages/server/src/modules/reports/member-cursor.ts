import { sql, type SQL } from 'drizzle-orm';
import type { MemberReportQuery } from '@wartefrei/shared';
import { isUuid } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';

/*
 * Paging the member analysis by key (issue 44): a page is the rows right after (or before) the
 * last row shown, in the order (sort value, instant, id), so each page reads its own rows
 * through the index instead of sorting and skipping those of every page before it. The cursor
 * is opaque to clients: base64url of JSON [sort, dir, value, instant, id], bound to its sort
 * and direction, and checked field by field, as anyone may send anything.
 */

export type MemberSort = MemberReportQuery['sort'];
type Dir = MemberReportQuery['dir'];

/** Where a cursor points: the sort value of its row (text as PostgreSQL wrote it, or null), its instant and id. */
export interface MemberCursorKey {
  value: string | number | null;
  at: string;
  id: string;
}

/** The columns of the analysis's rows `r` each sort reads, and the type its value is cast back to. */
const SORTS: Record<MemberSort, { column: string; type: string }> = {
  at: { column: 'at', type: 'timestamptz' },
  number: { column: 'number', type: 'int' },
  queue: { column: 'queue_name', type: 'text' },
  wait: { column: 'wait_min', type: 'float8' },
  processing: { column: 'processing_min', type: 'float8' },
};

export function encodeMemberCursor(sort: MemberSort, dir: Dir, key: MemberCursorKey): string {
  return Buffer.from(JSON.stringify([sort, dir, key.value, key.at, key.id])).toString('base64url');
}

const validValue: Record<MemberSort, (value: unknown) => boolean> = {
  at: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  number: (value) => value === null || Number.isSafeInteger(value),
  queue: (value) => typeof value === 'string' && value.length <= 200,
  wait: (value) => value === null || (typeof value === 'number' && Number.isFinite(value)),
  processing: (value) => value === null || (typeof value === 'number' && Number.isFinite(value)),
};

/** The key of a cursor sent as `field`; one that is malformed or of another sort or direction is a 400. */
export function decodeMemberCursor(cursor: string, sort: MemberSort, dir: Dir, field: 'after' | 'before'): MemberCursorKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === 5) {
    const [cursorSort, cursorDir, value, at, id] = parsed as unknown[];
    const instant = typeof at === 'string' && !Number.isNaN(Date.parse(at));
    if (cursorSort === sort && cursorDir === dir && validValue[sort](value) && instant && typeof id === 'string' && isUuid(id)) {
      return { value: value as MemberCursorKey['value'], at, id };
    }
  }
  throw new AppError('VALIDATION', { fields: { [field]: 'INVALID_VALUE' } });
}

/** What of a row its key is made of. */
interface KeyedRow {
  at_key: string;
  id: string;
  number: number | null;
  queue_name: string;
  wait_min: number | null;
  processing_min: number | null;
}

/** The row's key as the cursor keeps it. */
export function keyOf(sort: MemberSort, row: KeyedRow): MemberCursorKey {
  const values: Record<MemberSort, MemberCursorKey['value']> = {
    at: row.at_key,
    number: row.number,
    queue: row.queue_name,
    wait: row.wait_min,
    processing: row.processing_min,
  };
  return { value: values[sort], at: row.at_key, id: row.id };
}

/**
 * The display order over rows aliased `alias`: the sort value (nulls last), then instant and
 * id, all in the asked direction, so that (value, instant, id) compares as one tuple; `reverse`
 * gives the mirror order, to read the page before a cursor.
 */
export function memberOrder(alias: string, sort: MemberSort, dir: Dir, reverse = false): SQL {
  const up = (dir === 'asc') !== reverse;
  const way = up ? 'asc' : 'desc';
  const nulls = reverse ? 'nulls first' : 'nulls last';
  if (sort === 'at') return sql.raw(`${alias}.at ${way}, ${alias}.id ${way}`);
  return sql.raw(`${alias}.${SORTS[sort].column} ${way} ${nulls}, ${alias}.at ${way}, ${alias}.id ${way}`);
}

/**
 * The rows of `alias` strictly after the cursor in display order (`before`: strictly before it).
 * Nulls of the sort value come last, so after a null only nulls follow, and before one every
 * non-null row lies.
 */
export function beyondCursor(alias: string, sort: MemberSort, dir: Dir, key: MemberCursorKey, before: boolean): SQL {
  const op = sql.raw((dir === 'desc') !== before ? '<' : '>');
  const at = sql.raw(`${alias}.at`);
  const id = sql.raw(`${alias}.id`);
  const tail = sql`(${at}, ${id}) ${op} (${key.at}::timestamptz, ${key.id}::uuid)`;
  if (sort === 'at') return tail;
  const { column, type } = SORTS[sort];
  const col = sql.raw(`${alias}.${column}`);
  const value = sql`${key.value === null ? null : String(key.value)}::${sql.raw(type)}`;
  if (key.value === null) return before ? sql`(${col} is not null or ${tail})` : sql`(${col} is null and ${tail})`;
  const beyond = sql`(${col} ${op} ${value} or (${col} = ${value} and ${tail}))`;
  return before ? sql`(${col} is not null and ${beyond})` : sql`(${beyond} or ${col} is null)`;
}
