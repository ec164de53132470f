import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/connect.js';
import type { Clock } from './clock.js';
import type { Mailer } from './mail.js';
import type { SmsSender } from './sms.js';
import type { PushSender } from './push.js';
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
}
