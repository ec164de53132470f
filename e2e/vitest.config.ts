import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end specs: one real server (started by run.mjs) and Debian's Chromium. Files run one
// after another so that they never compete for the single server or the browser.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/specs/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // The files share nothing but modules (each launches its own Chromium, opens its own contexts
    // and signs in itself): kept between files, playwright-core, axe and the support modules are
    // imported once, not 39 times (import time in CI: 26 s, then 5 s). One Chromium shared by
    // all files over a browser server was tried too: every file took about 2 s longer.
    isolate: false,
    // expect.poll waits for what the page does after a live event. Its default of 1 s held on an
    // idle machine but not on a busy CI run (monitor and work view specs failed there), so it
    // waits as long as Playwright's own waits do.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
