/**
 * Tells the server of a request that failed in this browser — no answer, or a server error — by
 * `POST /qt_monitor` (docs/product.md#the-api): fire and forget, given up after 10 s, never a
 * failure of its own. The operator sees them (`npm run admin -- client-failures`). Only the
 * method, the address without its query and the body's length go: never the body.
 */
export function reportFailedRequest(method: string, address: string, bodyLength: number): void {
  try {
    const url = new URL(address, window.location.origin);
    if (url.pathname === '/qt_monitor') return;
    const timeout = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(10_000) : undefined;
    void fetch('/qt_monitor', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientTime: new Date().toISOString(), reqLength: bodyLength, method, baseURL: window.location.origin, url: url.pathname }),
      keepalive: true,
      signal: timeout,
    }).catch(() => undefined);
  } catch {
    // A report must never break the page that failed.
  }
}

/** Whether a failure is worth reporting: no answer (not one the page called off), or a server error. */
export function isReportable(error: unknown, status: number | undefined): boolean {
  if (status !== undefined) return status >= 500;
  return !(error instanceof DOMException && error.name === 'AbortError');
}
