import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MemberReport } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { defined, openReportNames, type ReportParams } from './reporting.api';

/*
 * The member analysis sorted by name, in this browser: while the practice encrypts the server
 * cannot read the names, let alone sort them (docs/security.md#encryption), so the browser
 * fetches the rows of the filter (the newest NAME_SORT_ROWS), opens their names and sorts them
 * by the language's collation. The same path serves practices that do not encrypt: one way to
 * sort by name, whichever they chose.
 */

/** At most so many rows are sorted by name: ten pages of the largest size the server gives. */
export const NAME_SORT_ROWS = 2_000;
const FETCH_PAGE_SIZE = 200;

export interface MembersByName extends MemberReport {
  /** Whether the filter has more rows than were sorted. */
  capped: boolean;
}

async function fetchAll(params: ReportParams): Promise<{ report: MemberReport; capped: boolean }> {
  const page = (n: number) =>
    api
      .get<MemberReport>('/reports/members', { query: defined({ ...params, names: 'true', sort: 'at', dir: 'desc', page: String(n), page_size: String(FETCH_PAGE_SIZE) }) })
      .then(openReportNames);
  const first = await page(1);
  const total = first.total ?? 0;
  const pages = Math.min(Math.ceil(total / FETCH_PAGE_SIZE), NAME_SORT_ROWS / FETCH_PAGE_SIZE);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
  return { report: { ...first, rows: [first.rows, ...rest.map((r) => r.rows)].flat() }, capped: total > NAME_SORT_ROWS };
}

/** One page of the rows sorted by name; rows without a name (or locked ones) last either way. */
export function useMembersByName(params: ReportParams, dir: 'asc' | 'desc', page: number, pageSize: number, lang: string, enabled: boolean) {
  const all = useQuery({ queryKey: ['reports', 'members-by-name', defined(params)], queryFn: () => fetchAll(params), enabled, placeholderData: keepPreviousData });
  const data = useMemo((): MembersByName | undefined => {
    if (!all.data) return undefined;
    const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
    const { report, capped } = all.data;
    const named = report.rows.filter((row) => row.name);
    named.sort((a, b) => collator.compare(a.name!, b.name!) * (dir === 'asc' ? 1 : -1));
    const sorted = [...named, ...report.rows.filter((row) => !row.name)];
    return { ...report, total: sorted.length, page, page_size: pageSize, rows: sorted.slice((page - 1) * pageSize, page * pageSize), capped };
  }, [all.data, dir, page, pageSize, lang]);
  return { ...all, data };
}
