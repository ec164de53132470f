import { describe, expect, it } from 'vitest';
import type { ApiError } from '@wartefrei/shared';
import { clientFailures } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { clientFailureSummary } from './client-failures.js';
import { CLIENT_FAILURE_LIMIT } from './client-failures.routes.js';

const t = useTestApp();

const report = (payload: unknown, ip = '198.51.100.20') =>
  t.inject({ method: 'POST', url: '/qt_monitor', payload: payload as Record<string, unknown>, remoteAddress: ip, headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 9)' } });
const ticketKey = 'q3Vd9kX0_bA-7hZ2mN4pRw';
const queueId = '5d1d3c0e-7a55-4a4c-9d7e-2f1f0c3b9a11';

describe('POST /qt_monitor: clients report their failed requests (docs/product.md#the-api)', () => {
  it("keeps what failed — without the query, a link's key or a login — with the client time as ISO text or epoch ms", async () => {
    const iso = await report({
      clientTime: '2026-03-29T08:00:00.000+02:00',
      reqLength: 42,
      method: 'post',
      baseURL: 'https://praxis.example',
      url: `/queues/${queueId}/members?token=geheim`,
    });
    expect(iso.statusCode, iso.body).toBe(204);
    const epoch = await report({ clientTime: Date.UTC(2026, 2, 29, 6, 1), method: 'GET', baseURL: 'https://praxis.example', url: `/members/${ticketKey}` });
    expect(epoch.statusCode).toBe(204);
    const rows = await t.app.ctx.db.select().from(clientFailures);
    expect(rows.map((r) => [r.method, r.url, r.reqLength, r.clientTime?.toISOString()])).toEqual([
      ['POST', `/queues/${queueId}/members`, 42, '2026-03-29T06:00:00.000Z'],
      ['GET', '/members/*', null, '2026-03-29T06:01:00.000Z'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('geheim');
    expect(JSON.stringify(rows)).not.toContain(ticketKey);
    expect(rows[0]?.userAgent).toBe('Mozilla/5.0 (Linux; Android 9)');
    // The operator's view counts them by request, ids folded.
    expect(await clientFailureSummary(t.app.ctx.db, t.clock.now(), 7)).toEqual([
      { method: 'GET', url: '/members/*', count: 1, last: expect.any(Date) },
      { method: 'POST', url: '/queues/{id}/members', count: 1, last: expect.any(Date) },
    ]);
  });

  it('refuses a body over 16 KB, a report without its fields, and a client in a loop', async () => {
    const big = await report({ clientTime: 1, method: 'GET', baseURL: 'x', url: 'y'.repeat(17_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json<ApiError>().code).toBe('PAYLOAD_TOO_LARGE');
    const bad = await report({ clientTime: 'gestern', method: 'GET' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ApiError>().fields ?? {})).toEqual(expect.arrayContaining(['clientTime', 'baseURL', 'url']));
    for (let i = 0; i < CLIENT_FAILURE_LIMIT; i++) expect((await report({ clientTime: 1, method: 'GET', baseURL: 'b', url: '/x' }, '198.51.100.21')).statusCode).toBe(204);
    const limited = await report({ clientTime: 1, method: 'GET', baseURL: 'b', url: '/x' }, '198.51.100.21');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('forgets reports after 30 days', async () => {
    expect((await report({ clientTime: 1, method: 'GET', baseURL: 'b', url: '/alt' }, '198.51.100.22')).statusCode).toBe(204);
    t.clock.advanceSeconds(31 * 86_400);
    expect((await report({ clientTime: 1, method: 'GET', baseURL: 'b', url: '/neu' }, '198.51.100.22')).statusCode).toBe(204);
    const urls = (await t.app.ctx.db.select({ url: clientFailures.url }).from(clientFailures)).map((r) => r.url);
    expect(urls).toEqual(['/neu']);
  });
});
