import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './errors.js';
import { admittingBootScript, compressedFor, firstViews } from '../modules/first-view/index.js';

/**
 * The hash of the built web app. index.html names every hashed asset, so its hash changes
 * exactly when a new build is deployed; clients compare it and offer a reload.
 */
export function computeVersionHash(webDistDir: string): string {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return 'no-web-build';
  return createHash('sha256').update(fs.readFileSync(indexFile)).digest('hex').slice(0, 16);
}

/**
 * The build's hash as it is now: read again whenever index.html changes (its size or time), so a
 * build copied under a running server — whose static files are served as they are now — is
 * announced like one that came with a restart. Kiosks, monitors and open ticket pages reload on it.
 */
export function webBuildVersion(webDistDir: string): () => string {
  const indexFile = path.join(webDistDir, 'index.html');
  let seen: { mtimeMs: number; size: number; hash: string } | undefined;
  return () => {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return 'no-web-build';
    if (!seen || seen.mtimeMs !== stat.mtimeMs || seen.size !== stat.size) seen = { mtimeMs: stat.mtimeMs, size: stat.size, hash: computeVersionHash(webDistDir) };
    return seen.hash;
  };
}

function wantsHtml(accept: string | undefined): boolean {
  return (accept ?? '').includes('text/html');
}

/**
 * `/embed/…` is made to sit in an iframe on a practice's own website (docs/product.md#screens-and-routes): any site may
 * frame it. Every other page keeps helmet's "same origin only" against clickjacking.
 */
function allowFramingAnywhere(reply: FastifyReply): void {
  reply.removeHeader('x-frame-options');
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
}

/**
 * Serves the built web app. Any other GET from a browser gets index.html (client-side routes) —
 * the ticket, draw and booking pages with their first view rendered in (modules/first-view);
 * API clients get the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = fs.existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Serve what is in dist now, not a list taken at start: a rebuild's new assets must load.
      wildcard: true,
      // The build writes .br and .gz beside each asset (vite.config.ts): a phone on a slow line
      // gets the ticket page's JS at a third of its size, with no compression work per request.
      preCompressed: true,
      // Dot folders of the build are the server's (.ssr: the first-view module; .vite: the manifest).
      allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name: cache those forever, never the page.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`no web build in ${webDistDir}; run "npm run build" to serve the web app`);
  }
  const firstView = firstViews(app, webDistDir, webBuildVersion(webDistDir));
  app.setNotFoundHandler(async (req, reply) => {
    if (hasBuild && (req.method === 'GET' || req.method === 'HEAD') && wantsHtml(req.headers.accept)) {
      if (req.url.startsWith('/embed/')) allowFramingAnywhere(reply);
      const page = await firstView(req);
      if (page) {
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp === 'string') reply.header('content-security-policy', admittingBootScript(csp));
        const { body, encoding } = await compressedFor(req.headers['accept-encoding'], page.html);
        if (encoding) reply.header('content-encoding', encoding);
        return reply.status(page.status).header('cache-control', page.cacheControl).header('vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8').send(body);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('NOT_FOUND');
  });
}
