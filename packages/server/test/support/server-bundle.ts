import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../build.mjs';
import { isAlive } from '../../src/db/data-dir-lock.js';
import { serverRoot } from '../../src/paths.js';

/*
 * The server and the admin command as `npm start` and `npm run admin` run them: bundled from
 * this checkout's sources (build.mjs), once per test process, into a folder of its own inside
 * the package (the bundle finds node_modules and the migrations from there) — parallel test
 * processes never write each other's files, and a bundle of other sources is never used.
 * Under tsx each start compiled the server anew: 2.7 s of CPU per process a test spawned.
 */
let built: Promise<{ main: string; supervisor: string; admin: string }> | undefined;
const distDir = path.join(serverRoot, 'dist');

/** Removes the bundles of test processes that are gone: vitest ends its workers without 'exit'. */
function removeOrphans(): void {
  if (!fs.existsSync(distDir)) return;
  for (const name of fs.readdirSync(distDir)) {
    const pid = /^test-(\d+)-/.exec(name)?.[1];
    if (pid && !isAlive(Number(pid))) fs.rmSync(path.join(distDir, name), { recursive: true, force: true });
  }
}

export function serverBundle(): Promise<{ main: string; supervisor: string; admin: string }> {
  return (built ??= (async () => {
    removeOrphans();
    const outdir = path.join(distDir, `test-${process.pid}-${randomBytes(3).toString('hex')}`);
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    return buildServer({ outdir });
  })());
}
