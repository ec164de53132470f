import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, HealthReady } from '@wartefrei/shared';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { selectRows } from '../../db/connect.js';
import { runDueJobs, scheduleJob } from '../../platform/jobs/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { createTestDatabase, testDatabaseKind } from '../../../test/support/test-database.js';
import { TestClock } from '../../../test/support/test-clock.js';
import { TestSocket } from '../../../test/support/test-clients.js';

const t = useTestApp();

const readyOf = (res: { json: <T>() => T }) => res.json<HealthReady>();
const scrape = async (app: Pick<TestApp, 'inject'>) => (await app.inject({ method: 'GET', url: '/metrics' })).body;

/** The value of one sample of the Prometheus text, whatever the order of its labels; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('GET /health/live and /health/ready', () => {
  it('live answers 200 while the process runs', async () => {
    const res = await t.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready answers 200 with every check when the database answers and the schema is current', async () => {
    const res = await t.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(readyOf(res)).toEqual({ status: 'ok', draining: false, checks: { database: 'ok', redis: 'not_configured', migrations: 'ok' } });
  });

  it('ready answers 503 "draining" once the node shuts down, while it still serves and lives', async () => {
    t.app.ctx.lifecycle.draining = true;
    try {
      const res = await t.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(readyOf(res)).toEqual({ status: 'unavailable', draining: true, checks: { database: 'ok', redis: 'not_configured', migrations: 'ok' } });
      expect((await t.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/system-information' })).statusCode).toBe(200);
    } finally {
      t.app.ctx.lifecycle.draining = false;
    }
  });

  it('ready answers 503 "pending" while a migration of this build is missing in the database', async () => {
    const [last] = await selectRows<{ id: number; hash: string; created_at: string }>(
      t.app.ctx.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
    );
    if (!last) throw new Error('no migrations recorded');
    await t.app.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const res = await t.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(readyOf(res)).toEqual({ status: 'unavailable', draining: false, checks: { database: 'ok', redis: 'not_configured', migrations: 'pending' } });
    } finally {
      await t.app.ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`);
    }
    expect((await t.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('ready answers 503 naming the database once it no longer answers; live still answers 200', async () => {
    const database = await createTestDatabase();
    let closed: Promise<void> | undefined;
    const closeOnce = () => (closed ??= database.close());
    const config = loadConfig({ PUBLIC_URL: 'http://wartefrei.test', SEED_DEMO: 'false' });
    const app = await buildApp({ config, database: { ...database, close: closeOnce }, clock: new TestClock(), logger: false });
    try {
      await closeOnce();
      const res = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(readyOf(res)).toEqual({ status: 'unavailable', draining: false, checks: { database: 'failed', redis: 'not_configured', migrations: 'failed' } });
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('ready answers 503 naming Redis when REDIS_URL is set and nothing answers there', async () => {
    // Nothing listens on port 1: the node runs on (live events in process) but is not ready.
    const down = await startTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const res = await down.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(readyOf(res).checks).toEqual({ database: 'ok', redis: 'failed', migrations: 'ok' });
    } finally {
      await down.close();
    }
  });

  it.runIf(process.env.REDIS_URL)('ready answers 200 with Redis "ok" when Redis answers PING', async () => {
    const withRedis = await startTestApp({ redisUrl: process.env.REDIS_URL }, { realtimeKeyPrefix: `wftest:${randomUUID()}:` });
    try {
      const res = await withRedis.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(readyOf(res).checks.redis).toBe('ok');
    } finally {
      await withRedis.close();
    }
  });
});

describe('GET /metrics', () => {
  it('serves Prometheus text with request durations by route pattern, method and status class', async () => {
    const queueId = randomUUID();
    await t.inject({ method: 'GET', url: `/queues/${queueId}/public` });
    await t.inject({ method: 'GET', url: `/queues/${randomUUID()}/public` });
    const res = await t.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const labels = { route: '/queues/:id/public', method: 'GET', status: '4xx' };
    expect(sample(res.body, 'wartefrei_http_request_duration_seconds_count', labels)).toBe(2);
    // The pattern, never the path: ids must not become label values.
    expect(res.body).not.toContain(queueId);
    expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts open sockets, up on connect and down on close', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = sample(await scrape(t), 'wartefrei_websockets_open') ?? 0;
    const socket = await TestSocket.connect(baseUrl);
    await until(async () => sample(await scrape(t), 'wartefrei_websockets_open') === before + 1);
    socket.close();
    await until(async () => sample(await scrape(t), 'wartefrei_websockets_open') === before);
  });

  it('counts published events by name and their fan-out delay', async () => {
    const before = sample(await scrape(t), 'wartefrei_realtime_events_published_total', { event: 'queue.updated' }) ?? 0;
    await t.app.ctx.realtime.publish(`queue:${randomUUID()}`, { name: 'queue.updated', data: { queue_id: randomUUID(), status: 'OPEN' }, public: true });
    const text = await scrape(t);
    expect(sample(text, 'wartefrei_realtime_events_published_total', { event: 'queue.updated' })).toBe(before + 1);
    expect(sample(text, 'wartefrei_realtime_fanout_delay_seconds_count', { origin: 'local' })).toBeGreaterThanOrEqual(1);
  });

  it('observes how late a job started, and counts a job that failed', async () => {
    // A kind no module registers: the run fails ("no handler"), as a crashing handler would.
    const kind = `test.health-${randomUUID()}`;
    await scheduleJob(t.app.ctx.db, { kind, key: 'late', runAt: new Date(t.clock.now().getTime() - 120_000) });
    await runDueJobs(t.app.ctx, { runnerId: 'health-test' });
    const text = await scrape(t);
    expect(sample(text, 'wartefrei_job_lag_seconds_count', { kind })).toBe(1);
    expect(sample(text, 'wartefrei_job_lag_seconds_sum', { kind })).toBeGreaterThanOrEqual(120);
    expect(sample(text, 'wartefrei_job_failures_total', { kind })).toBe(1);
  });

  it('reports the database connections', async () => {
    const text = await scrape(t);
    const total = sample(text, 'wartefrei_db_pool_connections', { state: 'total' });
    // PGlite is one connection; the PostgreSQL pool has opened at least the one it migrated with.
    if (testDatabaseKind === 'pglite') expect(total).toBe(1);
    else expect(total).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'wartefrei_db_pool_connections', { state: 'waiting' })).toBe(0);
  });

  describe('without METRICS_TOKEN', () => {
    const scrapeFrom = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

    it('answers requests from this machine only; anyone else gets the 404 of an unknown path', async () => {
      for (const address of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
        const res = await scrapeFrom(t, address);
        expect(res.statusCode, address).toBe(200);
        expect(res.body).toContain('wartefrei_http_request_duration_seconds');
      }
      for (const address of ['10.0.0.7', '192.168.1.20', '203.0.113.9', '::ffff:10.0.0.7', 'fe80::1', '2001:db8::1']) {
        const res = await scrapeFrom(t, address);
        expect(res.statusCode, address).toBe(404);
        expect(res.json<ApiError>().code).toBe('NOT_FOUND');
        expect(res.body).not.toContain('wartefrei_');
      }
      // The probes stay open to the load balancer.
      expect((await t.inject({ method: 'GET', url: '/health/live', remoteAddress: '10.0.0.7' })).statusCode).toBe(200);
    });

    it('refuses what a proxy on this machine forwards from elsewhere', async () => {
      const forwardedFromElsewhere: Record<string, string>[] = [
        { 'x-forwarded-for': '203.0.113.9' },
        { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
        { forwarded: 'for="[2001:db8::1]:4711"' },
        { 'x-real-ip': '198.51.100.7' },
        { 'x-forwarded-for': 'unknown' },
      ];
      for (const headers of forwardedFromElsewhere) {
        expect((await scrapeFrom(t, '127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(404);
      }
      // A hop that stays on this machine is still this machine.
      expect((await scrapeFrom(t, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1' })).statusCode).toBe(200);
    });

    describe('with TRUST_PROXY', () => {
      let proxied: TestApp;
      beforeAll(async () => {
        proxied = await startTestApp({ trustProxy: { hops: 1 } });
      });
      afterAll(async () => proxied.close());

      it('reads the socket, not only the client address a header claims', async () => {
        // From elsewhere, claiming to be loopback: with TRUST_PROXY req.ip would say 127.0.0.1.
        const spoofed = await scrapeFrom(proxied, '10.0.0.7', { 'x-forwarded-for': '127.0.0.1' });
        expect(spoofed.statusCode).toBe(404);
        // Through a proxy on this machine from elsewhere: the socket is loopback, the client is not.
        expect((await scrapeFrom(proxied, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
        expect((await scrapeFrom(proxied, '127.0.0.1')).statusCode).toBe(200);
      });
    });
  });

  describe('with METRICS_TOKEN', () => {
    let guarded: TestApp;
    beforeAll(async () => {
      guarded = await startTestApp({ metricsToken: 'scrape-secret-1' });
    });
    afterAll(async () => guarded.close());

    it('answers only `Authorization: Bearer <token>`, 401 otherwise; the probes stay open', async () => {
      for (const authorization of [undefined, 'Bearer wrong', 'Bearer scrape-secret-', 'Basic c2NyYXBlLXNlY3JldC0x', 'scrape-secret-1']) {
        const res = await guarded.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json<ApiError>().code).toBe('UNAUTHORIZED');
        expect(res.body).not.toContain('wartefrei_');
      }
      const ok = await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret-1' } });
      expect(ok.statusCode).toBe(200);
      // The token is for a Prometheus elsewhere: from any address, and from this machine only with it.
      const remote = await guarded.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.7', headers: { authorization: 'Bearer scrape-secret-1' } });
      expect(remote.statusCode).toBe(200);
      expect((await guarded.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.7' })).statusCode).toBe(401);
      expect(ok.body).toContain('wartefrei_http_request_duration_seconds');
      expect((await guarded.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      expect((await guarded.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    });
  });
});
