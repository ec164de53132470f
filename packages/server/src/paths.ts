import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this module to its package.json: the
 * same whether the server runs from its sources (src/, under tsx or vitest) or from the bundle
 * `npm start` runs (dist/main.mjs, built by build.mjs), where a path relative to this file's own
 * URL would point elsewhere.
 */
function findServerRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@wartefrei/server') return dir;
    if (path.dirname(dir) === dir) throw new Error('the server package (@wartefrei/server) is not above this module');
  }
}

export const serverRoot = findServerRoot();
/** The repository: the web app's build is found from here. */
export const repoRoot = path.resolve(serverRoot, '../..');
/** The committed migrations, applied at every start. */
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
