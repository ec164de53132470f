import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { OPENAPI_FILE, openApiText } from './openapi.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the committed OpenAPI document', () => {
  it('is what the app generates (else: npm run openapi)', async () => {
    const committedPath = fileURLToPath(new URL(`../../../../${OPENAPI_FILE}`, import.meta.url));
    const committed = fs.existsSync(committedPath) ? fs.readFileSync(committedPath, 'utf8') : '';
    const generated = await openApiText(t.app);
    // Compared as text so the failure shows the changed lines; the hint says how to fix it.
    expect(committed, `${OPENAPI_FILE} is stale: run npm run openapi and commit the result`).toBe(generated);
  });
});
