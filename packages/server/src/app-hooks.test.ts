import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { appHooks, HOOK_OWNERS } from './app-hooks.js';
import { loadConfig } from './config.js';
import { Hooks } from './platform/hooks.js';
import { sessionHooks, type SessionEndListener } from './modules/sessions/index.js';
import type { DatabaseHandle } from './db/connect.js';
import { createTestDatabase } from '../test/support/test-database.js';

describe('the hooks between modules at start-up', () => {
  // Opened in the hook (its longer timeout): a worker's first database pays the migrations.
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('buildApp refuses to start when a required hook is not provided, naming each and the module that must provide it', async () => {
    const config = loadConfig({ PUBLIC_URL: 'http://wartefrei.test', SEED_DEMO: 'false' });
    await expect(buildApp({ config, database, logger: false, hooks: new Hooks(HOOK_OWNERS) })).rejects.toThrow(
      [
        'The server cannot start: required hooks are not provided (see app-hooks.ts):',
        '- sessions.sessionEnded: run by sessions, to be provided by tickets',
        '- tickets.drawInterview: run by tickets, to be provided by probing',
        '- tickets.alertReader: run by tickets, to be provided by alerts',
        '- tickets.workViewAppointments: run by tickets, to be provided by appointments',
        '- appointments.freedTimes: run by appointments, to be provided by offers',
        '- accounts.trialStarted: run by accounts, to be provided by billing',
        '- accounts.passwordReplaced: run by accounts, to be provided by encryption',
      ].join('\n'),
    );
  });

  it("gives every app its own complete registry: a listener added to one app's is not in another's", () => {
    const first = appHooks();
    const second = appHooks();
    expect(() => first.assertProvided()).not.toThrow();
    const extra: SessionEndListener = async () => undefined;
    first.listen(sessionHooks.sessionEnded, extra);
    expect(first.listenersOf(sessionHooks.sessionEnded)).toContain(extra);
    expect(second.listenersOf(sessionHooks.sessionEnded)).not.toContain(extra);
    expect(second.listenersOf(sessionHooks.sessionEnded)).toHaveLength(1);
  });
});
