import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedUser } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { givenManyPastTickets } from '../../../test/support/reports.js';
import { testDatabaseKind } from '../../../test/support/test-database.js';

/*
 * On PostgreSQL only: the stream's memory is the server's, the same on both databases, and
 * writing 100,000 rows twice more into PGlite would only make CI slower.
 *
 * 100,000 rows leave as a stream: the server's heap grows by a bounded amount while the whole
 * file goes out (held at once, the rows alone would take several times the bound), and every
 * row arrives. Read over a real socket, as a browser downloads it, without keeping the body.
 */

const ROWS = 100_000;
// 100,000 rows took 21-53 s in a CI run and 169 s once beside CI's other lanes and three busy loops: the
// bound checked is the heap's, not the time's (bench/ measures that).
const VOLUME_TIMEOUT_MS = 420_000;
const HEAP_GROWTH_BOUND = 32 * 1024 * 1024;

let t: TestApp;
let admin: LoggedUser;
let base: string;

beforeAll(async () => {
  if (testDatabaseKind === 'pglite') return;
  t = await startTestApp();
  const account = await givenAdmin(t);
  admin = account.user;
  const profileId = await givenProfile(t, account.accountId, { timeZone: 'Europe/Vienna' });
  const queueId = await givenQueue(t, account.accountId, { profileId });
  // A minute apart from 1 January: 100,000 minutes reach into March.
  await givenManyPastTickets(t, queueId, ROWS, '2026-01-01T00:00:00Z');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, VOLUME_TIMEOUT_MS);
afterAll(async () => t?.close());

// A full collection before each sample: what is measured is what the server holds, not garbage.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
const liveHeap = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

/** Downloads a file, counting bytes and line breaks, sampling the live heap as it goes. */
async function download(url: string): Promise<{ bytes: number; lines: number; heapGrowth: number }> {
  const baseline = liveHeap();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, liveHeap());
  }, 500);
  try {
    const res = await fetch(`${base}${url}`, { headers: asUser(admin) });
    expect(res.status).toBe(200);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    console.log(`${url}: ${bytes} bytes, live heap grew by at most ${((peak - baseline) / 1048576).toFixed(1)} MB`);
    return { bytes, lines, heapGrowth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

const query = 'from=2026-01-01&to=2026-03-31';

describe.skipIf(testDatabaseKind === 'pglite')(`exporting ${ROWS.toLocaleString('en')} rows`, () => {
  it('csv: every row arrives, the heap stays within its bound', { timeout: VOLUME_TIMEOUT_MS }, async () => {
    const { lines, heapGrowth } = await download(`/reports/members/export?format=csv&names=true&${query}`);
    // 8 filter lines, 6 of the earlier appointments' figures (no appointments: no no-show lines) and the column titles above the rows.
    expect(lines).toBe(ROWS + 15);
    expect(heapGrowth).toBeLessThan(HEAP_GROWTH_BOUND);
  });

  it('xlsx: the workbook streams out with the heap within its bound', { timeout: VOLUME_TIMEOUT_MS }, async () => {
    const { bytes, heapGrowth } = await download(`/reports/members/export?format=xlsx&names=true&${query}`);
    expect(bytes).toBeGreaterThan(1_000_000);
    expect(heapGrowth).toBeLessThan(HEAP_GROWTH_BOUND);
  });
});
