import { afterAll, beforeAll } from 'vitest';
import type { LoggedUser } from '@wartefrei/shared';
import { startTestApp, type TestApp } from './test-app.js';
import { givenAdmin } from './factories.js';

/**
 * The app a test file runs against: started before its first test, closed after its last. The
 * returned object stands for the started app, so helpers at the top of the file can close over it
 * before it exists. Each call keeps its own app: integration files share a worker's modules
 * (`isolate: false`), so nothing here may live at module level.
 */
export function useTestApp(...args: Parameters<typeof startTestApp>): TestApp {
  return useStarted(() => startTestApp(...args));
}

/** useTestApp for an app started some other way (e.g. startBookingApp). */
export function useStarted(start: () => Promise<TestApp>): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => started?.close());
  const app = (): TestApp => {
    if (!started) throw new Error('the test app is started in beforeAll: use it inside a hook or a test');
    return started;
  };
  return {
    get app() {
      return app().app;
    },
    get smtp() {
      return app().smtp;
    },
    get clock() {
      return app().clock;
    },
    get config() {
      return app().config;
    },
    get databaseUrl() {
      return app().databaseUrl;
    },
    inject: (options) => app().inject(options),
    close: () => app().close(),
  };
}

export interface AdminFixture {
  /** The signed-in admin (for asUser). */
  readonly user: LoggedUser;
  /** The admin's account, a new one for this file. */
  readonly accountId: string;
}

/** A new account with its signed-in admin, made before the file's first test (after useTestApp). */
export function useAdmin(t: TestApp): AdminFixture {
  let given: { user: LoggedUser; accountId: string } | undefined;
  beforeAll(async () => {
    given = await givenAdmin(t);
  });
  const get = () => {
    if (!given) throw new Error('the admin is made in beforeAll: use it inside a hook or a test');
    return given;
  };
  return {
    get user() {
      return get().user;
    },
    get accountId() {
      return get().accountId;
    },
  };
}
