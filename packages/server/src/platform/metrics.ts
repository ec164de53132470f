import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../db/connect.js';

/**
 * The node's Prometheus metrics (`GET /metrics`). One registry per app, not prom-client's global
 * one: tests build several apps in one process, and each must count only its own.
 */
export interface Metrics {
  registry: Registry;
  /** Request durations by route pattern (`/queues/:id`), method and status class (`2xx`). */
  httpDuration: Histogram<'route' | 'method' | 'status'>;
  /** WebSockets open on this node. */
  openSockets: Gauge;
  /** Events this node published (after a commit), by event name. */
  eventsPublished: Counter<'event'>;
  /** From publish to the event's frames handed to this node's sockets; `origin` local or remote (another node's). */
  fanoutDelay: Histogram<'origin'>;
  /** How late a job started: its run_at to the moment a runner claimed it. */
  jobLag: Histogram<'kind'>;
  /** Job runs that threw (each retry counts). */
  jobFailures: Counter<'kind'>;
  /**
   * `GET /queues/{id}/public` answers by where they came from (modules/tickets/public-snapshot.ts):
   * `hit` the cache, `joined` a read already running, `miss` a read of the database of its own.
   */
  publicQueueSnapshots: Counter<'result'>;
}

/** What the database pool looks like now: connections in all, idle ones, requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The pool's figures: node-postgres counts its own; PGlite is one in-process connection with
 * no pool, reported as one connection (what it is) and nothing to wait for that we can see.
 */
export function poolStatsOf(database: DatabaseHandle): () => PoolStats {
  const client: unknown = (database.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return () => ({ total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount });
  return () => ({ total: 1, idle: 0, waiting: 0 });
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The metrics of one app; `processMetrics: false` for one-shot processes (the CLI) that are never scraped. */
export function createMetrics(options: { poolStats?: () => PoolStats; processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  // process_* and nodejs_* (CPU, memory, event loop lag, GC): what every Node service shows.
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const poolStats = options.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'wartefrei_db_pool_connections',
      help: 'Database connections by state: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  return {
    registry,
    httpDuration: new Histogram({
      name: 'wartefrei_http_request_duration_seconds',
      help: 'HTTP request durations by route pattern, method and status class',
      labelNames: ['route', 'method', 'status'],
      buckets: SECONDS,
      registers: [registry],
    }),
    openSockets: new Gauge({ name: 'wartefrei_websockets_open', help: 'WebSockets open on this node', registers: [registry] }),
    eventsPublished: new Counter({
      name: 'wartefrei_realtime_events_published_total',
      help: 'Live events published by this node, by event name',
      labelNames: ['event'],
      registers: [registry],
    }),
    fanoutDelay: new Histogram({
      name: 'wartefrei_realtime_fanout_delay_seconds',
      help: 'From publish to the frames handed to this node’s sockets; origin local or remote (another node; includes clock skew)',
      labelNames: ['origin'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    jobLag: new Histogram({
      name: 'wartefrei_job_lag_seconds',
      help: 'How late a job started: run_at to the moment a runner claimed it',
      labelNames: ['kind'],
      buckets: [0.5, 1, 5, 10, 30, 60, 300, 900, 3600],
      registers: [registry],
    }),
    jobFailures: new Counter({ name: 'wartefrei_job_failures_total', help: 'Job runs that threw, by kind (each retry counts)', labelNames: ['kind'], registers: [registry] }),
    publicQueueSnapshots: new Counter({
      name: 'wartefrei_public_queue_snapshots_total',
      help: 'Public queue views served: hit (cached), joined (a read already running), miss (read from the database)',
      labelNames: ['result'],
      registers: [registry],
    }),
  };
}

/** `2xx`, `4xx`, …: the status label stays a handful of values. */
export const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;
