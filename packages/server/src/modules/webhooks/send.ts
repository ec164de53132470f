import http from 'node:http';
import https from 'node:https';
import type { HostResolver } from '../../platform/public-address.js';
import { connectionFor } from './address.js';
import { signatureHeader } from './signing.js';

export interface OutgoingWebhook {
  url: string;
  messageId: string;
  body: string;
  /** Every secret that signs: the current one, and the previous one during its 24 hours. */
  secrets: string[];
}

export interface SendOptions {
  allowedOrigins: readonly string[];
  resolveHost: HostResolver;
  timeoutMs: number;
}

/** What one attempt came to: the receiver's status, or why there was none. */
export type AttemptResult = { ok: boolean; status: number | null; error: string | null };

/**
 * POSTs one delivery and answers how it went; never throws. 2xx is success; anything else, a
 * redirect included (not followed), no answer within `timeoutMs`, or an address that is not
 * allowed any more, is a failed attempt. The receiver's body is read and dropped, never kept.
 */
export function sendWebhook(webhook: OutgoingWebhook, options: SendOptions): Promise<AttemptResult> {
  const connection = connectionFor(webhook.url, options.allowedOrigins, options.resolveHost);
  if (!connection) return Promise.resolve({ ok: false, status: null, error: 'address not allowed' });
  // The receiver compares the timestamp with its own clock (5 minutes' tolerance): it is the
  // real moment of sending, not the scheduling clock.
  const timestamp = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'wartefrei-webhooks',
    'webhook-id': webhook.messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatureHeader(webhook.secrets, webhook.messageId, timestamp, webhook.body),
    'content-length': String(Buffer.byteLength(webhook.body)),
  };
  const request = connection.url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    // No pooled agent: every attempt resolves (and checks) the name anew.
    const req = request(connection.url, { method: 'POST', headers, agent: false, lookup: connection.lookup, signal }, (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      resolve({ ok: status >= 200 && status <= 299, status, error: null });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      const reason = signal.aborted ? `no answer within ${options.timeoutMs} ms` : error.code === 'EADDRNOTPUBLIC' ? 'address not allowed' : (error.code ?? 'request failed');
      resolve({ ok: false, status: null, error: reason });
    });
    req.end(webhook.body);
  });
}
