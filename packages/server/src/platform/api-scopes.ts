import type { ApiScope } from '@wartefrei/shared';

/**
 * Which scope an API key needs for each route (docs/api.md#scopes), in one
 * table, read by `requireUser`, `requireAdmin` and `optionalUser` (platform/auth.ts) for every
 * request made with a key. A rule names a method and a route pattern (`req.routeOptions.url`);
 * an area (`AREAS`) covers a path and everything below it for every method. A route in no rule
 * answers a key 403 API_KEY_SCOPE: a new route is closed to keys until someone decides.
 * A rule's scopes are all required; where two rules name one route, either suffices.
 */
interface ScopeRule {
  method: string;
  route: string;
  scopes: readonly ApiScope[];
}

const rules = (scope: ApiScope, method: string, routes: string[]): ScopeRule[] => routes.map((route) => ({ method, route, scopes: [scope] }));

export const API_SCOPE_RULES: readonly ScopeRule[] = [
  // Tickets: the lists and their members, as the work view reads them.
  ...rules('tickets:read', 'GET', ['/profiles', '/profiles/:id', '/queues', '/queues/:id', '/queues/:id/session', '/queues/:id/members', '/members/:token']),
  ...rules('tickets:write', 'POST', [
    '/queues/:id/members',
    '/queues/:id/session',
    '/queues/:id/call-next',
    '/members/:id/call',
    '/members/:id/finish',
    '/members/:id/requeue',
    '/members/:id/remove',
    '/members/:id/cancel',
    '/members/:id/move',
    '/members/:token/restore',
  ]),
  // Appointments: what can be booked, free times, the bookings.
  ...rules('appointments:read', 'GET', [
    '/profiles',
    '/profiles/:id',
    '/appointment-types',
    '/appointment-types/:id',
    '/appointment-types/:id/availability',
    '/appointments',
    '/appointments/:token',
  ]),
  ...rules('appointments:write', 'POST', [
    '/appointments',
    '/appointments/:token/cancel',
    '/appointments/:id/restore',
    '/appointments/:token/move',
    '/appointments/:token/check-in',
    '/appointments/:id/no-show',
  ]),
  ...rules('appointments:write', 'PATCH', ['/appointments/:id']),
  ...rules('appointments:write', 'DELETE', ['/appointments/:id']),
  // Reports: figures; the member export is a file the answer filter cannot thin out, so it needs names too.
  ...rules('reports:read', 'GET', [
    '/reports/summary',
    '/reports/timeseries',
    '/reports/heatmap',
    '/reports/processors',
    '/reports/queues',
    '/reports/probing',
    '/reports/members',
  ]),
  { method: 'GET', route: '/reports/members/export', scopes: ['reports:read', 'patients:read'] },
];

/** Whole areas under one scope, every method and every route below the path. */
export const API_SCOPE_AREAS: readonly { path: string; scopes: readonly ApiScope[] }[] = [
  { path: '/webhook-endpoints', scopes: ['webhooks:manage'] },
  { path: '/fhir/R4', scopes: ['fhir'] },
];

/**
 * Never open to a key, whatever a rule above says: the keys themselves (a key must not mint
 * keys), a person's own account, sessions and second factors, the encryption keys (they open
 * sealed patient data in a person's browser), billing and the audit log.
 */
export const NEVER_FOR_API_KEYS: readonly string[] = ['/api-keys', '/users/me', '/auth', '/encryption', '/billing', '/payment-methods', '/invoices', '/device-orders', '/audit'];

const under = (route: string, path: string) => route === path || route.startsWith(`${path}/`);

/** The scope sets that open `method route` to a key (any one suffices); empty: never for a key. */
export function scopesForRoute(method: string, route: string | undefined): (readonly ApiScope[])[] {
  if (route === undefined || NEVER_FOR_API_KEYS.some((path) => under(route, path))) return [];
  const exact = API_SCOPE_RULES.filter((rule) => rule.method === method && rule.route === route).map((rule) => rule.scopes);
  if (exact.length > 0) return exact;
  return API_SCOPE_AREAS.filter((area) => under(route, area.path)).map((area) => area.scopes);
}

/** Whether a key with `granted` scopes may call `method route`. */
export function keyMayCall(granted: readonly ApiScope[], method: string, route: string | undefined): boolean {
  return scopesForRoute(method, route).some((needed) => needed.every((scope) => granted.includes(scope)));
}

/**
 * A route's OpenAPI security as this table says it: where a key may call it, `apiKey` beside the
 * staff login, and the scope sets that open it as `x-api-key-scopes` (bearer schemes carry no
 * scopes of their own in OpenAPI 3.0).
 */
export function withApiKeySecurity<S extends { security?: unknown }>(schema: S, method: string | string[], route: string): S {
  const needed = scopesForRoute(Array.isArray(method) ? method[0]! : method, route);
  if (!Array.isArray(schema.security) || needed.length === 0) return schema;
  return { ...schema, security: [...(schema.security as unknown[]), { apiKey: [] }], 'x-api-key-scopes': needed };
}
