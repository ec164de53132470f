// The embedded database's own thread (see pglite-thread.ts, which starts it and speaks to it).
// Plain JavaScript on purpose: a worker thread loads its file with Node alone, whether the
// server runs from source under tsx, from the bundle in dist/, or inside a vitest worker.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread only');
const port = parentPort;

/** @type {{ dataDir?: string, loadDataDir?: Blob }} */
const { dataDir, loadDataDir } = workerData;
// btree_gist backs the appointments' exclusion constraint (migration 0010).
// The options form: `new PGlite(undefined, options)` drops the extensions of an in-memory database.
const pg = new PGlite({ dataDir, loadDataDir, extensions: { btree_gist } });

/** Open transactions by the caller's number: PGlite's own transaction object, and how to end it. */
const transactions = new Map();
/** Thrown inside PGlite's transaction callback to make it roll back; never reaches a caller. */
const ROLLBACK = Symbol('rollback');

/** Parsers that hand a type's text through untouched (what drizzle asks for dates and intervals). */
const identityParsers = (types) => Object.fromEntries((types ?? []).map((type) => [type, (value) => value]));

/** Starts a PGlite transaction and keeps it open until `end` says commit or roll back. */
function begin(id) {
  return new Promise((resolveBegun, rejectBegun) => {
    let begun = false;
    let end;
    const ended = new Promise((resolve) => (end = resolve));
    const finished = pg
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, finished });
        begun = true;
        resolveBegun();
        if (!(await ended)) throw ROLLBACK;
      })
      .finally(() => transactions.delete(id));
    transactions.set(id, { tx: undefined, end, finished });
    finished.catch((error) => {
      if (!begun) rejectBegun(error);
    });
  });
}

async function finish(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  open.end(commit);
  try {
    await open.finished;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

/** The one client a query goes to: the open transaction it names, else the database. */
function clientFor(tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open?.tx) throw new Error(`no open transaction ${tx}`);
  return open.tx;
}

async function handle(message) {
  switch (message.op) {
    case 'ready':
      return pg.waitReady;
    case 'query':
      return clientFor(message.tx).query(message.sql, message.params, { rowMode: message.rowMode, parsers: identityParsers(message.identityTypes) });
    case 'exec':
      return clientFor(message.tx).exec(message.sql);
    case 'begin':
      return begin(message.tx);
    case 'end':
      return finish(message.tx, message.commit);
    case 'dump':
      return pg.dumpDataDir(message.compression);
    case 'dump-between-transactions':
      // The folder as a tar, taken between two transactions: holding PGlite's transaction lock
      // while it copies the files means no transaction is half in the copy (a restore replays
      // the WAL as PostgreSQL does after a crash).
      // PGlite's start runs queries of its own under that lock: waiting for it inside would deadlock.
      await pg.waitReady;
      return pg._runExclusiveTransaction(() => pg.dumpDataDir('none'));
    case 'close':
      return pg.close();
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

/**
 * An error as plain data: its message and PostgreSQL's fields (code, constraint, detail …).
 * Only plain values cross: PGlite puts the query's options on its errors, whose parsers are
 * functions, which no message can carry.
 */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = Object.entries(error).filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value));
  return { ...Object.fromEntries(fields), name: error.name, message: error.message, stack: error.stack };
}

/** Sends an error back; one whose fields cannot be copied goes as its message alone. */
function replyError(id, error) {
  try {
    port.postMessage({ id, error: plain(error) });
  } catch {
    port.postMessage({ id, error: { name: error?.name ?? 'Error', message: error?.message ?? String(error), code: error?.code } });
  }
}

port.on('message', (message) => {
  handle(message).then(
    (value) => {
      try {
        port.postMessage({ id: message.id, value });
      } catch (error) {
        replyError(message.id, error);
      }
    },
    (error) => replyError(message.id, error),
  );
});
