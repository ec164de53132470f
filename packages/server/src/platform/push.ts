import webpush from 'web-push';
import { isPublicWebAddress } from '@wartefrei/shared';

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

/**
 * Whether the server may POST to a push endpoint a browser handed in: https on a public host —
 * the shared rule for web addresses (docs/product.md#validation-rules: no private, loopback or
 * link-local address), so the endpoint cannot make the server knock at the practice's own
 * network — without credentials in it; or one of the configured extra origins.
 */
export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && !url.username && !url.password && isPublicWebAddress(endpoint);
}
