import { z } from 'zod';

/**
 * Outgoing events (Standard Webhooks, docs/api.md#webhooks). An endpoint subscribes to some of
 * these; the names are relied on by receivers outside, so they never change.
 */
export const WEBHOOK_EVENT_TYPES = [
  'ticket.drawn',
  'ticket.called',
  'ticket.finished',
  'ticket.cancelled',
  'appointment.booked',
  'appointment.moved',
  'appointment.cancelled',
  'appointment.checked_in',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** What "Test senden" sends: to the one endpoint asked, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const WebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);

/** Why an endpoint gets nothing: switched off by an admin, or by the server after 24 h of failures. */
export const WEBHOOK_DISABLED_REASONS = ['MANUAL', 'FAILING'] as const;

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

const events = z
  .array(WebhookEventType)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

export const CreateWebhookEndpointInput = z.strictObject({
  url: z.string().trim().url().max(WEBHOOK_URL_MAX_LENGTH),
  events,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH).nullable().optional(),
});
export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointInput>;

export const UpdateWebhookEndpointInput = z.strictObject({
  events: events.optional(),
  disabled: z.boolean().optional(),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH).nullable().optional(),
});
export type UpdateWebhookEndpointInput = z.infer<typeof UpdateWebhookEndpointInput>;

export const WebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(WebhookEventType),
  description: z.string().nullable(),
  disabled: z.boolean(),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  /** Until when the secret before the last rotation still signs alongside (null: none does). */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The answer of create and rotate: the only two that ever show the secret. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  /** `whsec_` and base64 of 32 random bytes: what the receiver verifies with. */
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookDelivery = z.object({
  id: z.uuid(),
  /** The `webhook-id` header: the same on every attempt, so a receiver can drop repeats. */
  webhook_id: z.string(),
  event_type: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  last_response_code: z.number().int().nullable(),
  /** Why the last attempt failed without an answer (timeout, refused address), never a body. */
  last_error: z.string().nullable(),
  /** When the next attempt is due (null: delivered, failed, or as soon as a sender is free). */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
