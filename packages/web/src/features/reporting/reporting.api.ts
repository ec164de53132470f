import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { placesOf, type MemberReportRow } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { openSealed } from '../../lib/keyring';
import { reportName } from '../../lib/sealed-records';
import { downloadWithProgress } from '../../lib/download';
import { fetchEncryptionState } from '../encryption/encryption.api';

/** The filters of every report, as the query string carries them; empty ones are left out. */
export type ReportParams = Record<string, string | undefined>;

export const defined = (params: ReportParams) => Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/** A report of `GET /reports/<path>`; while new filters load, the last answer stays on screen. */
export function useReport<T>(path: string, params: ReportParams, enabled = true) {
  const query = defined(params);
  return useQuery({
    queryKey: ['reports', path, query],
    queryFn: async () => openReportNames(await api.get<T>(`/reports/${path}`, { query })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Downloads the member export as it streams in, telling `onProgress` the bytes received. With
 * names while the practice encrypts, this browser writes the file itself from the rows with
 * their names opened (sealed-export.ts, a chunk of its own with the spreadsheet library).
 */
export async function downloadExport(params: ReportParams, onProgress: (bytes: number) => void): Promise<void> {
  const query = defined(params) as Record<string, string>;
  if (query.names === 'true' && (await fetchEncryptionState()).enabled) {
    const { exportWithOpenedNames } = await import('./sealed-export');
    return exportWithOpenedNames(query, onProgress);
  }
  await downloadWithProgress('/reports/members/export', query, onProgress, `wartefrei-export.${params.format ?? 'xlsx'}`);
}

/** A report's rows with their sealed names opened in this browser (docs/security.md#encryption); other reports pass. */
export async function openReportNames<T>(report: T): Promise<T> {
  const rows = (report as { rows?: MemberReportRow[] }).rows;
  if (!Array.isArray(rows) || !rows.some((row) => row.sealed_data)) return report;
  const opened = await Promise.all(
    rows.map(async (row) => {
      if (!row.sealed_data) return row;
      const fields = await openSealed(row.sealed_data, placesOf(row.sealed_for));
      const name = fields ? reportName(fields) : row.name;
      return { ...row, name, seal_state: fields ? 'opened' : 'locked' };
    }),
  );
  return { ...report, rows: opened };
}
