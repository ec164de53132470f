export { webhooksRoutes } from './webhooks.routes.js';
export { dispatchDueDeliveries, startWebhookDispatcher, webhookRetryDelayMs, WEBHOOK_RETRY_WINDOW_MS, type WebhookDispatcher } from './delivery.js';
