import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildFirstViewModule } from './first-view-build';

// The API lives on the Fastify server; in development Vite forwards these paths to it.
const API_PATHS = [
  '/auth',
  '/signup',
  '/verify',
  '/password-reset',
  '/accounts',
  '/countries',
  '/system-information',
  '/docs',
  '/credentials',
  '/users',
  '/profiles',
  '/queues',
  '/members',
  '/call-next',
  '/processors',
  '/info-tags',
  '/monitors',
  '/routes',
];
const apiTarget = 'http://localhost:3000';

/**
 * A page the browser navigates to stays with Vite even under an API prefix — the links in the
 * mails (/verify?token=…) are app pages — except the API documentation, which the server renders.
 */
function keepPageNavigations(req: IncomingMessage): string | undefined {
  const isPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
  return isPage && !req.url?.startsWith('/docs') ? req.url : undefined;
}

/**
 * Writes a Brotli and a gzip copy beside every text asset of the build; the server hands them
 * out as they are (`preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wartefrei-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          // Dot folders (the manifest, the server's first-view module) are never sent to a browser.
          .filter((entry) => !entry.name.startsWith('.'))
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json|webmanifest)$/.test(f))) {
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The patient pages' first view, built right after the browser's build into `<outDir>/.ssr/` (a
 * dot folder the static files never serve), so one `vite build` — with any `--outDir` — makes both.
 */
function firstViewModule(): Plugin {
  let outDir = '';
  return {
    name: 'wartefrei-first-view-module',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => buildFirstViewModule(outDir),
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress(), firstViewModule()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry and dynamic import pulls in. The JS budget test
    // (scripts/js-budgets) weighs each patient page from it, and the server reads which CSS each
    // patient screen needs to inline it into the first view.
    manifest: true,
    // Two chunks are larger: exceljs (932 kB, 258 kB gzipped), fetched only by an admin exporting
    // names while the practice encrypts (features/reporting/sealed-export.ts), and the passphrase
    // strength estimator with its German, English and common dictionaries (2.5 MB, 1.2 MB gzipped),
    // fetched only while a user types or generates a new passphrase (features/encryption/strength.ts).
    // The limit sits just above the estimator; a chunk that outgrows it warns.
    chunkSizeWarningLimit: 2_500,
  },
  server: {
    proxy: {
      ...Object.fromEntries(API_PATHS.map((p) => [p, { target: apiTarget, bypass: keepPageNavigations }])),
      // The live socket of the patient screens and the work view.
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
