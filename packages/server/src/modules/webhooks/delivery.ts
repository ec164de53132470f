import { isSupportedLang, translate } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { findAccountById, findActiveAdmins, sendMail } from '../accounts/index.js';
import { claimDueDeliveries, disableFailingEndpoint, findEndpointById, recordAttempt, type DeliveryRow, type EndpointRow } from './webhooks.repo.js';
import { sendWebhook, type AttemptResult } from './send.js';
import { startPollLoop } from '../../platform/poll-loop.js';

/** Retries go on for at least this long after the first attempt; then the endpoint is switched off. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;
const FIRST_RETRY_MS = 20_000;
const MAX_RETRY_MS = 4 * 3600_000;
/** Twice the receiver's time to answer and more: the lease outlives every attempt of a live sender. */
const leaseMs = (timeoutMs: number) => 2 * timeoutMs + 5_000;

/**
 * The wait before retry n (1-based): 20 s times 3^(n-1), at most 4 hours, less up to a quarter
 * at random so endpoints that failed together do not all come back at once. The first retry
 * comes within a minute; 24 hours take about a dozen attempts.
 */
export function webhookRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 3 ** (attempt - 1), MAX_RETRY_MS);
  return Math.round(base * (1 - 0.25 * random()));
}

export interface DispatchResult {
  delivered: number;
  retried: number;
  failed: number;
}

/**
 * One round of a sender: lease the due deliveries (one per endpoint), send them at once, each
 * outside any transaction, and record each outcome under its lease. Due-ness and backoff read
 * `ctx.clock`, so tests drive retries without waiting.
 */
export async function dispatchDueDeliveries(ctx: AppContext, options: { runnerId: string; limit?: number }): Promise<DispatchResult> {
  const now = ctx.clock.now();
  const leaseUntil = new Date(now.getTime() + leaseMs(ctx.config.webhooks.timeoutMs));
  const claimed = await claimDueDeliveries(ctx.db, { runnerId: options.runnerId, now, leaseUntil, limit: options.limit ?? 20 });
  const result: DispatchResult = { delivered: 0, retried: 0, failed: 0 };
  await Promise.all(
    claimed.map(async (delivery) => {
      const outcome = await attempt(ctx, delivery, options.runnerId, leaseUntil);
      if (outcome) result[outcome]++;
    }),
  );
  return result;
}

async function attempt(ctx: AppContext, delivery: DeliveryRow, runnerId: string, leaseUntil: Date): Promise<keyof DispatchResult | undefined> {
  const endpoint = await findEndpointById(ctx.db, delivery.endpointId);
  if (!endpoint) return undefined; // deleted meanwhile: its deliveries went with it
  const sent: AttemptResult = await sendWebhook(
    { url: endpoint.url, messageId: delivery.messageId, body: delivery.body, secrets: signingSecrets(endpoint, ctx.clock.now()) },
    { allowedOrigins: ctx.config.webhooks.allowedOrigins, resolveHost: ctx.resolveHost, timeoutMs: ctx.config.webhooks.timeoutMs },
  );
  const now = ctx.clock.now();
  const lease = { id: delivery.id, runnerId, leaseUntil };
  if (sent.ok) {
    await recordAttempt(ctx.db, lease, { status: 'DELIVERED', nextAttemptAt: null, lastResponseCode: sent.status, lastError: null, deliveredAt: now });
    return 'delivered';
  }
  ctx.log.info({ endpointId: endpoint.id, deliveryId: delivery.id, attempts: delivery.attempts, status: sent.status, reason: sent.error }, 'webhook attempt failed');
  const firstAttempt = delivery.firstAttemptAt ?? now;
  const givingUp = now.getTime() - firstAttempt.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
  const recorded = await recordAttempt(ctx.db, lease, {
    status: givingUp ? 'FAILED' : 'PENDING',
    nextAttemptAt: givingUp ? null : new Date(now.getTime() + webhookRetryDelayMs(delivery.attempts)),
    lastResponseCode: sent.status,
    lastError: sent.error,
    deliveredAt: null,
  });
  if (!recorded) return undefined; // the lease ran out and another sender took over
  if (!givingUp) return 'retried';
  const disabled = await disableFailingEndpoint(ctx.db, endpoint.id, now);
  if (disabled) await mailAdmins(ctx, disabled, sent);
  return 'failed';
}

/** The secrets that sign now: the current one, and the previous one until its 24 hours are over. */
export function signingSecrets(endpoint: Pick<EndpointRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>, now: Date): string[] {
  const previousValid = endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil.getTime() > now.getTime();
  return previousValid ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

/** Tells every admin of the practice that an endpoint was switched off, in their language. */
async function mailAdmins(ctx: AppContext, endpoint: EndpointRow, sent: AttemptResult): Promise<void> {
  const account = await findAccountById(ctx.db, endpoint.accountId);
  const admins = await findActiveAdmins(ctx.db, endpoint.accountId);
  const last = sent.status !== null ? `HTTP ${sent.status}` : (sent.error ?? '—');
  for (const admin of admins) {
    const lang = isSupportedLang(admin.lang) ? admin.lang : 'de';
    await sendMail(ctx, {
      to: admin.username,
      lang,
      subject: translate(lang, 'mail', 'webhook_disabled_subject', [endpoint.url]),
      greetingName: admin.displayName,
      body: translate(lang, 'mail', 'webhook_disabled_body', [endpoint.url, account?.displayName ?? '', last, `${ctx.config.publicUrl}/backend/management?tab=integrations`]),
    });
  }
}

export interface WebhookDispatcher {
  stop(): Promise<void>;
}

/**
 * Polls for due deliveries every `intervalMs` (1 s) while idle, on every node, and goes on at
 * once while there is work. Draws and calls only write the outbox row: nothing here runs on
 * their request path.
 */
export function startWebhookDispatcher(ctx: AppContext, options: { runnerId: string; intervalMs?: number }): WebhookDispatcher {
  // Anything sent: the next of those endpoints may be due already (one goes per endpoint and
  // round, to keep their order), so go on at once; an idle round waits.
  return startPollLoop(ctx.log, options.intervalMs ?? 1000, 'webhook dispatch failed', () =>
    dispatchDueDeliveries(ctx, { runnerId: options.runnerId, limit: 20 }).then((r) => r.delivered + r.retried + r.failed > 0),
  );
}
