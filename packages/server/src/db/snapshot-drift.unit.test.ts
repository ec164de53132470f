import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as schema from './schema/index.js';
import { migrationsFolder } from '../paths.js';

describe('drizzle-kit snapshot', () => {
  it('is current: `npm run db:generate` would write no new migration', async () => {
    const metaDir = path.join(migrationsFolder, 'meta');
    const latest = fs
      .readdirSync(metaDir)
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort()
      .at(-1);
    expect(latest).toBeDefined();
    const previous = JSON.parse(fs.readFileSync(path.join(metaDir, latest!), 'utf8')) as Parameters<typeof generateMigration>[0];
    const current = generateDrizzleJson(schema, previous.id);
    expect(await generateMigration(previous, current)).toEqual([]);
  });

  it('every migration in the journal has its SQL file', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    for (const entry of journal.entries) expect(fs.existsSync(path.join(migrationsFolder, `${entry.tag}.sql`))).toBe(true);
  });
});
