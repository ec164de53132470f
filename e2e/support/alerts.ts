import type { Page } from 'playwright-core';

/*
 * The ends of an "almost your turn" alert that lie outside the browser and the server: the Web
 * Push service and the SMS gateway run.mjs started on 127.0.0.1 (web-push-testing and the
 * integration suite's gateway), read back over HTTP.
 */

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set — start the end-to-end tests with "npm run test:e2e"`);
  return value;
}

export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
  lang: string;
}

/**
 * Stands in for the browser's own push service connection, which Chromium keeps with Google and
 * cannot reach here: `PushManager.subscribe` gets its subscription from the local push service
 * instead, for the key the page asked with. Everything after — the server encrypting, signing
 * and posting to that endpoint — is the real path. Answers the subscriptions made so far.
 */
export async function routePushSubscriptions(page: Page): Promise<{ clientHash: string }[]> {
  const origin = required('E2E_PUSH_URL');
  const made: { clientHash: string }[] = [];
  await page.exposeFunction('__subscribeAtTestPushService', async (applicationServerKey: string) => {
    const res = await fetch(`${origin}/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationServerKey }) });
    const { data } = (await res.json()) as { data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string } };
    made.push({ clientHash: data.clientHash });
    return data;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __subscribeAtTestPushService: (key: string) => Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> };
    const base64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = () => Promise.resolve(current);
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array((key as ArrayBufferView).buffer);
      const json = await w.__subscribeAtTestPushService(base64url(bytes));
      current = {
        endpoint: json.endpoint,
        expirationTime: null,
        options: { applicationServerKey: bytes.buffer, userVisibleOnly: true },
        toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
        getKey: () => null,
      } as unknown as PushSubscription;
      return current;
    };
  });
  return made;
}

/** What the push service received for a subscription, decrypted, oldest first. */
export async function pushesReceived(clientHash: string): Promise<PushMessage[]> {
  const res = await fetch(`${required('E2E_PUSH_URL')}/get-notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientHash }),
  });
  const { data } = (await res.json()) as { data: { messages: string[] } };
  return data.messages.map((message) => JSON.parse(message) as PushMessage);
}

/** The SMS the gateway received for a number (as stored: +43…, no spaces). */
export async function smsReceived(to: string): Promise<{ to: string; text: string }[]> {
  const res = await fetch(required('E2E_SMS_URL'));
  return ((await res.json()) as { to: string; text: string }[]).filter((sms) => sms.to === to);
}

/**
 * Hands a push message to the page's service worker as the push service would (Chrome DevTools
 * Protocol), and answers the notifications it then shows.
 */
export async function deliverToServiceWorker(page: Page, payload: string): Promise<{ title: string; body: string }[]> {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
      const live = event.registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data: payload });
  return page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    for (let i = 0; i < 50; i++) {
      const shown = await ready.getNotifications();
      if (shown.length > 0) return shown.map((n) => ({ title: n.title, body: n.body }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return [];
  });
}
