import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import webpush from 'web-push';
import { isPublicWebAddress } from '@wartefrei/shared';
import { AddressNotPublic, isPublicIp, publicOnlyLookup, resolvePublicHost, systemResolver, type HostResolver } from './public-address.js';

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
  /** Whether a push address a browser handed in may be stored: `pushEndpointAllowed` with this sender's resolver. */
  endpointAllowed(endpoint: string): Promise<boolean>;
  send(push: OutgoingPush): Promise<void>;
}

export interface PushSenderOptions {
  keys: VapidKeys;
  contact: string;
  /** `PUSH_SERVICE_ORIGINS`: posted to as they are, also on plain http or a private address. */
  extraOrigins: readonly string[];
  /** How host names resolve (the system's resolver unless a test maps a name). */
  resolveHost?: HostResolver;
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const vapidDetails = { subject: options.contact, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  const resolveHost = options.resolveHost ?? systemResolver;
  // Every connection to a push address a browser handed in goes through this agent: its lookup
  // resolves, refuses a non-public answer and connects to the address it checked, so a name that
  // was public when the patient subscribed and points inside by the time of the alert gets nothing.
  const publicAgent = new https.Agent({ keepAlive: true, lookup: publicOnlyLookup(resolveHost) });
  return {
    publicKey: options.keys.publicKey,
    endpointAllowed: (endpoint) => pushEndpointAllowed(endpoint, options.extraOrigins, resolveHost),
    async send(push) {
      // web-push encrypts and signs; the request itself is ours, so that it goes through our agent.
      const request = webpush.generateRequestDetails({ endpoint: push.endpoint, keys: push.keys }, push.payload, {
        vapidDetails,
        TTL: push.ttlSeconds,
        urgency: 'high',
      });
      const url = new URL(request.endpoint);
      const listed = options.extraOrigins.includes(url.origin);
      // Stored before these rules were as strict, or an IP literal the agent's lookup never sees.
      if (!listed && !endpointShapeAllowed(url)) throw new AddressNotPublic(`${url.hostname} is not a public address`);
      const status = await post(url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        agent: listed ? undefined : publicAgent,
      });
      if (status === 404 || status === 410) throw new PushSubscriptionGone(`push service answered ${status}: subscription gone`);
      if (status < 200 || status > 299) throw new Error(`push service answered ${status}`);
    },
  };
}

/** Posts and answers the status; redirects are not followed (a 3xx is a failure). */
function post(url: URL, request: { method: string; headers: http.OutgoingHttpHeaders; body: Buffer | null; agent: https.Agent | undefined }): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(url, { method: request.method, headers: request.headers, agent: request.agent, signal: AbortSignal.timeout(10_000) }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(request.body ?? undefined);
  });
}

/** A fresh VAPID key pair (P-256), made once at the first start. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/** The endpoint's own form: https, no credentials, a public-looking host (the shared rule), a public IP if it is one. */
function endpointShapeAllowed(url: URL): boolean {
  if (url.protocol !== 'https:' || url.username || url.password || !isPublicWebAddress(url.href)) return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return !isIP(host) || isPublicIp(host);
}

/**
 * Whether the server may POST to a push endpoint a browser handed in: https on a public host,
 * so the endpoint cannot make the server knock at the practice's own network — the shared rule
 * for web addresses (docs/product.md#validation-rules) on its name, then every address the name
 * resolves to (none private, loopback, link-local, …; `isPublicIp`) — without credentials in
 * it; or one of the configured extra origins. A name that does not resolve is refused.
 */
export async function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[], resolveHost: HostResolver = systemResolver): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  if (!endpointShapeAllowed(url)) return false;
  try {
    await resolvePublicHost(url.hostname, resolveHost);
    return true;
  } catch {
    return false;
  }
}
