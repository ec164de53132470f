import { promisify } from 'node:util';
import zlib from 'node:zlib';

/*
 * A first view is made per request (a ticket's page is no-store), so it cannot be compressed
 * ahead like the build's assets. Uncompressed, the booking page's HTML (its month of free times
 * as JSON) is 58 KB — 0.3 s on a slow 4G line before the times show; brotli at a fast level makes
 * it about a tenth for well under a millisecond of the server's time.
 */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface Compressed {
  body: Buffer;
  /** The Content-Encoding; undefined when the client takes neither. */
  encoding?: 'br' | 'gzip';
}

/** Whether an Accept-Encoding header admits `coding` (a q=0 refuses it). */
function accepts(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The page in the best coding the client accepts: brotli, else gzip, else as it is. */
export async function compressedFor(acceptEncoding: string | undefined, html: string): Promise<Compressed> {
  const header = acceptEncoding ?? '';
  const body = Buffer.from(html);
  if (accepts(header, 'br'))
    return { body: await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }), encoding: 'br' };
  if (accepts(header, 'gzip')) return { body: await gzip(body, { level: 6 }), encoding: 'gzip' };
  return { body };
}
