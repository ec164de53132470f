import {
  WEBHOOK_TEST_EVENT,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { isDemoAccount } from '../accounts/index.js';
import { webhookUrlAllowed } from './address.js';
import { newWebhookSecret } from './signing.js';
import {
  deleteEndpointOf,
  findDeliveryOf,
  findEndpointOf,
  insertDelivery,
  insertEndpoint,
  listDeliveriesOf,
  listEndpointsOf,
  requeueDelivery,
  updateEndpointOf,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repo.js';

/** How long the secret before a rotation keeps signing alongside the new one. */
export const PREVIOUS_SECRET_HOURS = 24;
/** The deliveries list shows this many, newest first. */
const DELIVERIES_SHOWN = 100;

export function presentEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    description: row.description,
    disabled: row.disabledAt !== null,
    disabled_reason: row.disabledReason,
    previous_secret_until: row.previousSecret && row.previousSecretUntil ? row.previousSecretUntil.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.messageId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    last_response_code: row.lastResponseCode,
    last_error: row.lastError,
    next_attempt_at: row.status === 'PENDING' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

async function endpointOf(ctx: AppContext, actor: Actor, id: string): Promise<EndpointRow> {
  const row = await findEndpointOf(ctx.db, actor.accountId, id);
  if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return row;
}

export async function listEndpoints(ctx: AppContext, actor: Actor): Promise<WebhookEndpoint[]> {
  return (await listEndpointsOf(ctx.db, actor.accountId)).map(presentEndpoint);
}

export async function getEndpoint(ctx: AppContext, actor: Actor, id: string): Promise<WebhookEndpoint> {
  return presentEndpoint(await endpointOf(ctx, actor, id));
}

/** `POST /webhook-endpoints`: the URL must pass the SSRF rule now (and again at every send); the secret is shown this once. */
export async function createEndpoint(ctx: AppContext, actor: Actor, input: CreateWebhookEndpointInput): Promise<WebhookEndpointWithSecret> {
  if (!(await webhookUrlAllowed(input.url, ctx.config.webhooks.allowedOrigins, ctx.resolveHost))) throw new AppError('WEBHOOK_URL_NOT_ALLOWED');
  // The public demo is anyone's: it must not become a way to have this server post to any
  // address on the internet. There, only the operator's own origins are receivers.
  if (!ctx.config.webhooks.allowedOrigins.includes(new URL(input.url).origin) && (await isDemoAccount(ctx.db, actor.accountId))) throw new AppError('DEMO_READ_ONLY');
  const row = await insertEndpoint(ctx.db, {
    accountId: actor.accountId,
    url: input.url,
    events: input.events,
    description: input.description ?? null,
    secret: newWebhookSecret(),
  });
  return { ...presentEndpoint(row), secret: row.secret };
}

/** `PATCH /webhook-endpoints/{id}`: events, description, and switching it off or on again (which resumes what is pending). */
export async function updateEndpoint(ctx: AppContext, actor: Actor, id: string, input: UpdateWebhookEndpointInput): Promise<WebhookEndpoint> {
  await endpointOf(ctx, actor, id);
  const changes: Partial<EndpointRow> = {};
  if (input.events) changes.events = input.events;
  if (input.description !== undefined) changes.description = input.description;
  if (input.disabled !== undefined) {
    changes.disabledAt = input.disabled ? ctx.clock.now() : null;
    changes.disabledReason = input.disabled ? 'MANUAL' : null;
  }
  if (Object.keys(changes).length === 0) return presentEndpoint(await endpointOf(ctx, actor, id));
  const row = await updateEndpointOf(ctx.db, actor.accountId, id, changes);
  if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return presentEndpoint(row);
}

export async function deleteEndpoint(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!(await deleteEndpointOf(ctx.db, actor.accountId, id))) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
}

/**
 * `POST /webhook-endpoints/{id}/rotate-secret`: a new secret signs from now on, and the one it
 * replaces signs alongside for 24 hours, so the receiver can switch without losing an event.
 */
export async function rotateSecret(ctx: AppContext, actor: Actor, id: string): Promise<WebhookEndpointWithSecret> {
  const current = await endpointOf(ctx, actor, id);
  const row = await updateEndpointOf(ctx.db, actor.accountId, id, {
    secret: newWebhookSecret(),
    previousSecret: current.secret,
    previousSecretUntil: new Date(ctx.clock.now().getTime() + PREVIOUS_SECRET_HOURS * 3600_000),
  });
  if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return { ...presentEndpoint(row), secret: row.secret };
}

export async function listDeliveries(ctx: AppContext, actor: Actor, id: string): Promise<WebhookDelivery[]> {
  const endpoint = await endpointOf(ctx, actor, id);
  return (await listDeliveriesOf(ctx.db, endpoint.id, DELIVERIES_SHOWN)).map(presentDelivery);
}

/** `POST …/deliveries/{id}/retry`: the same message (same webhook-id) once more, now, with a fresh 24 hours of retries. */
export async function retryDelivery(ctx: AppContext, actor: Actor, id: string, deliveryId: string): Promise<WebhookDelivery> {
  const endpoint = await endpointOf(ctx, actor, id);
  if (!(await findDeliveryOf(ctx.db, endpoint.id, deliveryId))) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  const row = await requeueDelivery(ctx.db, endpoint.id, deliveryId);
  if (!row) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  return presentDelivery(row);
}

/** "Test senden": a `webhook.test` event to this endpoint alone, through the outbox like every other. */
export async function sendTestEvent(ctx: AppContext, actor: Actor, id: string): Promise<WebhookDelivery> {
  const endpoint = await endpointOf(ctx, actor, id);
  const messageId = `msg_${crypto.randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({ type: WEBHOOK_TEST_EVENT, timestamp: ctx.clock.now().toISOString(), data: { endpoint_id: endpoint.id } });
  const row = await insertDelivery(ctx.db, { accountId: actor.accountId, endpointId: endpoint.id, messageId, eventType: WEBHOOK_TEST_EVENT, body });
  return presentDelivery(row);
}
