import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/*
 * The embedded database (PGlite) in a thread of its own. PGlite runs PostgreSQL as synchronous
 * WebAssembly: on the server's thread, at 50 concurrent draws it took two thirds of that one
 * thread, and HTTP requests queued behind its queries for seconds (issue 23: p99 2.7 s, idle 0 %).
 * In its own thread it works while this one parses, answers and fans out: the two cores both work.
 *
 * This client offers what drizzle's PGlite driver calls on a PGlite instance (query, exec,
 * transaction) and what our backups call; every call is one message to pglite-worker.mjs.
 * Concurrency stays PGlite's own: its locks in the thread order queries and transactions as they
 * did in-process, so a query on the database inside a transaction still waits for it to end.
 */

/** A client of the database or of one open transaction: what drizzle's queries go through. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** Checks a parser hands its text through: only such parsers (drizzle's) can cross to the thread. */
function identityTypes(options: QueryOptions | undefined): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([type, parse]: [string, (text: string, type: number) => unknown]) => {
    if (parse('\u0000probe', Number(type)) !== '\u0000probe') throw new Error(`only pass-through parsers reach the database thread (type ${type})`);
    return Number(type);
  });
}

/** An error the thread sent as plain data, with PostgreSQL's fields (code, constraint …) on it again. */
function revive(data: { name?: string; message: string } & Record<string, unknown>): Error {
  return Object.assign(new Error(data.message), data);
}

export class PgliteThread implements PgliteQueries {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTransaction = 1;
  #stopped: Error | undefined;

  private constructor(options: { dataDir?: string | undefined; loadDataDir?: Blob | undefined }) {
    // The file is plain JavaScript and needs none of the process's own flags (a loader, --eval's
    // --input-type): inherited, some of them stop the thread before it starts.
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: options, execArgv: [] });
    // Referenced only while a call waits: an idle database keeps no process alive by itself.
    this.#worker.unref();
    this.#worker.on('message', (reply: { id: number; value?: unknown; error?: { message: string } }) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (reply.error) pending.reject(revive(reply.error));
      else pending.resolve(reply.value);
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      for (const pending of this.#pending.values()) pending.reject(this.#stopped);
      this.#pending.clear();
    };
    this.#worker.on('error', (error) => stop(new Error(`the embedded database stopped: ${error.message}`, { cause: error })));
    this.#worker.on('exit', (code) => stop(new Error(`the embedded database stopped (thread exit ${code})`)));
  }

  /** Starts the thread and waits until PGlite opened the folder (or the dump, or an empty database). */
  static async open(options: { dataDir?: string | undefined; loadDataDir?: Blob | undefined }): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    try {
      await thread.#call({ op: 'ready' });
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #queries(tx: number | undefined): PgliteQueries {
    return {
      query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#call<Results<T>>({ op: 'query', tx, sql, params, rowMode: options?.rowMode, identityTypes: identityTypes(options) }),
      exec: (sql: string) => this.#call<Results[]>({ op: 'exec', tx, sql }),
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#queries(undefined).query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#queries(undefined).exec(sql);
  }

  /** Commits when `run` resolves, rolls back when it throws (and throws that again), as PGlite's own. */
  async transaction<T>(run: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const tx = this.#nextTransaction++;
    await this.#call({ op: 'begin', tx });
    let result: T;
    try {
      result = await run(this.#queries(tx));
    } catch (error) {
      // The caller's error is the one to see; a rollback that fails too adds nothing to it.
      await this.#call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /** The folder (or the in-memory database) as a tar, as PGlite's `dumpDataDir`. */
  dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    return this.#call<Blob>({ op: 'dump', compression });
  }

  /** An uncompressed tar taken between two transactions: a consistent backup of a running database. */
  dumpBetweenTransactions(): Promise<Blob> {
    return this.#call<Blob>({ op: 'dump-between-transactions' });
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#call({ op: 'close' });
    await this.#worker.terminate();
  }
}
