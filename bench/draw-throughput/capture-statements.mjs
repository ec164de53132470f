// Prints the SQL statements one public online draw runs on PostgreSQL, as the server sends
// them: a throwaway database with log_statement = 'all', one draw, the new lines of the
// PostgreSQL log for that database. This is how the raw baseline in replay.mjs was derived;
// rerun it after changing the draw path to see whether the baseline still matches.
//   node bench/draw-throughput/capture-statements.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drawDemoTicket } from '../demo-queue.mjs';
import { freshPostgres, startServer } from '../lib/server.mjs';

const LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

const database = await freshPostgres();
const dbName = new URL(database.url).pathname.slice(1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-capture-'));
let server;
try {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`ALTER DATABASE ${dbName} SET log_statement = 'all'`);
  await admin.end();
  server = await startServer(dataDir, database.url);
  await drawDemoTicket(server.base); // opens the queue if needed; warms every path once
  await new Promise((r) => setTimeout(r, 300));
  const from = fs.statSync(LOG).size;
  await drawDemoTicket(server.base);
  await new Promise((r) => setTimeout(r, 500));
  const fd = fs.openSync(LOG, 'r');
  const buffer = Buffer.alloc(fs.statSync(LOG).size - from);
  fs.readSync(fd, buffer, 0, buffer.length, from);
  fs.closeSync(fd);
  // A statement may span lines; keep the continuation lines of our database's entries.
  let ours = false;
  for (const line of buffer.toString('utf8').split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) ours = line.includes(`@${dbName} `);
    if (ours) console.log(line);
  }
} finally {
  await server?.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
