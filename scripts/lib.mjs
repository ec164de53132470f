// Helpers shared by the start, dev and test scripts (plain Node, no build step).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command from the repo root with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    // SIGHUP too: `npm start`'s supervisor reloads the server on it.
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    process.on('SIGHUP', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      process.off('SIGHUP', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

export const runNpm = (args, options) => run(npm, args, options);

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Builds the web app when there is no build or a source is newer than it. */
export async function buildWebIfNeeded() {
  const web = path.join(root, 'packages/web');
  const built = path.join(web, 'dist/index.html');
  const sources = ['src', 'index.html', 'vite.config.ts', 'public', '../shared/src'].map((p) => path.join(web, p));
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt > 0 && Math.max(...sources.map(newestMtime)) <= builtAt) return 0;
  console.log(builtAt ? 'web sources changed: rebuilding the web app…' : 'building the web app once…');
  return runNpm(['run', 'build', '-w', '@wartefrei/web']);
}
