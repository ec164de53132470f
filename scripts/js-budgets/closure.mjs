// What a page loads, read from Vite's manifest (`build.manifest: true`): the chunks named and
// every chunk they import statically, each once. Gzipped as the bench weighs what Chromium
// fetches (bench/run.mjs `pageJs`, level 9), so the two figures compare.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The files of the manifest entries `keys` and of everything they import statically (what the
 * browser fetches or preloads with them). A key missing from the manifest is an error: a page
 * weighed without its screen would pass any budget.
 */
export function chunkClosure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith('.js')).sort();
}

/** Bytes of a file gzipped as the bench does it. */
export const gzipBytes = (file) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Each page's gzipped JS and files, from a built web app (its `.vite/manifest.json`). */
export function weighPages(buildDir, pages) {
  const manifestFile = path.join(buildDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`no Vite manifest at ${manifestFile}: build the web app first (npm run build -w @wartefrei/web)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  return Object.fromEntries(
    Object.entries(pages).map(([name, page]) => {
      const files = chunkClosure(manifest, page.chunks);
      const bytes = files.reduce((sum, file) => sum + gzipBytes(path.join(buildDir, file)), 0);
      return [name, { bytes, files }];
    }),
  );
}

/** How far over its budget a page may go before the check fails: 5 % (issue 44 §2). */
export const BUDGET_TOLERANCE = 0.05;

/** The pages over budget + tolerance, with by how much; empty when every page is within. */
export function overBudget(weights, pages, tolerance = BUDGET_TOLERANCE) {
  return Object.entries(pages)
    .filter(([name, page]) => weights[name].bytes > page.budget_bytes * (1 + tolerance))
    .map(([name, page]) => ({ name, bytes: weights[name].bytes, budget_bytes: page.budget_bytes, ratio: Number((weights[name].bytes / page.budget_bytes).toFixed(3)) }));
}
