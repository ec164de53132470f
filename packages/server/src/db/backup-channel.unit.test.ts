import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { backupSocketPath, openBackupChannel, requestBackup, type BackupChannel } from './backup-channel.js';

/*
 * The backup socket hands a copy of the whole database to whoever connects: no other local user
 * may, not even in the moment between the socket's creation (with the process's umask) and its
 * chmod. The socket lives in a folder of mode 0700, made before anything listens in it.
 */

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

const roots: string[] = [];
const channels: BackupChannel[] = [];
const warnings: string[] = [];
const log = { warn: (message: string) => warnings.push(message), info: () => undefined } as unknown as FastifyBaseLogger;
const dump = () => Promise.resolve(new Blob(['a copy of the database']));

/** A data folder's place in a folder every user may pass through, as /var/lib is. */
function givenDataDir(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-backup-socket-'));
  roots.push(root);
  fs.chmodSync(root, 0o755);
  return path.join(root, 'data');
}

async function open(dataDir: string): Promise<BackupChannel | undefined> {
  const channel = await openBackupChannel({ dataDir, dump, log });
  if (channel) channels.push(channel);
  return channel;
}

/** Connects to the socket as another OS user; answers `connected` or the error's code. */
async function connectAs(uid: number, socketPath: string): Promise<string> {
  const script = `const s = require('node:net').connect(process.argv[1]); s.on('connect', () => { console.log('connected'); s.destroy(); }); s.on('error', (e) => console.log(e.code));`;
  const { stdout } = await run(process.execPath, ['-e', script, socketPath], { uid, gid: uid, cwd: '/' });
  return stdout.trim();
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

afterEach(async () => {
  for (const channel of channels.splice(0)) await channel.close();
  warnings.length = 0;
});
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

describe('the backup socket', () => {
  it('is made in a folder only this user may enter (0700), itself 0600, whatever the umask', async () => {
    const dataDir = givenDataDir();
    // The widest umask: a socket is then created 0777, and mkdir's mode is all that limits the folder.
    const umask = process.umask(0);
    try {
      expect(await open(dataDir)).toBeDefined();
    } finally {
      process.umask(umask);
    }
    const socketPath = backupSocketPath(dataDir)!;
    expect(socketPath).toBe(`${dataDir}.admin/backup.sock`);
    expect(fs.statSync(socketPath).isSocket()).toBe(true);
    expect(modeOf(path.dirname(socketPath))).toBe(0o700);
    expect(fs.statSync(path.dirname(socketPath)).uid).toBe(process.getuid?.());
    expect(modeOf(socketPath)).toBe(0o600);

    // Still a working channel; closing takes the socket and its folder away.
    const file = path.join(path.dirname(dataDir), 'copy.tar.gz');
    expect(await requestBackup(dataDir, file)).toBe('a copy of the database'.length);
    await channels.pop()!.close();
    expect(fs.existsSync(path.dirname(socketPath))).toBe(false);
  });

  it.runIf(isRoot)('cannot be reached by another user even with the socket open to all, as it is before its chmod', async () => {
    const dataDir = givenDataDir();
    await open(dataDir);
    const socketPath = backupSocketPath(dataDir)!;
    // The moment between creation and chmod, held open: the folder alone must keep others out.
    fs.chmodSync(socketPath, 0o777);
    expect(await connectAs(NOBODY, socketPath)).toBe('EACCES');
    expect(await connectAs(0, socketPath)).toBe('connected');
  });

  it('closes a folder left wider than 0700 before it listens in it', async () => {
    const dataDir = givenDataDir();
    fs.mkdirSync(`${dataDir}.admin`, { mode: 0o777 });
    fs.chmodSync(`${dataDir}.admin`, 0o777);
    expect(await open(dataDir)).toBeDefined();
    expect(modeOf(`${dataDir}.admin`)).toBe(0o700);
  });

  it.runIf(isRoot)('refuses a folder of another user, or a link in its place, and offers no backups then', async () => {
    const dataDir = givenDataDir();
    fs.mkdirSync(`${dataDir}.admin`, { mode: 0o700 });
    fs.chownSync(`${dataDir}.admin`, NOBODY, NOBODY);
    expect(await open(dataDir)).toBeUndefined();
    expect(warnings.join('\n')).toContain('belongs to another user');
    expect(fs.readdirSync(`${dataDir}.admin`)).toEqual([]);

    const linked = givenDataDir();
    fs.symlinkSync(path.dirname(linked), `${linked}.admin`);
    expect(await open(linked)).toBeUndefined();
    expect(warnings.join('\n')).toContain('is not a folder');
  });
});
