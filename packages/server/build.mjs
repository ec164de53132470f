// The server as `npm start` and `npm run admin` run it: our TypeScript (server and shared)
// bundled by esbuild into dist/, the packages of node_modules loaded as they are. Started under
// tsx, the server compiled hundreds of modules on every start (2.3–4.5 s before it listened,
// issue 23's restart storm) and every admin command took 2.7 s; the bundle starts in about
// 1.3 s. esbuild because tsx already compiles with it: the same transform, about 0.3 s to build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const defaultOutdir = path.join(serverRoot, 'dist');

/** Packages stay in node_modules (PGlite finds its WebAssembly beside itself); our own are bundled. */
const packagesStayOutside = {
  name: 'packages-stay-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@wartefrei/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Builds main.mjs (the server), supervisor.mjs (what `npm start` runs: it holds the port and
 * runs main.mjs, see src/supervisor.ts), admin.mjs (`npm run admin`) and, beside them, the embedded
 * database's thread (pglite-worker.mjs) into `outdir`, which must lie inside this package (the
 * bundle finds node_modules and its migrations from there). Each file is written aside and
 * renamed: a process starting from the folder meanwhile never reads half a file.
 */
export async function buildServer({ outdir = defaultOutdir } = {}) {
  const result = await esbuild.build({
    entryPoints: {
      main: path.join(serverRoot, 'src/main.ts'),
      supervisor: path.join(serverRoot, 'src/supervisor.ts'),
      admin: path.join(serverRoot, 'src/cli/admin.ts'),
      'pglite-worker': path.join(serverRoot, 'src/db/pglite-worker.mjs'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [packagesStayOutside],
    // Stack traces in the log name our source files and lines (node --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  fs.mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const aside = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(aside, file.contents);
    fs.renameSync(aside, file.path);
  }
  return { main: path.join(outdir, 'main.mjs'), supervisor: path.join(outdir, 'supervisor.mjs'), admin: path.join(outdir, 'admin.mjs') };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { main, admin } = await buildServer();
  // Quiet before `npm run admin`, whose output scripts read.
  if (!process.argv.includes('--quiet')) console.log(`built ${path.relative(process.cwd(), main)} and ${path.basename(admin)} in ${Math.round(performance.now() - started)} ms`);
}
