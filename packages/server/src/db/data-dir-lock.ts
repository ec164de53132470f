import fs from 'node:fs';
import path from 'node:path';

/** Whether a process with this id is running (EPERM: it runs, but as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite takes no lock on its folder, and two processes writing one folder corrupt it beyond
 * repair (the next open dies with `Aborted()`). So one process holds `<dir>.lock`; a second
 * server or `npm run admin` on the same folder is refused with a message naming the first.
 * A lock left by a process that died is taken over, and its stale `postmaster.pid` (which also
 * makes PGlite abort) is removed. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  const mine = String(process.pid);
  try {
    fs.writeFileSync(lockPath, mine, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder} (another wartefrei server or admin command). ` +
          'Stop that process first, or use DATABASE_URL when several processes need the database.',
        { cause: error },
      );
    }
    // Reported upstream: a postmaster.pid left by a crash can make the next open abort.
    fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
    fs.writeFileSync(lockPath, mine);
  }
  const release = () => {
    try {
      if (fs.readFileSync(lockPath, 'utf8').trim() === mine) fs.rmSync(lockPath, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return release;
}
