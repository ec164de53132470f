import { z } from 'zod';

/** `GET /health/live`: the process runs and answers. */
export const HealthLive = z.object({ status: z.literal('ok') });
export type HealthLive = z.infer<typeof HealthLive>;

/**
 * `GET /health/ready`: whether this node can serve — 200 when every check is ok (or not
 * configured), else 503 with the check that failed. `migrations` is `pending` when the database
 * lacks a migration this node ships (another node has not finished migrating, or it failed).
 */
export const HealthReady = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** The node is shutting down (SIGTERM): it finishes what it has, but takes no new work. */
  draining: z.boolean(),
  checks: z.object({
    database: z.enum(['ok', 'failed']),
    redis: z.enum(['ok', 'failed', 'not_configured']),
    migrations: z.enum(['ok', 'pending', 'failed']),
  }),
});
export type HealthReady = z.infer<typeof HealthReady>;
