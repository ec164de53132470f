import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@wartefrei/shared';
import { basic } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { givenVerifiedAdmin, logIn } from '../support/factories.js';
import { KNOWN_OPEN_BUGS } from './known-open-bugs.js';

/*
 * Each bug of known-open-bugs.ts as one plain request, marked `it.fails`: green while the bug is
 * there, red the day it is fixed — then drop the `.fails`, and the entry in known-open-bugs.ts so
 * that the endpoint fuzz guards the fix.
 */

const t = useTestApp();

/** The answer is a coded JSON error whose code matches its status. */
function expectCodedError(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = JSON.parse(res.body) as { code: keyof typeof ERROR_STATUS };
  expect(ERROR_STATUS[body.code], res.body).toBe(status);
}

describe('known open bugs (found by the endpoint fuzz, fix outside modules/)', () => {
  it('every one has a pinned request below', () => {
    expect(KNOWN_OPEN_BUGS.map((bug) => bug.id)).toEqual([]);
  });

  it('a broken %-escape in the path answers a coded 400 (found by the fuzz: FST_ERR_BAD_URL, the URL echoed)', async () => {
    expectCodedError(await t.inject({ method: 'GET', url: '/queues/%zz' }), 400);
  });

  it('a path parameter over 100 characters answers a coded 4xx (found by the fuzz: 414 FST_ERR_MAX_PARAM_LENGTH)', async () => {
    const res = await t.inject({ method: 'GET', url: `/members/${'x'.repeat(101)}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expectCodedError(res, res.statusCode);
  });

  it('a plain GET /ws (no upgrade) answers a coded JSON error (found by the fuzz: 404, empty body)', async () => {
    const res = await t.inject({ method: 'GET', url: '/ws' });
    expectCodedError(res, res.statusCode);
  });

  it('a NUL in the user name of a token call answers 401 (found by the fuzz: it was a 500)', async () => {
    const admin = await givenVerifiedAdmin(t);
    const user = await logIn(t, admin.username, admin.password);
    const res = await t.inject({ method: 'GET', url: '/auth', headers: { authorization: basic('a\u0000b', user.token) } });
    expectCodedError(res, 401);
  });
});
