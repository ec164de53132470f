// The ticket page's service worker (docs/product.md#alerts): shows the "almost your turn" alerts
// the server pushes — also with the page closed — and opens the ticket when one is tapped.
// Plain script, not bundled: it is served from the site's root so that its scope is the site.

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only pages of this site are opened from an alert. */
function sameSitePath(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  let alert;
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : '' };
  }
  const path = sameSitePath(alert.url || '/');
  event.waitUntil(
    self.registration.showNotification(alert.title || 'wartefrei', {
      body: alert.body || '',
      lang: alert.lang,
      // One notification per ticket: the call replaces "almost your turn".
      tag: alert.tag,
      renotify: Boolean(alert.tag),
      icon: '/favicon.svg',
      data: { path },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.path) || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname === path.split('?')[0]);
      return open ? open.focus() : self.clients.openWindow(path);
    }),
  );
});
