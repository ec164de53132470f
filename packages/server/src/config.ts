import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths.js';
import { parseTrustProxy, type TrustProxy } from './platform/trust-proxy.js';

const boolFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

// Every variable is optional; a wrong value stops the start with a message naming it.
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** The start of every Redis key and of the pub/sub channel, so deployments sharing one Redis keep apart. */
  REDIS_KEY_PREFIX: z.string().min(1).max(64, 'must be at most 64 characters').regex(/^\S+$/, 'must not contain whitespace').default('wf:'),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  /** A generic SMS gateway: JSON POST of { to, text } with a bearer token; without it SMS go to the log. */
  SMS_URL: z.string().url().optional(),
  SMS_TOKEN: z.string().optional(),
  /** Web Push (VAPID) contact of the operator for push services: a mailto: or https: address. */
  PUSH_CONTACT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /** Push services besides the public ones on https, e.g. a test service `http://localhost:8090`; comma-separated origins. */
  PUSH_SERVICE_ORIGINS: z.string().optional(),
  /** Webhook receivers besides public https ones (tests, on-premises systems), e.g. `http://127.0.0.1:8091`; comma-separated origins. */
  WEBHOOK_ALLOWED_ORIGINS: z.string().optional(),
  /** How long a webhook receiver may take to answer before the attempt counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  MAIL_FROM: z.string().default('wartefrei <no-reply@wartefrei.local>'),
  TOKEN_TTL: z.coerce.number().int().positive().default(43_200),
  /** Default: seed the demo, but not under NODE_ENV=production (a public server's demo must be chosen, issue 40 §9). */
  SEED_DEMO: boolFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A hop count or addresses/CIDRs of the proxies in front (platform/trust-proxy.ts); never "trust all". */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseTrustProxy(raw);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  WEB_DIST_DIR: z.string().optional(),
  /** Public (online and kiosk) tickets one client address may draw per 10 minutes. */
  DRAW_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  /** Public (online and kiosk) tickets one list hands out per minute, whatever the addresses. */
  DRAW_LIMIT_PER_LIST: z.coerce.number().int().positive().default(120),
  /** Public (online and kiosk) bookings one client address may make per 10 minutes. */
  BOOKING_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  /** Sign-ups (new practices) one client address may make per hour. */
  SIGNUP_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  /** Requests one API key may make per minute (docs/api.md#scopes); beyond it 429 with Retry-After. */
  API_KEY_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** SMS one phone number may be sent per day (UTC), whoever asked for them. */
  SMS_LIMIT_PER_PHONE: z.coerce.number().int().positive().default(10),
  /** Billing switches on with a Stripe key; without one the server is self-hosted (docs/product.md#billing). */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The signing secret of the webhook endpoint `POST /billing/webhook`. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe-compatible host, e.g. the test server `http://127.0.0.1:12111`; default Stripe's. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** Stripe.js's publishable key; without it the billing screen offers Stripe's test payment data. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Sign-in with Microsoft (OpenID Connect): the app registration's id and secret; the button shows only with both. */
  MS_CLIENT_ID: z.string().optional(),
  MS_CLIENT_SECRET: z.string().optional(),
  /** The OpenID issuer; default Microsoft's multi-tenant one. Plain http only for a loopback address (tests). */
  MS_OIDC_ISSUER: z.string().url().default('https://login.microsoftonline.com/common/v2.0'),
  /** With it, `GET /metrics` answers only `Authorization: Bearer <METRICS_TOKEN>`; without it, only requests from this machine (loopback). */
  METRICS_TOKEN: z.string().min(1).optional(),
  /**
   * On SIGTERM: how long the node keeps serving while `GET /health/ready` already answers 503, so
   * a load balancer that polls it stops sending before the node stops listening.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  /** Then its sockets are told to reconnect (close 1012), spread over this long so they do not all arrive at once elsewhere. */
  SHUTDOWN_SOCKET_SPREAD_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** The operator of this server, for the legal notice (Impressum) and the data processing agreement. */
  OPERATOR_NAME: z.string().max(200).optional(),
  /** Postal address; lines separated by `|` or a newline. */
  OPERATOR_ADDRESS: z.string().max(500).optional(),
  OPERATOR_MAIL: z.string().email().optional(),
  OPERATOR_PHONE: z.string().max(50).optional(),
  /** Who represents the operator (managing director). */
  OPERATOR_REPRESENTATIVE: z.string().max(200).optional(),
  /** Company register and number, e.g. 'Firmenbuch FN 123456a, Handelsgericht Wien'. */
  OPERATOR_REGISTER: z.string().max(200).optional(),
  OPERATOR_VAT_ID: z.string().max(50).optional(),
});

/** The issuer as given; plain http is refused but for a loopback address (a test provider), where nobody else listens. */
function microsoftIssuer(issuer: string): string {
  const url = new URL(issuer);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !loopback) throw new Error(`MS_OIDC_ISSUER must be https (plain http only on a loopback address): ${issuer}`);
  return issuer;
}

export interface LoginLimits {
  /** Failures allowed per username within the window. */
  perUsername: number;
  /** Failures allowed per client IP within the window (many staff may share one NAT). */
  perIp: number;
  windowSeconds: number;
}

export interface MicrosoftLoginConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * The start of every Redis key and of the pub/sub channel (`REDIS_KEY_PREFIX`, default `wf:`):
   * the realtime channel and versions directly, the shared rate limits under `<prefix>rl:`.
   */
  redisKeyPrefix: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  smsUrl: string | undefined;
  smsToken: string | undefined;
  /** Web Push: the VAPID contact, and push service origins allowed besides public https hosts. */
  push: { contact: string; extraOrigins: string[] };
  mailFrom: string;
  tokenTtlSeconds: number;
  seedDemo: boolean;
  logLevel: string;
  /** The proxies whose `X-Forwarded-For` the server believes (`TRUST_PROXY`): none, a hop count, or addresses/CIDRs. */
  trustProxy: TrustProxy;
  webDistDir: string;
  loginLimits: LoginLimits;
  /** Sign-in with Microsoft, where configured (MS_CLIENT_ID and MS_CLIENT_SECRET). */
  microsoft: MicrosoftLoginConfig | undefined;
  /** Public draws per client address and window. */
  drawLimit: { perIp: number; windowSeconds: number };
  /** Public draws per list and window, whatever the address: what no change of address escapes. */
  drawListLimit: { perList: number; windowSeconds: number };
  /** Public bookings per client address and window. */
  bookingLimit: { perIp: number; windowSeconds: number };
  /**
   * Failed kiosk check-ins per location and window, whatever the address: past it the location's
   * kiosk check-in pauses until the window turns (a code is short enough to be guessed at).
   */
  checkInFailureLimit: { perLocation: number; windowSeconds: number };
  /** Sign-ups per client address and window. */
  signupLimit: { perIp: number; windowSeconds: number };
  /** Requests per API key and window, counted on every node together (with Redis). */
  apiKeyLimit: { perKey: number; windowSeconds: number };
  /**
   * SMS per phone number and per ticket or appointment, each per window (a day): a patient may
   * type anyone's number, so what the server sends to one number is capped whoever triggers it.
   */
  smsLimits: { perPhone: number; perTicket: number; windowSeconds: number };
  /**
   * Whether payment is configured. Without it, new accounts are payment-exempt: a trial that
   * ends with no way to pay would lock the practice out of its own waiting room on day 15.
   */
  paymentConfigured: boolean;
  /** Stripe, where configured: the key, the webhook's secret, another host (tests), Stripe.js's key. */
  stripe: StripeConfig | undefined;
  /**
   * Outgoing webhooks: origins allowed besides public https ones (`WEBHOOK_ALLOWED_ORIGINS`), and
   * how long a receiver may take to answer before the attempt counts as failed (10 s; tests less).
   */
  webhooks: { allowedOrigins: string[]; timeoutMs: number };
  /** The bearer token `GET /metrics` requires; undefined: metrics answer loopback requests only (modules/health/loopback.ts). */
  metricsToken: string | undefined;
  /** The orderly stop on SIGTERM (docs/architecture.md#operating): drain, then sockets spread, then close. */
  shutdown: { drainMs: number; socketSpreadMs: number };
  /** Who runs this server (the legal notice); undefined until name, address and mail are set. */
  operator: OperatorConfig | undefined;
}

export interface OperatorConfig {
  name: string;
  addressLines: string[];
  mail: string;
  phone: string | undefined;
  representative: string | undefined;
  register: string | undefined;
  vatId: string | undefined;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | undefined;
  apiBase: string | undefined;
  publishableKey: string | undefined;
}

/** A comma-separated list of origins (`PUSH_SERVICE_ORIGINS`, `WEBHOOK_ALLOWED_ORIGINS`), each as `new URL(...).origin`. */
function originsOf(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
}

/** Reads the configuration (the README's table) from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    smsUrl: e.SMS_URL,
    smsToken: e.SMS_TOKEN,
    push: {
      contact: e.PUSH_CONTACT ?? (e.OPERATOR_MAIL ? `mailto:${e.OPERATOR_MAIL}` : e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL : 'mailto:operator@wartefrei.invalid'),
      extraOrigins: originsOf(e.PUSH_SERVICE_ORIGINS),
    },
    mailFrom: e.MAIL_FROM,
    webhooks: { allowedOrigins: originsOf(e.WEBHOOK_ALLOWED_ORIGINS), timeoutMs: e.WEBHOOK_TIMEOUT_MS },
    tokenTtlSeconds: e.TOKEN_TTL,
    seedDemo: e.SEED_DEMO ?? env.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'packages/web/dist')),
    loginLimits: { perUsername: 100, perIp: 300, windowSeconds: 3600 },
    drawLimit: { perIp: e.DRAW_LIMIT_PER_IP, windowSeconds: 600 },
    drawListLimit: { perList: e.DRAW_LIMIT_PER_LIST, windowSeconds: 60 },
    bookingLimit: { perIp: e.BOOKING_LIMIT_PER_IP, windowSeconds: 600 },
    checkInFailureLimit: { perLocation: 20, windowSeconds: 600 },
    signupLimit: { perIp: e.SIGNUP_LIMIT_PER_IP, windowSeconds: 3600 },
    apiKeyLimit: { perKey: e.API_KEY_LIMIT_PER_MINUTE, windowSeconds: 60 },
    // Per ticket: its confirmation, a move or two, the reminder and the alerts fit; a loop of moves does not.
    smsLimits: { perPhone: e.SMS_LIMIT_PER_PHONE, perTicket: 5, windowSeconds: 86_400 },
    microsoft: e.MS_CLIENT_ID && e.MS_CLIENT_SECRET ? { clientId: e.MS_CLIENT_ID, clientSecret: e.MS_CLIENT_SECRET, issuer: microsoftIssuer(e.MS_OIDC_ISSUER) } : undefined,
    metricsToken: e.METRICS_TOKEN,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, socketSpreadMs: e.SHUTDOWN_SOCKET_SPREAD_MS },
    paymentConfigured: Boolean(e.STRIPE_SECRET_KEY),
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        }
      : undefined,
    operator:
      e.OPERATOR_NAME && e.OPERATOR_ADDRESS && e.OPERATOR_MAIL
        ? {
            name: e.OPERATOR_NAME,
            addressLines: e.OPERATOR_ADDRESS.split(/\||\n/)
              .map((line) => line.trim())
              .filter(Boolean),
            mail: e.OPERATOR_MAIL,
            phone: e.OPERATOR_PHONE,
            representative: e.OPERATOR_REPRESENTATIVE,
            register: e.OPERATOR_REGISTER,
            vatId: e.OPERATOR_VAT_ID,
          }
        : undefined,
  };
}
