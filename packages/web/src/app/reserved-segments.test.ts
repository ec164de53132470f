import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isReservedAccountIdentifier } from '@wartefrei/shared';
import { routes } from './routes';

/** Every path of the router, joined with its parents' (children's paths are relative). */
function pathsOf(objects: RouteObject[], parent = ''): string[] {
  return objects.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    return [...(route.path === undefined ? [] : [own]), ...pathsOf(route.children ?? [], own)];
  });
}

/*
 * A practice's identifier is the first segment of its links (`/{account}/{location}`): one equal
 * to a page of the web app would open that page instead. The server's own routes are checked by
 * packages/server/src/modules/accounts/reserved-identifiers.test.ts (issue 40 §9).
 */
describe("the web app's first path segments", () => {
  it('are all reserved identifiers', () => {
    const firstSegments = new Set(
      pathsOf(routes)
        .map((path) => path.split('/')[1] ?? '')
        .filter((segment) => segment !== '' && segment !== '*' && !segment.startsWith(':')),
    );
    expect(firstSegments).toContain('backend');
    expect(firstSegments).toContain('demo');
    expect([...firstSegments].filter((segment) => !isReservedAccountIdentifier(segment)).sort()).toEqual([]);
  });
});
