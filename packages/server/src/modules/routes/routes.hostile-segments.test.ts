import { describe, expect, it } from 'vitest';
import type { ApiError } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { postProfile, postQueue } from '../../../test/support/api.js';
import { givenAdmin } from '../../../test/support/factories.js';

/* Regression found by the endpoint fuzz (packages/server/test/fuzz): a NUL in a link segment was a 500. */

const t = useTestApp();

describe('public link resolution with a NUL (%00) in a segment', () => {
  it.each([
    ['account', (a: string, p: string, q: string) => `/routes/identifier/${a}%00/${p}/${q}`, 404, 'QUEUE_NOT_FOUND'],
    ['location', (a: string, p: string, q: string) => `/routes/identifier/${a}/${p}%00/${q}`, 404, 'QUEUE_NOT_FOUND'],
    ['queue', (a: string, p: string, q: string) => `/routes/identifier/${a}/${p}/%00${q}`, 404, 'QUEUE_NOT_FOUND'],
    ['queue without a location', (a: string, _p: string, q: string) => `/routes/identifier/${a}/null/${q}%00`, 404, 'QUEUE_NOT_FOUND'],
    ['monitor account', (a: string) => `/routes/identifier/${a}%00/monitor/null`, 404, 'MONITOR_NOT_FOUND'],
    ['monitor', (a: string) => `/routes/identifier/${a}/monitor/null%00`, 404, 'MONITOR_NOT_FOUND'],
  ] as const)('in the %s names nothing', async (_name, url, status, code) => {
    const a = await givenAdmin(t);
    const profile = await postProfile(t, a.user);
    const queue = await postQueue(t, a.user, profile.id);
    const res = await t.inject({ method: 'GET', url: url(a.accountIdentifier, profile.identifier, queue.identifier) });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<ApiError>().code).toBe(code);
    // Control: the same link without the NUL resolves.
    const clean = await t.inject({ method: 'GET', url: url(a.accountIdentifier, profile.identifier, queue.identifier).replaceAll('%00', '') });
    expect(clean.statusCode, clean.body).toBe(200);
  });
});
