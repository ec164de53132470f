import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, basicAuth } from '../../lib/api';
import { getUser } from '../../lib/session';
import { currentLanguage } from '../../i18n';
import { fileNameOf, saveBlob } from '../../lib/download';

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

/**
 * Downloads the member export as it streams in, telling `onProgress` the bytes received, and
 * hands the file to the browser under the server's file name.
 */
export async function downloadExport(params: ReportParams, onProgress: (bytes: number) => void): Promise<void> {
  const user = getUser();
  const url = new URL('/reports/members/export', window.location.origin);
  for (const [key, value] of Object.entries(defined(params))) url.searchParams.set(key, value!);
  const response = await fetch(url, { headers: { 'accept-language': currentLanguage(), ...(user && { authorization: basicAuth(user.id, user.token) }) } });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  saveBlob(blob, fileNameOf(response.headers.get('content-disposition'), `wartefrei-export.${params.format ?? 'xlsx'}`));
}
