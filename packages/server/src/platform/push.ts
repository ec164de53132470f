import { isIP } from 'node:net';
import webpush from 'web-push';

/*
 * Web Push (RFC 8030, payload encryption RFC 8291, VAPID RFC 8292) through the `web-push`
 * library: it encrypts for the browser's keys and signs for our VAPID key, which is the part one
 * must not write oneself. The push service (Google's, Mozilla's, Apple's, Microsoft's — or a test
 * service on 127.0.0.1) delivers to the browser's service worker, also with the page closed.
 */

export interface VapidKeys {
  /** base64url, the browser's `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

export interface OutgoingPush {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What the service worker receives (JSON text). */
  payload: string;
  /** How long the push service may keep it for an offline phone: an alert is worth little later. */
  ttlSeconds: number;
}

/** The push service says the subscription is gone (404/410): the browser unsubscribed or it expired. */
export class PushSubscriptionGone extends Error {}

export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey: string;
  send(push: OutgoingPush): Promise<void>;
}

export function createPushSender(options: { keys: VapidKeys; contact: string }): PushSender {
  const vapidDetails = { subject: options.contact, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  return {
    publicKey: options.keys.publicKey,
    async send(push) {
      // web-push encrypts and signs; the request itself goes by fetch, which also reaches a
      // push service on plain http (a test service on this machine; pushEndpointAllowed decides).
      const request = webpush.generateRequestDetails({ endpoint: push.endpoint, keys: push.keys }, push.payload, {
        vapidDetails,
        TTL: push.ttlSeconds,
        urgency: 'high',
      });
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? null,
        signal: AbortSignal.timeout(10_000),
        redirect: 'error',
      });
      if (res.status === 404 || res.status === 410) throw new PushSubscriptionGone(`push service answered ${res.status}: subscription gone`);
      if (!res.ok) throw new Error(`push service answered ${res.status}`);
    },
  };
}

/** A fresh VAPID key pair (P-256), made once at the first start. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

const PRIVATE_V4 = [/^10\./, /^127\./, /^169\.254\./, /^172\.(1[6-9]|2\d|3[01])\./, /^192\.168\./, /^0\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./];

/**
 * Whether the server may POST to a push endpoint a browser handed in: an https address on a
 * public host name — never a private or loopback address, so the endpoint cannot make the
 * server knock at the practice's own network — or one of the configured extra origins.
 */
export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return false;
  const ipVersion = isIP(host);
  if (ipVersion === 4) return !PRIVATE_V4.some((range) => range.test(host));
  // IPv6 literals: no push service is addressed by one; refusing them all is simplest and safe.
  if (ipVersion === 6) return false;
  return host.includes('.');
}
