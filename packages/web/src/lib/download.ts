import { apiResponse } from './api';

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function fileNameOf(header: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;
}

/** Hands a fetched file to the browser as a download under its name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A staff export's answer, its body still to be read; a failed one throws. Through the API
 * client, so an expired session is renewed like for every other call (the screen shows the
 * failure itself: silent).
 */
export async function fetchExport(path: string, query: Record<string, string>): Promise<Response & { body: ReadableStream<Uint8Array> }> {
  const response = await apiResponse(path, { query, silent: true });
  if (!response.body) throw new Error(`HTTP ${response.status}`);
  return response as Response & { body: ReadableStream<Uint8Array> };
}

/**
 * Downloads a staff export as it streams in, telling `onProgress` the bytes received, and hands
 * the file to the browser under the server's file name (`fallback` when it sends none).
 */
export async function downloadWithProgress(path: string, query: Record<string, string>, onProgress: (bytes: number) => void, fallback: string): Promise<void> {
  const response = await fetchExport(path, query);
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
  saveBlob(blob, fileNameOf(response.headers.get('content-disposition'), fallback));
}
