import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_IDENTIFIER, isReservedAccountIdentifier, type ApiError } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { registeredRoutes } from '../../../test/fuzz/route-catalogue.js';
import { asUser, givenAdmin, signupBody } from '../../../test/support/factories.js';

const t = useTestApp();

/*
 * A practice's identifier is the first segment of its public links (`/{account}/{location}`):
 * one equal to a path the server answers itself would never reach the practice. The web app's
 * own first segments are checked by packages/web/src/app/reserved-segments.test.ts.
 */
describe('reserved identifiers (issue 40 §9)', () => {
  it('include the first segment of every route the server registers', async () => {
    await t.app.ready();
    const firstSegments = new Set(
      registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
        .map((route) => route.path.split('/')[1] ?? '')
        // A parameter or the web app's wildcard is no word a practice could take.
        .filter((segment) => segment !== '' && !segment.startsWith(':') && segment !== '*'),
    );
    expect(firstSegments.size).toBeGreaterThan(20);
    expect([...firstSegments].filter((segment) => !isReservedAccountIdentifier(segment)).sort()).toEqual([]);
  });

  it("refuse the demo's name and a route's word at sign-up, and for a location", async () => {
    for (const identifier of [DEMO_ACCOUNT_IDENTIFIER, 'Images', 'metrics']) {
      const res = await t.inject({ method: 'POST', url: '/signup', payload: signupBody({ account_identifier: identifier }) });
      expect([identifier, res.statusCode, res.json<ApiError>().fields?.account_identifier?.code]).toEqual([identifier, 400, 'IDENTIFIER_RESERVED']);
    }
    const { user } = await givenAdmin(t);
    const location = await t.inject({ method: 'POST', url: '/profiles', headers: asUser(user), payload: { name: 'Demo', identifier: 'praxis-demo' } });
    expect([location.statusCode, location.json<ApiError>().fields?.identifier?.code]).toEqual([400, 'IDENTIFIER_RESERVED']);
  });
});
