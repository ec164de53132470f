import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new endpoint secret: `whsec_` and base64 of 32 random bytes (Standard Webhooks asks 24–64). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header: `v1,<HMAC-SHA256 of id.timestamp.body>` for every secret that
 * signs (the current one, and the one before a rotation for its 24 hours), space-separated, so
 * a receiver verifies with whichever it holds. The `standardwebhooks` package signs, the same
 * code receivers verify with.
 */
export function signatureHeader(secrets: readonly string[], messageId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(' ');
}
