import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type BuildAppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase } from './test-database.js';
import { startSmtpServer, type TestSmtpServer } from './smtp.js';
import { TestClock } from './test-clock.js';

export interface TestApp {
  app: App;
  smtp: TestSmtpServer;
  clock: TestClock;
  config: Config;
  databaseUrl: string | undefined;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Boots the real app (app.ts) on a clean database of this run's kind, with mail going to a real
 * SMTP server on 127.0.0.1 and a clock the test can move.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  /**
   * Redis key prefixes (a test on a shared Redis passes unique ones), a resolver that maps a host
   * name, the staff sockets' recheck, a logger (a test that reads the log: log-capture.ts).
   */
  buildOptions: Pick<BuildAppOptions, 'realtimeKeyPrefix' | 'rateLimitKeyPrefix' | 'resolveHost' | 'staffSocketRecheckMs' | 'logger'> = {},
): Promise<TestApp> {
  const smtp = await startSmtpServer();
  const database = await createTestDatabase();
  const clock = new TestClock();
  const config: Config = {
    ...loadConfig({ PUBLIC_URL: 'http://wartefrei.test', SMTP_URL: smtp.url, SEED_DEMO: 'false' }),
    ...overrides,
  };
  const app = await buildApp({ config, database, clock, logger: false, ...buildOptions });
  return {
    app,
    smtp,
    clock,
    config,
    databaseUrl: database.url,
    inject: (options) => app.inject(options),
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}

/** `Authorization: Basic …` for a name and a password or token. */
export function basic(name: string, secret: string): string {
  return `Basic ${Buffer.from(`${name}:${secret}`).toString('base64')}`;
}
