import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Database } from '../db/connect.js';
import type { Clock } from './clock.js';
import type { Hooks } from './hooks.js';
import type { Mailer } from './mail.js';
import type { Metrics } from './metrics.js';
import type { RateLimiters } from './rate-limit.js';
import type { SmsSender } from './sms.js';
import type { PushSender } from './push.js';
import type { HostResolver } from './public-address.js';
import type { RealtimeHub } from './realtime/hub.js';
import type { Stripe } from './stripe.js';

/** What every service needs from the outside world; built once in app.ts. */
export interface AppContext {
  db: Database;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  /** Web Push with the server's VAPID key (made at the first start, kept in the database). */
  push: PushSender;
  log: FastifyBaseLogger;
  /** Live updates: `publish(topic, event)` after the transaction committed. */
  realtime: RealtimeHub;
  /** The Stripe SDK where billing is configured; undefined on a self-hosted server. */
  stripe: Stripe | undefined;
  /** The node's Prometheus metrics (`GET /metrics`). */
  metrics: Metrics;
  /** Limits counted across all nodes where Redis is configured, else in this process. */
  rateLimits: RateLimiters;
  /** The command connection to Redis (`REDIS_URL`); undefined on a single node without Redis. */
  redis: Redis | undefined;
  /** How host names the server connects to for outsiders (webhook receivers) resolve: the system's unless a test maps a name. */
  resolveHost: HostResolver;
  /** How modules above take part in a lower one's work (platform/hooks.ts); this app's own, checked at start. */
  hooks: Hooks;
  /** Set once the node is shutting down: it still serves, but reports itself not ready. */
  lifecycle: { draining: boolean };
}
