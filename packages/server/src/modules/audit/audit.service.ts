import { PassThrough } from 'node:stream';
import {
  addDays,
  parseLocalDate,
  translate,
  zonedTimeToUtc,
  type AuditEntry,
  type AuditExportQuery,
  type AuditLog,
  type AuditQuery,
  type SupportedLang,
  DEFAULT_TIME_ZONE,
} from '@wartefrei/shared';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { openSheet, SPREADSHEET_CONTENT_TYPES, type Cell } from '../../platform/spreadsheet.js';
import { auditPage, isUserOfAccount, type AuditCursor, type AuditFilter, type AuditRow } from './audit.repo.js';

const EXPORT_PAGE_ROWS = 2_000;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * `from` and `to` as instants: a local date is its whole day in the zone, `to` inclusive.
 * `user_id` must name a user of the account (a removed one included in no filter: their
 * entries stay in the unfiltered log); anyone else is a 404, like an id that does not exist.
 */
async function filterOf(ctx: AppContext, actor: Actor, query: AuditQuery): Promise<AuditFilter> {
  const zone = query.time_zone ?? DEFAULT_TIME_ZONE;
  const startOf = (date: string, days = 0) => zonedTimeToUtc(addDays(parseLocalDate(date), days), '00:00', zone);
  const from = query.from === undefined ? undefined : isDate(query.from) ? startOf(query.from) : new Date(query.from);
  const to = query.to === undefined ? undefined : isDate(query.to) ? startOf(query.to, 1) : new Date(query.to);
  if (from && to && to.getTime() <= from.getTime()) throw new AppError('VALIDATION', { fields: { to: 'END_NOT_AFTER_START' } });
  const userId = query.user_id;
  if (userId !== undefined && !(isUuid(userId) && (await isUserOfAccount(ctx.db, actor.accountId, userId)))) throw new AppError('NOT_FOUND');
  return { accountId: actor.accountId, from, to, userId, action: query.action };
}

function presentEntry(row: AuditRow): AuditEntry {
  return {
    at: row.at.toISOString(),
    user_id: row.userId,
    user_name: row.userName,
    address: row.address,
    action: row.action as AuditEntry['action'],
    subject_type: row.subjectType as AuditEntry['subject_type'],
    subject_id: row.subjectId,
    detail: row.detail,
  };
}

/** `GET /audit` (admins): the account's entries, newest first. */
export async function listAudit(ctx: AppContext, actor: Actor, query: AuditQuery): Promise<AuditLog> {
  const rows = await auditPage(ctx.db, await filterOf(ctx, actor, query), query.limit + 1);
  return { entries: rows.slice(0, query.limit).map(presentEntry), truncated: rows.length > query.limit };
}

const COLUMNS = ['at', 'user', 'user_id', 'address', 'action', 'subject_type', 'subject_id', 'detail'] as const;

function cellsOf(row: AuditRow): Cell[] {
  const detail = row.detail
    ? Object.entries(row.detail)
        .map(([key, value]) => `${key}=${value}`)
        .join(', ')
    : null;
  return [row.at, row.userName, row.userId, row.address, row.action, row.subjectType, row.subjectId, detail];
}

export interface AuditExport {
  filename: string;
  contentType: string;
  stream: PassThrough;
}

/** `GET /audit/export` (admins): every matching entry, page by page, as csv or xlsx (times in UTC). */
export async function exportAudit(ctx: AppContext, actor: Actor, query: AuditExportQuery, lang: SupportedLang): Promise<AuditExport> {
  const filter = await filterOf(ctx, actor, query);
  const out = new PassThrough();
  const columns = COLUMNS.map((key) => ({ key, kind: key === 'at' ? ('date' as const) : ('text' as const) }));
  const sink = openSheet(out, query.format, lang, translate(lang, 'audit', 'sheet'), columns);
  const write = async () => {
    sink.header(COLUMNS.map((key) => translate(lang, 'audit', `column_${key}`)));
    let cursor: AuditCursor | undefined;
    for (;;) {
      const page = await auditPage(ctx.db, filter, EXPORT_PAGE_ROWS, cursor);
      for (const row of page) await sink.row(cellsOf(row));
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE_ROWS || out.destroyed) break;
      cursor = { at: last.at, id: last.id };
    }
    await sink.end();
  };
  write().catch((error: unknown) => {
    ctx.log.error({ err: error }, 'audit export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return { filename: `wartefrei-${translate(lang, 'audit', 'filename')}-${day}.${query.format}`, contentType: SPREADSHEET_CONTENT_TYPES[query.format], stream: out };
}
