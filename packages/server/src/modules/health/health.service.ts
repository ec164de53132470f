import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { HealthReady } from '@wartefrei/shared';
import { selectRows } from '../../db/connect.js';
import { migrationsFolder } from '../../paths.js';
import type { AppContext } from '../../platform/context.js';

/**
 * A check slower than this counts as failed: a load balancer asks every few seconds and must
 * hear "not ready" while the database hangs, not wait out the pool's 15 s connection timeout.
 */
const CHECK_TIMEOUT_MS = 2000;

/** The migrations this build ships, from drizzle-kit's journal next to them. */
const expectedMigrations: number = (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('check timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function passes(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await within(check());
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether every migration of this build is applied: drizzle records each applied one in
 * `drizzle.__drizzle_migrations`. More rows than this build knows is fine — a newer node
 * migrated during a rolling update, and migrations only add what older code ignores.
 */
async function migrationsApplied(ctx: AppContext): Promise<boolean> {
  const [row] = await selectRows<{ applied: number }>(ctx.db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  return (row?.applied ?? 0) >= expectedMigrations;
}

/** The readiness checks of `GET /health/ready`: the database answers, Redis (where configured) answers, the schema is current. */
export async function checkReadiness(ctx: AppContext): Promise<HealthReady> {
  const { redis } = ctx;
  const [database, redisOk] = await Promise.all([passes(() => ctx.db.execute(sql`select 1`)), redis ? passes(() => redis.ping()) : Promise.resolve(undefined)]);
  let migrations: HealthReady['checks']['migrations'] = 'failed';
  if (database) {
    try {
      migrations = (await within(migrationsApplied(ctx))) ? 'ok' : 'pending';
    } catch {
      migrations = 'failed';
    }
  }
  const checks: HealthReady['checks'] = {
    database: database ? 'ok' : 'failed',
    redis: redisOk === undefined ? 'not_configured' : redisOk ? 'ok' : 'failed',
    migrations,
  };
  const { draining } = ctx.lifecycle;
  const ready = !draining && checks.database === 'ok' && checks.redis !== 'failed' && checks.migrations === 'ok';
  return { status: ready ? 'ok' : 'unavailable', draining, checks };
}
