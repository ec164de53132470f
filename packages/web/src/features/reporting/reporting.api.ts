import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadWithProgress } from '../../lib/download';

/** The filters of every report, as the query string carries them; empty ones are left out. */
export type ReportParams = Record<string, string | undefined>;

const defined = (params: ReportParams) => Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/** A report of `GET /reports/<path>`; while new filters load, the last answer stays on screen. */
export function useReport<T>(path: string, params: ReportParams) {
  const query = defined(params);
  return useQuery({
    queryKey: ['reports', path, query],
    queryFn: () => api.get<T>(`/reports/${path}`, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the member export as it streams in, telling `onProgress` the bytes received. */
export async function downloadExport(params: ReportParams, onProgress: (bytes: number) => void): Promise<void> {
  await downloadWithProgress('/reports/members/export', defined(params) as Record<string, string>, onProgress, `wartefrei-export.${params.format ?? 'xlsx'}`);
}
