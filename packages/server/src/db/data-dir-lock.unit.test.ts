import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { connectDatabase } from './connect.js';
import { accounts } from './schema/index.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-lock-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database folder', () => {
  it('refuses a second opener while the first is open, and opens again once it is closed', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const first = await connectDatabase({ dataDir });
    // A second process on the same folder (here: the same process's lock, held by another pid).
    fs.writeFileSync(`${dataDir}.lock`, String(process.ppid));
    await expect(connectDatabase({ dataDir })).rejects.toThrow(/in use by process \d+/);
    fs.writeFileSync(`${dataDir}.lock`, String(process.pid));
    await first.close();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await connectDatabase({ dataDir });
    expect((await again.db.select({ n: count() }).from(accounts))[0]?.n).toBe(0);
    await again.close();
  });

  it('takes over the lock of a server killed without warning, and keeps the data', async () => {
    const dataDir = tempDir();
    const seeded = await connectDatabase({ dataDir });
    await seeded.db.insert(accounts).values({ identifier: 'vor-dem-absturz', displayName: 'Praxis' });
    await seeded.close();

    // A real process opens the folder, then dies by SIGKILL mid-flight.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `
      const { connectDatabase } = await import(${JSON.stringify(new URL('./connect.ts', import.meta.url).pathname)});
      await connectDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      console.log('open');
      setInterval(() => {}, 1000);
    `,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => d.toString().includes('open') && resolve()));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(child.pid));

    const reopened = await connectDatabase({ dataDir });
    expect((await reopened.db.select({ n: count() }).from(accounts))[0]?.n).toBe(1);
    await reopened.close();
  }, 60_000);
});
