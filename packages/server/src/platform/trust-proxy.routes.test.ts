import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, AuditLog, LoggedUser } from '@wartefrei/shared';
import type { Config } from '../config.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { asUser, givenAdmin } from '../../test/support/factories.js';
import { drawRequest, givenOpenQueue } from '../../test/support/tickets.js';

/*
 * Which client address the server believes (TRUST_PROXY), seen where it matters: the audit
 * log's address and the per-address limits. A client writes any X-Forwarded-For it likes; a
 * proxy appends the address it saw, so only the entries trusted proxies added may count.
 */

interface Via {
  remoteAddress: string;
  forwardedFor?: string;
}

/** A practice on its own app with TRUST_PROXY as given, and what the app took as the caller's address. */
function withTrust(trustProxy: Config['trustProxy']) {
  const s = {} as { t: TestApp; admin: LoggedUser; queueId: string };
  beforeAll(async () => {
    s.t = await startTestApp({ trustProxy, drawLimit: { perIp: 2, windowSeconds: 600 } });
    const { user, accountId } = await givenAdmin(s.t);
    s.admin = user;
    s.queueId = await givenOpenQueue(s.t, accountId);
  });
  afterAll(async () => s.t.close());
  const headersOf = (via: Via) => (via.forwardedFor ? { 'x-forwarded-for': via.forwardedFor } : {});
  return {
    s,
    /** Makes a staff call this way; answers every address the audit log has written for such calls so far. */
    async auditedAddresses(via: Via): Promise<(string | null)[]> {
      const seen = await s.t.inject({ method: 'GET', url: '/audit', headers: { ...asUser(s.admin), ...headersOf(via) }, remoteAddress: via.remoteAddress });
      expect(seen.statusCode, seen.body).toBe(200);
      const log = (await s.t.inject({ method: 'GET', url: '/audit', headers: asUser(s.admin) })).json<AuditLog>();
      return log.entries.filter((e) => e.action === 'audit.list').map((e) => e.address);
    },
    draw: (via: Via) =>
      s.t.inject({ method: 'POST', url: `/queues/${s.queueId}/members`, payload: { origin: 'ONLINE' }, headers: headersOf(via), remoteAddress: via.remoteAddress }),
  };
}

describe('TRUST_PROXY=1: one load balancer in front', () => {
  const app = withTrust({ hops: 1 });

  it('takes the address the balancer saw, never the left-most entry the client wrote', async () => {
    const addresses = await app.auditedAddresses({ remoteAddress: '10.0.0.2', forwardedFor: '6.6.6.6, 203.0.113.7' });
    expect(addresses).toContain('203.0.113.7');
    expect(addresses).not.toContain('6.6.6.6');
    expect(addresses).not.toContain('10.0.0.2');
  });

  it('counts a client by that address, however it varies what it writes in front', async () => {
    const through = (forged: string, client: string) => app.draw({ remoteAddress: '10.0.0.2', forwardedFor: `${forged}, ${client}` });
    expect((await through('198.51.100.1', '203.0.113.8')).statusCode).toBe(201);
    expect((await through('198.51.100.2', '203.0.113.8')).statusCode).toBe(201);
    const refused = await through('198.51.100.3', '203.0.113.8');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiError>().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another patient behind the same balancer is another address.
    expect((await through('198.51.100.3', '203.0.113.9')).statusCode).toBe(201);
  });

  it('takes the socket’s address where no header came (a kiosk on the practice network, the suites’ calls)', async () => {
    expect((await drawRequest(app.s.t, app.s.queueId, {}, '192.0.2.77')).statusCode).toBe(201);
    expect(await app.auditedAddresses({ remoteAddress: '192.0.2.78' })).toContain('192.0.2.78');
  });
});

describe('TRUST_PROXY=10.0.0.0/8: the proxies by their addresses', () => {
  const app = withTrust({ addresses: ['10.0.0.0/8'] });

  it('takes the address the outermost trusted proxy saw, through a chain of them', async () => {
    expect(await app.auditedAddresses({ remoteAddress: '10.0.0.2', forwardedFor: '6.6.6.7, 203.0.113.17' })).toContain('203.0.113.17');
    const addresses = await app.auditedAddresses({ remoteAddress: '10.0.0.2', forwardedFor: '6.6.6.8, 203.0.113.18, 10.0.0.3' });
    expect(addresses).toContain('203.0.113.18');
    for (const other of ['6.6.6.7', '6.6.6.8', '10.0.0.2', '10.0.0.3']) expect(addresses).not.toContain(other);
  });

  it('believes nothing a client that reaches the port directly writes', async () => {
    const addresses = await app.auditedAddresses({ remoteAddress: '198.51.100.20', forwardedFor: '203.0.113.19' });
    expect(addresses).toContain('198.51.100.20');
    expect(addresses).not.toContain('203.0.113.19');
    const direct = (forged: string) => app.draw({ remoteAddress: '198.51.100.21', forwardedFor: forged });
    expect((await direct('203.0.113.30')).statusCode).toBe(201);
    expect((await direct('203.0.113.31')).statusCode).toBe(201);
    expect((await direct('203.0.113.32')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY unset: no proxy', () => {
  const app = withTrust(false);

  it('takes the socket’s address, whatever X-Forwarded-For says', async () => {
    const addresses = await app.auditedAddresses({ remoteAddress: '198.51.100.22', forwardedFor: '203.0.113.20' });
    expect(addresses).toContain('198.51.100.22');
    expect(addresses).not.toContain('203.0.113.20');
    expect(app.s.t.config.trustProxy).toBe(false);
  });
});
