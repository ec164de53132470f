import { describe, expect, it } from 'vitest';
import { API_SCOPE_AREAS, API_SCOPE_RULES, keyMayCall, NEVER_FOR_API_KEYS, scopesForRoute } from './api-scopes.js';

describe('the scope table', () => {
  it.each([
    ['GET', '/queues/:id/members', ['tickets:read'], true],
    ['POST', '/queues/:id/members', ['tickets:read'], false],
    ['POST', '/queues/:id/members', ['tickets:write'], true],
    ['POST', '/appointments', ['appointments:read'], false],
    ['POST', '/appointments', ['appointments:write'], true],
    ['GET', '/profiles', ['appointments:read'], true],
    ['GET', '/profiles', ['tickets:read'], true],
    ['GET', '/profiles', ['reports:read'], false],
    ['GET', '/reports/members', ['reports:read'], true],
    ['GET', '/reports/members/export', ['reports:read'], false],
    ['GET', '/reports/members/export', ['reports:read', 'patients:read'], true],
    // Whole areas, every method, everything below.
    ['GET', '/webhook-endpoints', ['webhooks:manage'], true],
    ['POST', '/webhook-endpoints/:id/rotate-secret', ['webhooks:manage'], true],
    ['POST', '/webhook-endpoints/:id/deliveries/:deliveryId/retry', ['webhooks:manage'], true],
    ['DELETE', '/webhook-endpoints/:id', ['tickets:write'], false],
    ['GET', '/fhir/R4/metadata', ['fhir'], true],
    ['POST', '/fhir/R4/Appointment', ['fhir'], true],
    ['GET', '/fhir/R4/Slot', ['appointments:read'], false],
    // A prefix is a path, not a string: /fhir/R4x is not below /fhir/R4.
    ['GET', '/fhir/R4x', ['fhir'], false],
    // Not in the table: closed.
    ['GET', '/info-tags', ['tickets:read', 'tickets:write', 'appointments:read', 'appointments:write', 'patients:read', 'reports:read', 'webhooks:manage', 'fhir'], false],
    ['HEAD', '/queues', ['tickets:read'], false],
    ['GET', undefined, ['tickets:read'], false],
  ] as const)('%s %s with %j: %s', (method, route, granted, allowed) => {
    expect(keyMayCall([...granted], method, route)).toBe(allowed);
  });

  it('never opens what is never for a key, whatever a rule says', () => {
    for (const route of [
      '/api-keys',
      '/api-keys/:id',
      '/users/me',
      '/users/me/sessions/:id',
      '/users/me/second-factors/totp',
      '/encryption/my-key',
      '/billing',
      '/payment-methods/setup',
      '/invoices/:id/pdf',
      '/device-orders',
      '/audit/export',
      '/auth',
    ]) {
      expect(scopesForRoute('GET', route), route).toEqual([]);
    }
    const underNever = (route: string) => NEVER_FOR_API_KEYS.some((path) => route === path || route.startsWith(`${path}/`));
    expect(API_SCOPE_RULES.filter((rule) => underNever(rule.route))).toEqual([]);
    expect(API_SCOPE_AREAS.filter((area) => underNever(area.path))).toEqual([]);
  });

  it('names every route once per scope set (no rule hides another)', () => {
    const keys = API_SCOPE_RULES.map((rule) => `${rule.method} ${rule.route} ${rule.scopes.join('+')}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
