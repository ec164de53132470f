/**
 * `npm run admin -- backup <file>` and `npm run admin -- restore <file>`: a copy of the embedded
 * database (PGlite, DATA_DIR) as a gzipped tar, taken whether the server runs or not, and the way
 * back into an empty or new folder. PostgreSQL (DATABASE_URL) has pg_dump and pg_restore.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { loadConfig } from '../config.js';
import { gzipTar, requestBackup } from '../db/backup-channel.js';
import { connectDatabase } from '../db/connect.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { PgliteThread } from '../db/pglite-thread.js';

const POSTGRES_BACKUP = `With DATABASE_URL set the data lives in PostgreSQL: back it up with PostgreSQL's own tools (docs/operations.md, "Backups"):
  pg_dump --format=custom --file=wartefrei.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" wartefrei.dump`;

/** The one file argument, resolved where `npm run admin` was typed (npm runs the script elsewhere). */
function fileArgument(argv: string[]): string | undefined {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  if (positionals.length !== 1 || !positionals[0]) return undefined;
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
}

const sizeText = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Opens PGlite, uses it, closes it; the first error wins (a database that never opened fails its close too). */
async function withPglite<T>(options: { dataDir: string; loadDataDir?: Blob }, use: (client: PgliteThread) => Promise<T>): Promise<T> {
  const client = await PgliteThread.open(options);
  let result: T | undefined;
  let failure: { error: unknown } | undefined;
  try {
    result = await use(client);
  } catch (error) {
    failure = { error };
  }
  await client.close().catch((error: unknown) => {
    failure ??= { error };
  });
  if (failure) throw failure.error;
  return result as T;
}

/** No server runs on the folder: open it here (taking its lock, so none starts meanwhile) and copy it. */
async function backupStoppedFolder(dataDir: string, file: string): Promise<number> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no embedded database (DATA_DIR)`);
  const release = lockDataDir(dataDir);
  try {
    // Opened without migrating: a backup copies the folder as it is.
    const tar = await withPglite({ dataDir }, (client) => client.dumpBetweenTransactions());
    fs.writeFileSync(file, await gzipTar(tar));
    return tar.size;
  } finally {
    release();
  }
}

/** The size of the gzipped tar's content, read back from disk: a file cut short fails here. */
async function unpackedSize(file: string): Promise<number> {
  let bytes = 0;
  await pipeline(fs.createReadStream(file), zlib.createGunzip(), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) bytes += chunk.length;
  });
  return bytes;
}

/** Writes a backup of DATA_DIR to the file, from the running server or, when none runs, directly. */
export async function backup(argv: string[], usage: string): Promise<number> {
  const target = fileArgument(argv);
  if (!target) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(`backup copies the embedded database only. ${POSTGRES_BACKUP}`);
    return 1;
  }
  const started = performance.now();
  // Written beside the target and renamed once complete: a backup cut short never looks whole.
  const partial = `${target}.partial-${process.pid}`;
  let source = 'from the running server';
  try {
    let tarBytes = await requestBackup(config.dataDir, partial);
    if (tarBytes === undefined) {
      // No server answers: none runs on the folder (one that does but cannot be asked holds the lock, and says so).
      source = 'directly (no server running)';
      tarBytes = await backupStoppedFolder(config.dataDir, partial);
    }
    const unpacked = await unpackedSize(partial);
    if (unpacked !== tarBytes) throw new Error(`the copy is incomplete (${unpacked} of ${tarBytes} bytes)`);
    const handle = await fs.promises.open(partial, 'r');
    await handle.sync();
    await handle.close();
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    console.error(`backup failed: ${(error as Error).message}`);
    return 1;
  }
  const ms = Math.round(performance.now() - started);
  console.log(`backup of ${config.dataDir} ${source}: ${target} (${sizeText(fs.statSync(target).size)}) in ${ms} ms`);
  return 0;
}

/** Unpacks the backup into the empty folder and checks that it holds a wartefrei database. */
async function unpack(file: string, dataDir: string): Promise<void> {
  const bytes = fs.readFileSync(file);
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  // PGlite unzips a tarball only when its type says gzip.
  const tarball = new Blob([bytes], { type: gzipped ? 'application/gzip' : 'application/x-tar' });
  await withPglite({ dataDir, loadDataDir: tarball }, async (client) => {
    const { rows } = await client.query<{ migrated: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated");
    if (!rows[0]?.migrated) throw new Error(`${file} holds a database, but not one of wartefrei`);
  });
}

/** Restores a backup into DATA_DIR, which must be empty or absent, and migrates it to this version. */
export async function restore(argv: string[], usage: string): Promise<number> {
  const file = fileArgument(argv);
  if (!file) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(`restore fills the embedded database only. ${POSTGRES_BACKUP}`);
    return 1;
  }
  const dataDir = config.dataDir;
  if (!fs.existsSync(file)) {
    console.error(`restore failed: ${file} does not exist`);
    return 1;
  }
  let release: () => void;
  try {
    fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    // A server on the folder holds this lock: refused with a message naming its process.
    release = lockDataDir(dataDir);
  } catch (error) {
    console.error(`restore refused: ${(error as Error).message}`);
    return 1;
  }
  const started = performance.now();
  const existed = fs.existsSync(dataDir);
  try {
    if (existed && (!fs.statSync(dataDir).isDirectory() || fs.readdirSync(dataDir).length > 0)) {
      console.error(`restore refused: ${dataDir} (DATA_DIR) is not empty. Restore into a new or empty folder; move the old one aside first.`);
      return 1;
    }
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      await unpack(file, dataDir);
      // A backup of an older version is brought up to this one, as the server would at its start.
      const database = await connectDatabase({ dataDir });
      await database.close();
    } catch (error) {
      // Leave the folder as found, so that the next attempt is not refused as not empty.
      if (existed) for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
      else fs.rmSync(dataDir, { recursive: true, force: true });
      console.error(`restore failed: ${(error as Error).message}`);
      return 1;
    }
  } finally {
    release();
  }
  console.log(`restored ${file} into ${dataDir} in ${Math.round(performance.now() - started)} ms; start the server on it (DATA_DIR).`);
  return 0;
}
