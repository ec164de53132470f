/*
 * The browser's half of Web Push (docs/product.md#alerts): the service worker at /sw.js, the
 * permission, and a subscription for the server's VAPID key. Everything here is the browser's
 * own API; no library is loaded on the patient's phone for it.
 */

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window) || !window.isSecureContext) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** base64url → the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (the patient just tapped, as browsers require) and subscribes; answers the
 * subscription as JSON for the server, or 'denied' when the patient said no.
 */
export async function subscribeToPush(vapidKey: string): Promise<PushSubscriptionJSON | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  // A subscription made for another key (a reinstalled server) cannot be used: start anew.
  if (existing && !sameKey(existing, vapidKey)) await existing.unsubscribe();
  const subscription =
    (existing && sameKey(existing, vapidKey) ? existing : undefined) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidKey) }));
  return subscription.toJSON();
}

function sameKey(subscription: PushSubscription, vapidKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const ours = keyBytes(vapidKey);
  const theirs = new Uint8Array(key);
  return theirs.length === ours.length && theirs.every((byte, i) => byte === ours[i]);
}
