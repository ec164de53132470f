import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput, WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@wartefrei/shared';
import { api } from '../../../lib/api';

/** The queries of the webhook section: the endpoints, and each one's deliveries. */
export const webhookKeys = {
  all: ['webhook-endpoints'] as const,
  // Apart from the list: refreshing the list (after a delete) must not fetch a deleted endpoint's deliveries.
  deliveries: (id: string) => ['webhook-deliveries', id] as const,
};

const path = (id: string) => `/webhook-endpoints/${id}`;

/** The calls of `docs/api.md#webhooks`; each refusal shows where the caller says (`silent`). */
export const webhooksApi = {
  list: () => api.get<WebhookEndpoint[]>('/webhook-endpoints'),
  create: (body: CreateWebhookEndpointInput) => api.post<WebhookEndpointWithSecret>('/webhook-endpoints', body, { silent: true }),
  update: (id: string, body: UpdateWebhookEndpointInput) => api.patch<WebhookEndpoint>(path(id), body),
  rotate: (id: string) => api.post<WebhookEndpointWithSecret>(`${path(id)}/rotate-secret`),
  deliveries: (id: string) => api.get<WebhookDelivery[]>(`${path(id)}/deliveries`),
  retry: (id: string, deliveryId: string) => api.post<WebhookDelivery>(`${path(id)}/deliveries/${deliveryId}/retry`),
  sendTest: (id: string) => api.post<WebhookDelivery>(`${path(id)}/test`),
  deletePath: path,
};
