import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';

/*
 * A backup of the embedded database while the server runs. The server holds `<DATA_DIR>.lock`
 * (data-dir-lock.ts), so `npm run admin -- backup` cannot open the folder itself; instead the
 * server listens on a Unix socket beside the folder and answers one request, BACKUP, with a
 * copy of its folder. The exchange, one request per connection:
 *   client → `BACKUP\n`
 *   server → `OK <bytes of the tar>\n` and the tar gzipped, then the end; or `ERROR <why>\n`.
 * The announced size lets the client tell a complete copy from one cut off mid-way.
 */

const REQUEST = 'BACKUP';
/** A client that connects and says nothing is dropped after this. */
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_LINE = 1024;

/** The longest path of a Unix socket (sun_path holds 108 bytes with its final zero). */
const MAX_SOCKET_PATH = 107;

/** The folder the socket is made in, beside the data folder like its `.lock`: only this OS user may enter it. */
export const backupSocketDir = (dataDir: string): string => `${path.resolve(dataDir)}.admin`;

/**
 * Where a server on `dataDir` answers backup requests: `<dataDir>.admin/backup.sock`.
 * Undefined where that path is too long for a Unix socket: then a backup needs the server stopped.
 */
export function backupSocketPath(dataDir: string): string | undefined {
  const socketPath = path.join(backupSocketDir(dataDir), 'backup.sock');
  return Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH ? socketPath : undefined;
}

/**
 * Makes the socket's folder with mode 0700, or takes one this user owns and closes it to others,
 * before anything listens in it. Connecting to a Unix socket needs search permission on its
 * folder, so nobody but this user (and root) ever reaches the socket, whatever its own mode: a
 * socket is created with the process's umask and only then can be chmod-ed, and in that moment
 * another local user could connect. Answers why not, or undefined when the folder is right.
 */
function prepareSocketDir(dir: string): string | undefined {
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return (error as Error).message;
  }
  // lstat: a symbolic link in its place could lead anywhere.
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory()) return `${dir} is not a folder`;
  if (process.getuid && stat.uid !== process.getuid()) return `${dir} belongs to another user`;
  // mkdir's mode is cut by the umask only, never widened; a folder left from before may be wider.
  if ((stat.mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
  return undefined;
}

/** Output buffer of the compression: a backup of the demo database gzips to about 6 MB. */
const GZIP_CHUNK = 8 * 1024 * 1024;

/**
 * The tar gzipped, in one piece, on libuv's threads. zlib hands back its output chunk by chunk,
 * one event-loop turn each, and under load every turn waits behind the requests being served
 * (when PGlite still ran on this thread, with zlib's 16 KB chunks the demo database took 35 s to
 * gzip while draws went on); with one large chunk it is a turn or two.
 */
export async function gzipTar(tar: Blob): Promise<Buffer> {
  const bytes = new Uint8Array(await tar.arrayBuffer());
  return new Promise((resolve, reject) => {
    zlib.gzip(bytes, { chunkSize: GZIP_CHUNK }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Reads one line (without its `\n`) and leaves whatever followed it in the stream. */
export function readLine(stream: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const finish = (error: Error | undefined, line?: string) => {
      stream.off('readable', onReadable).off('end', onEnd).off('close', onEnd).off('error', finish);
      if (error) reject(error);
      else resolve(line ?? '');
    };
    const onEnd = () => finish(new Error('the other side closed the channel without an answer'));
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = stream.read() as Buffer | null) !== null) {
        buffered = Buffer.concat([buffered, chunk]);
        const end = buffered.indexOf(10);
        if (end >= 0) {
          const rest = buffered.subarray(end + 1);
          if (rest.length > 0) stream.unshift(rest);
          finish(undefined, buffered.subarray(0, end).toString('utf8'));
          return;
        }
        if (buffered.length > MAX_LINE) return finish(new Error('the line is too long'));
      }
    };
    // 'close' too: a socket destroyed (timed out) never ends.
    stream.on('readable', onReadable).once('end', onEnd).once('close', onEnd).once('error', finish);
  });
}

export interface BackupChannel {
  /** Stops listening, cuts the backups still being sent, waits for copies being taken, removes the socket. */
  close(): Promise<void>;
}

/** Whether a server answers on the socket; a file nobody listens on is what a crashed server left. */
function isAnswering(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Listens on `<dataDir>.admin/backup.sock` (the folder 0700, the socket 0600: only this OS user
 * connects) for backup requests. Answers undefined, with a warning, when it cannot: the server
 * then runs on, and a backup needs it stopped.
 */
export async function openBackupChannel(options: { dataDir: string; dump: () => Promise<Blob>; log: FastifyBaseLogger }): Promise<BackupChannel | undefined> {
  const { log, dump } = options;
  const socketPath = backupSocketPath(options.dataDir);
  if (!socketPath) {
    log.warn(`backup channel: the path of ${options.dataDir} is too long for a Unix socket beside it; backups need this server stopped`);
    return undefined;
  }
  const socketDir = path.dirname(socketPath);
  const dirProblem = prepareSocketDir(socketDir);
  if (dirProblem) {
    log.warn(`backup channel: cannot use ${socketDir} for the socket (${dirProblem}); backups need this server stopped`);
    return undefined;
  }
  if (fs.existsSync(socketPath)) {
    // The caller holds the folder's lock, so no live server of this folder can be behind it.
    if (await isAnswering(socketPath)) {
      log.warn(`backup channel: ${socketPath} is answered by another process; backups need this server stopped`);
      return undefined;
    }
    fs.rmSync(socketPath, { force: true });
  }

  const connections = new Set<net.Socket>();
  const copying = new Set<Promise<unknown>>();
  const serve = async (socket: net.Socket) => {
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    const request = await readLine(socket);
    socket.setTimeout(0);
    if (request !== REQUEST) {
      socket.end('ERROR unknown request\n');
      return;
    }
    const started = performance.now();
    const copy = dump();
    copying.add(copy);
    let tar: Blob;
    try {
      tar = await copy;
    } catch (error) {
      log.warn(`backup channel: the copy failed: ${(error as Error).message}`);
      socket.end(`ERROR ${(error as Error).message.replace(/\s+/g, ' ')}\n`);
      return;
    } finally {
      copying.delete(copy);
    }
    const copied = performance.now();
    const gzipped = await gzipTar(tar);
    const compressed = performance.now();
    socket.write(`OK ${tar.size}\n`);
    socket.end(gzipped);
    await finished(socket, { readable: false });
    const ms = (from: number, to: number) => Math.round(to - from);
    log.info(
      `backup channel: sent a copy of the embedded database (${tar.size} bytes, ${gzipped.length} gzipped): ` +
        `queries waited ${ms(started, copied)} ms for the copy, gzip ${ms(copied, compressed)} ms, sending ${ms(compressed, performance.now())} ms`,
    );
  };

  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    // A client that goes away while its copy is taken must not end the server: serve() sees it.
    socket.on('error', () => undefined);
    serve(socket).catch((error: unknown) => {
      log.warn(`backup channel: a backup request failed: ${(error as Error).message}`);
      socket.destroy();
    });
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      log.warn(`backup channel: cannot listen on ${socketPath} (${error.message}); backups need this server stopped`);
      resolve(false);
    });
    server.listen(socketPath, () => resolve(true));
  });
  if (!listening) return undefined;
  server.on('error', (error) => log.warn(`backup channel: ${error.message}`));
  try {
    // The folder already keeps others out; the socket's own mode says the same to whoever looks.
    fs.chmodSync(socketPath, 0o600);
  } catch (error) {
    log.warn(`backup channel: cannot restrict ${socketPath} to this user (${(error as Error).message}); not offering backups`);
    await new Promise((resolve) => server.close(resolve));
    return undefined;
  }

  return {
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A backup cut off here is incomplete for its client, which discards it.
      for (const socket of connections) socket.destroy();
      // A copy still being taken holds PGlite's lock: let it finish before the database closes.
      await Promise.allSettled([...copying]);
      await closed;
      fs.rmSync(socketPath, { force: true });
      // Empty now, unless someone put something there: then it stays for them to see.
      try {
        fs.rmdirSync(socketDir);
      } catch {
        // not empty, or gone already
      }
    },
  };
}

/**
 * Asks the server on `dataDir` for a backup and writes it (gzipped) to `file`. Answers the size
 * of the tar inside; undefined when no server answers (no socket, or one a crashed server left).
 */
export async function requestBackup(dataDir: string, file: string): Promise<number | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (!socketPath) return undefined;
  const socket = net.connect(socketPath);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve).once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return undefined;
    throw error;
  }
  // Later errors reach readLine or the pipeline; this keeps a second one from being uncaught.
  socket.on('error', () => undefined);
  try {
    socket.write(`${REQUEST}\n`);
    const answer = await readLine(socket);
    const ok = /^OK (\d+)$/.exec(answer);
    if (!ok) throw new Error(`the server refused the backup: ${answer.replace(/^ERROR /, '')}`);
    await pipeline(socket, fs.createWriteStream(file));
    return Number(ok[1]);
  } finally {
    socket.destroy();
  }
}
