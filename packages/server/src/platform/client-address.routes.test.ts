import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@wartefrei/shared';
import { basic, startTestApp, type TestApp } from '../../test/support/test-app.js';
import { givenAdmin, signupBody } from '../../test/support/factories.js';
import { givenOpenQueue } from '../../test/support/tickets.js';
import { CLIENT_FAILURE_LIMIT } from '../modules/system/index.js';

/*
 * Every per-address limit counts an IPv6 client by its /64 (clientKeyOf): a provider hands a
 * line 2^64 addresses, and a client that steps through them must not start each limit afresh.
 */

let t: TestApp;
let queueId: string;
let username: string;
beforeAll(async () => {
  t = await startTestApp({
    drawLimit: { perIp: 2, windowSeconds: 600 },
    bookingLimit: { perIp: 2, windowSeconds: 600 },
    signupLimit: { perIp: 2, windowSeconds: 3600 },
    loginLimits: { perUsername: 1000, perIp: 2, windowSeconds: 3600 },
  });
  const admin = await givenAdmin(t);
  username = admin.admin.username;
  queueId = await givenOpenQueue(t, admin.accountId);
});
afterAll(async () => t.close());

type Send = (remoteAddress: string) => Promise<LightMyRequestResponse>;
const inject =
  (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, extra: Record<string, string> = {}): Send =>
  (remoteAddress) =>
    t.inject({ method, url, payload, headers: extra, remoteAddress });

// Each limit, how many one client has, how its next attempt is refused, and a request that counts.
const limits: [string, number, string, () => Send][] = [
  ['public draws', 2, 'RATE_LIMITED', () => inject('POST', `/queues/${queueId}/members`, { origin: 'ONLINE' })],
  // A booking of a type nobody has still counts: the limit comes before the lookup.
  ['public bookings', 2, 'RATE_LIMITED', () => inject('POST', '/appointments', { appointment_type_id: randomUUID(), start: '2030-01-07T08:00:00+01:00', last_name: 'Muster' })],
  ['sign-ups', 2, 'RATE_LIMITED', () => (remoteAddress) => t.inject({ method: 'POST', url: '/signup', payload: signupBody(), remoteAddress })],
  [
    'failed sign-ins',
    2,
    'TOO_MANY_LOGIN_ATTEMPTS',
    () => (remoteAddress) => t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(username, 'falsches-passwort') }, remoteAddress }),
  ],
  ['Microsoft sign-ins', 2, 'RATE_LIMITED', () => inject('POST', '/auth/microsoft/start', {})],
  ['alert subscriptions', 30, 'RATE_LIMITED', () => inject('PUT', `/members/${randomUUID()}/alerts`, { push: null })],
  ['client failure reports', CLIENT_FAILURE_LIMIT, 'RATE_LIMITED', () => inject('POST', '/qt_monitor', { clientTime: 1, method: 'GET', baseURL: 'x', url: '/y' })],
];

describe('per-address limits count an IPv6 client by its /64', () => {
  it.each(limits.map((row, i) => [...row, i] as const))('%s: %i from one /64, however many addresses; the next /64 is another client', async (_name, limit, code, send, i) => {
    const request = send();
    // Each row its own /64s, so the rows' counts never meet.
    const inPrefix = (prefix: number, host: number) => `2001:db8:${i}:${prefix}::${host.toString(16)}`;
    for (let n = 1; n <= limit; n++) expect((await request(inPrefix(1, n))).statusCode).not.toBe(429);
    const refused = await request(inPrefix(1, 0xfffe));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiError>().code).toBe(code);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request(inPrefix(2, 1))).statusCode).not.toBe(429);
  });

  it('counts an IPv4 client the same whether its socket reports it plain or IPv4-mapped', async () => {
    const draw = inject('POST', `/queues/${queueId}/members`, { origin: 'ONLINE' });
    expect((await draw('192.0.2.99')).statusCode).toBe(201);
    expect((await draw('::ffff:192.0.2.99')).statusCode).toBe(201);
    expect((await draw('::ffff:c000:263')).statusCode).toBe(429);
    expect((await draw('192.0.2.98')).statusCode).toBe(201);
  });
});
