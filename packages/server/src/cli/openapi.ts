// `npm run openapi`: writes the API's OpenAPI document to docs/openapi.json. The document is
// generated from the zod schemas of the routes; committing it lets a reviewer see every change
// of the contract in the diff, and a test fails when the committed copy is stale.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { OPENAPI_FILE, openApiText } from '../platform/openapi.js';
import { repoRoot } from '../paths.js';

// In memory: the document does not depend on data, and no running server's folder is touched.
const database = await connectDatabase({});
const app = await buildApp({ config: loadConfig({ SEED_DEMO: 'false' }), database, logger: false });
const target = path.join(repoRoot, OPENAPI_FILE);
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, await openApiText(app));
await app.close();
console.log(`wrote ${OPENAPI_FILE}`);
