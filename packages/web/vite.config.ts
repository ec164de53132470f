import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      ...Object.fromEntries(API_PATHS.map((p) => [p, { target: apiTarget, bypass: keepPageNavigations }])),
      // The live socket of the patient screens and the work view.
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
