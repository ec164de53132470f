/** A setting run.mjs passes to the specs; running vitest without it is a usage error. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set — start the end-to-end tests with "npm run test:e2e"`);
  return value;
}

/** Where the server under test listens, e.g. http://127.0.0.1:41234 (no trailing slash). */
export const baseURL = required('E2E_BASE_URL').replace(/\/+$/, '');

/** Chromium's executable (Debian's /usr/bin/chromium unless CHROME_PATH says otherwise). */
export const chromePath = required('CHROME_PATH');
