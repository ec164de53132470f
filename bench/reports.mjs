// Reports on a year of a large group (issue 19 §5), on PostgreSQL through the real server: the
// summary of a month (target p95 ≤ 300 ms) beside a plain COUNT(*) over the same rows, and the
// export of about 100,000 rows (target: first bytes ≤ 1 s) with the server's memory sampled
// while it streams. The plan of the summary is written beside the figures
// (bench/results/reports-explain.txt), from `npm run admin -- explain-report`.
// Run on its own: `node bench/reports.mjs` (BENCH_DATABASE_URL for another PostgreSQL,
// BENCH_REPORT_TICKETS for a smaller year).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { staffHeaders } from './demo-queue.mjs';
import { freshPostgres, root, startServer, timed } from './lib/server.mjs';
import { LISTS_PER_LOCATION, LOCATIONS, TICKETS, seedLargeGroup } from './reports-data.mjs';

const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 40);
const SUMMARY_TARGET_P95_MS = 300;
const EXPORT_FIRST_BYTES_TARGET_MS = 1000;
const MEMBERS_FIRST_PAGE_TARGET_P95_MS = 100;
/** The month measured, and the export's 18 days (about 100,000 rows at 2,000,000 a year). */
const MONTH = { from: '2026-10-01', to: '2026-10-31' };
const EXPORT = { from: '2026-10-01', to: '2026-10-18' };


const ms = (value) => Number(value.toFixed(1));

async function fetchOk(url, headers) {
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${Buffer.from(body).toString()}`);
  return body;
}

/** The server's resident memory in bytes, from /proc (Linux). */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Streams the export to its end without keeping it: first bytes, total, size, line count, peak RSS above the start. */
async function streamExport(url, headers, pid) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  try {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    let first;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      first ??= performance.now() - t0;
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    return { first, total: performance.now() - t0, bytes, lines, rssGrowth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

export async function reportsBench() {
  const database = await freshPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-bench-reports-'));
  const client = new pg.Client({ connectionString: database.url });
  let server;
  try {
    server = await startServer(dataDir, database.url);
    const headers = await staffHeaders(server.base);
    await client.connect();
    const { rows } = await client.query(`SELECT id FROM accounts WHERE identifier = 'praxis-demo'`);
    const accountId = rows[0].id;
    const t0 = performance.now();
    const profileId = await seedLargeGroup(client, accountId);
    const seedSeconds = (performance.now() - t0) / 1000;
    const query = (range, extra = {}) => new URLSearchParams({ ...range, ...extra }).toString();

    const summaryUrl = `${server.base}/reports/summary?${query(MONTH)}`;
    await fetchOk(summaryUrl, headers);
    const summary = await timed(RUNS, () => fetchOk(summaryUrl, headers));
    const oneLocation = await timed(RUNS, () => fetchOk(`${server.base}/reports/summary?${query(MONTH, { profile_id: profileId })}`, headers));
    const timeseries = await timed(Math.ceil(RUNS / 4), () => fetchOk(`${server.base}/reports/timeseries?${query(MONTH, { bucket: 'day' })}`, headers));
    const heatmap = await timed(Math.ceil(RUNS / 4), () => fetchOk(`${server.base}/reports/heatmap?${query(MONTH)}`, headers));
    // The member analysis's first page as the screen asks it: paged by key, the total in a request of its own.
    const members = await timed(Math.ceil(RUNS / 4), () => fetchOk(`${server.base}/reports/members?${query(MONTH, { count: 'false' })}`, headers));
    // The rows the month's summary reads (its period and the one before), counted plainly.
    const plain = await timed(RUNS, () =>
      client.query(`SELECT count(*) FROM queue_members WHERE account_id = $1 AND created_at >= $2::date - 31 AND created_at < $3::date + 1`, [accountId, MONTH.from, MONTH.to]),
    );
    const summaryBody = JSON.parse(Buffer.from(await fetchOk(summaryUrl, headers)).toString());

    const csv = await streamExport(`${server.base}/reports/members/export?${query(EXPORT, { format: 'csv' })}`, headers, server.pid);
    const xlsx = await streamExport(`${server.base}/reports/members/export?${query(EXPORT, { format: 'xlsx' })}`, headers, server.pid);

    const explain = spawnSync('npm', ['run', '-s', 'admin', '--', 'explain-report', 'praxis-demo', MONTH.from, MONTH.to], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: 'utf8',
    });
    if (explain.status === 0) fs.writeFileSync(path.join(root, 'bench/results/reports-explain.txt'), explain.stdout);
    else console.warn(`explain-report failed: ${explain.stderr}`);

    const figures = {
      reports_group_tickets: TICKETS,
      reports_group_locations: LOCATIONS,
      reports_group_lists: LOCATIONS * LISTS_PER_LOCATION,
      reports_seed_s: Number(seedSeconds.toFixed(0)),
      reports_month_tickets: summaryBody.current.drawn,
      reports_summary_month_p50_ms: ms(summary.p50),
      reports_summary_month_p95_ms: ms(summary.p95),
      reports_summary_month_one_location_p95_ms: ms(oneLocation.p95),
      reports_count_star_same_rows_p95_ms: ms(plain.p95),
      reports_timeseries_month_p95_ms: ms(timeseries.p95),
      reports_heatmap_month_p95_ms: ms(heatmap.p95),
      reports_members_first_page_month_p95_ms: ms(members.p95),
      reports_export_rows: csv.lines - 9,
      reports_export_csv_first_bytes_ms: ms(csv.first),
      reports_export_csv_total_ms: ms(csv.total),
      reports_export_csv_bytes: csv.bytes,
      reports_export_csv_server_rss_growth_mb: Number((csv.rssGrowth / 1048576).toFixed(1)),
      reports_export_xlsx_first_bytes_ms: ms(xlsx.first),
      reports_export_xlsx_total_ms: ms(xlsx.total),
      reports_export_xlsx_bytes: xlsx.bytes,
      reports_export_xlsx_server_rss_growth_mb: Number((xlsx.rssGrowth / 1048576).toFixed(1)),
    };
    return {
      figures,
      targets: {
        [`reports_summary_month_p95_ms ≤ ${SUMMARY_TARGET_P95_MS}`]: summary.p95 <= SUMMARY_TARGET_P95_MS,
        [`reports_members_first_page_month_p95_ms ≤ ${MEMBERS_FIRST_PAGE_TARGET_P95_MS}`]: members.p95 <= MEMBERS_FIRST_PAGE_TARGET_P95_MS,
        [`reports_export_xlsx_first_bytes_ms ≤ ${EXPORT_FIRST_BYTES_TARGET_MS}`]: xlsx.first <= EXPORT_FIRST_BYTES_TARGET_MS,
        [`reports_export_csv_first_bytes_ms ≤ ${EXPORT_FIRST_BYTES_TARGET_MS}`]: csv.first <= EXPORT_FIRST_BYTES_TARGET_MS,
      },
    };
  } finally {
    await client.end().catch(() => undefined);
    await server?.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await reportsBench();
  console.table(result.figures);
  console.table(result.targets);
}
