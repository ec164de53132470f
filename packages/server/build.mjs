// The server as `npm start` runs it: our TypeScript (server and shared) bundled by esbuild into
// dist/main.mjs, the packages of node_modules loaded as they are. Started under tsx, the server
// compiled hundreds of modules on every start (2.3–4.5 s before it listened, issue 23's restart
// storm); the bundle starts in about 1.3 s. esbuild because tsx already compiles with it: the
// same transform, one file, about 0.2 s to build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
export const serverBundle = path.join(serverRoot, 'dist/main.mjs');

/** Packages stay in node_modules (PGlite finds its WebAssembly beside itself); our own are bundled. */
const packagesStayOutside = {
  name: 'packages-stay-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@wartefrei/') ? undefined : { path: args.path, external: true }));
  },
};

/** Builds dist/main.mjs and, beside it, the embedded database's thread (pglite-worker.mjs). */
export async function buildServer() {
  fs.rmSync(path.join(serverRoot, 'dist'), { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { main: path.join(serverRoot, 'src/main.ts'), 'pglite-worker': path.join(serverRoot, 'src/db/pglite-worker.mjs') },
    outdir: path.join(serverRoot, 'dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [packagesStayOutside],
    // Stack traces in the log name our source files and lines (node --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return serverBundle;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(`built ${path.relative(process.cwd(), serverBundle)} in ${Math.round(performance.now() - started)} ms`);
}
