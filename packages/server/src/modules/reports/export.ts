import { PassThrough } from 'node:stream';
import { translate, type MemberExportQuery, type SupportedLang } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { openSheet, SPREADSHEET_CONTENT_TYPES, wallClock, type Cell, type SheetColumn } from '../../platform/spreadsheet.js';
import { earlierFigures } from './earlier.repo.js';
import { earlierLines, filterNames } from './filter-names.js';
import { memberPages, type MemberRecord } from './members.repo.js';
import { resolveScope } from './scope.js';

/**
 * `GET /reports/members/export`: the member analysis as a spreadsheet, streamed. Rows are read a
 * page at a time on the report's index and written out before the next page is read, waiting
 * whenever the client is slower than the database: memory stays flat however many rows there are.
 */

const PAGE_ROWS = 2_000;

interface Column extends SheetColumn {
  value: (row: MemberRecord) => Cell;
}

function columnsOf(lang: SupportedLang, withNames: boolean, forBrowser: boolean): Column[] {
  const code = (section: string, value: string | null) => (value === null ? null : translate(lang, 'reports', `${section}_${value}`));
  return [
    { key: 'kind', kind: 'text', value: (r) => code('kind', r.kind) },
    { key: 'number', kind: 'number', value: (r) => r.number },
    { key: 'queue', kind: 'text', value: (r) => r.queue_name },
    { key: 'location', kind: 'text', value: (r) => r.profile_name },
    { key: 'origin', kind: 'text', value: (r) => code('origin', r.origin) },
    { key: 'status', kind: 'text', value: (r) => code('status', r.status) },
    { key: 'cancel_state', kind: 'text', value: (r) => (r.removed && !r.cancel_state ? code('cancel', 'REMOVED') : code('cancel', r.cancel_state)) },
    { key: 'at', kind: 'date', value: (r) => wallClock(r.at_local) },
    { key: 'appointment_start', kind: 'date', value: (r) => wallClock(r.appointment_start_local) },
    { key: 'called_at', kind: 'date', value: (r) => wallClock(r.called_local) },
    { key: 'finished_at', kind: 'date', value: (r) => wallClock(r.finished_local) },
    { key: 'wait_min', kind: 'minutes', value: (r) => r.wait_min },
    { key: 'processing_min', kind: 'minutes', value: (r) => r.processing_min },
    { key: 'processor', kind: 'text', value: (r) => r.processor_name },
    { key: 'info_tags', kind: 'text', value: (r) => r.info_tags.join(', ') },
    { key: 'answers', kind: 'text', value: (r) => r.answers.join(' | ') },
    ...(withNames ? [{ key: 'name', kind: 'text', value: (r: MemberRecord) => r.name } satisfies Column] : []),
    // For the browser that opens sealed names (format ndjson): it fills `name` and drops these
    // columns; `sealed_for` names the record the text must be bound to.
    ...(withNames && forBrowser
      ? [
          { key: 'sealed_for', kind: 'text', value: (r: MemberRecord) => r.sealed_for } satisfies Column,
          { key: 'sealed_data', kind: 'text', value: (r: MemberRecord) => r.sealed_data } satisfies Column,
        ]
      : []),
  ];
}

export interface MemberExport {
  filename: string;
  contentType: string;
  stream: PassThrough;
}

/** Checks the filters (a foreign id is a 404 before anything streams), then streams the rows. */
export async function exportMembers(ctx: AppContext, actor: Actor, query: MemberExportQuery, lang: SupportedLang): Promise<MemberExport> {
  const scope = await resolveScope(ctx.db, actor, query);
  const withNames = query.names === 'true';
  const columns = columnsOf(lang, withNames, query.format === 'ndjson');
  const preamble = [...(await filterNames(ctx.db, scope, lang, ctx.clock.now())), ...earlierLines(await earlierFigures(ctx.db, scope), lang)];
  const out = new PassThrough();
  const sink = openSheet(out, query.format, lang, translate(lang, 'reports', 'sheet'), columns);
  const write = async () => {
    sink.preamble(preamble);
    sink.header(columns.map((column) => translate(lang, 'reports', `column_${column.key}`)));
    for await (const page of memberPages(ctx.db, scope, PAGE_ROWS, withNames)) {
      for (const row of page) await sink.row(columns.map((column) => column.value(row)));
      if (out.destroyed) break;
    }
    await sink.end();
  };
  write().catch((error: unknown) => {
    // Headers are sent: the client can only learn of it by the download breaking off.
    ctx.log.error({ err: error }, 'member export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const name = `wartefrei-${translate(lang, 'reports', 'filename')}-${query.from}_${query.to}.${query.format}`;
  return {
    filename: name,
    contentType: SPREADSHEET_CONTENT_TYPES[query.format],
    stream: out,
  };
}
