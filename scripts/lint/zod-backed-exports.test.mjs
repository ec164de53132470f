// The names the patient pages' lint refuses, on a small shared package: a file that imports zod,
// a file that imports such a file, and files that only import its types or nothing of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { zodBackedExports } from './zod-backed-exports.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zod-backed-'));
const files = {
  'schemas.ts':
    "import { z } from 'zod';\nexport const Input = z.object({});\nexport function check(body: unknown) { return Input.safeParse(body); }\nexport type In = z.infer<typeof Input>;",
  'uses-schemas.ts': "import { check } from './schemas.js';\nexport const checkTwice = (body: unknown) => [check(body), check(body)];",
  'types-only.ts': "import type { In } from './schemas.js';\nexport const isIn = (value: unknown): value is In => value !== null;",
  'plain.ts': "export const LANGS = ['de', 'en'] as const;\nexport function isLang(value: string) { return value in LANGS; }",
  'nested/index.ts': "export * from '../schemas.js';\nexport { LANGS as ALL_LANGS } from '../plain.js';",
  'schemas.test.ts': "import { z } from 'zod';\nexport const InTest = z.string();",
};
for (const [name, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
}
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('zodBackedExports', () => {
  it('names the values of files whose runtime imports reach zod, directly or through another file; a name passed on counts as its origin', () => {
    expect(zodBackedExports(dir)).toEqual(['Input', 'check', 'checkTwice']);
  });

  it('on the real shared package: the draw check is zod-backed, the language helpers are not', () => {
    const names = zodBackedExports(path.join(import.meta.dirname, '../../packages/shared/src'));
    expect(names).toContain('checkDrawTicket');
    expect(names).not.toContain('isSupportedLang');
    expect(names).not.toContain('formatLocalDate');
  });
});
