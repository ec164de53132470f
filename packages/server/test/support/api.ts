/*
 * Entities made through their own API, for the suites that test that API or what a client
 * sees right after it (normalised identifiers, the default flag, presented fields). Every other
 * suite takes its givens from factories.ts.
 */
import type { LoggedUser, Profile, Queue } from '@wartefrei/shared';
import { asUser } from './factories.js';
import type { TestApp } from './test-app.js';

let counter = 0;
const unique = () => `${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** `POST /profiles` as the admin; fails the test on anything but 201. */
export async function postProfile(t: TestApp, admin: LoggedUser, overrides: Record<string, unknown> = {}): Promise<Profile> {
  const n = unique();
  const res = await t.inject({
    method: 'POST',
    url: '/profiles',
    headers: asUser(admin),
    payload: { name: `Standort ${n}`, identifier: `standort-${n}`, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`profile creation failed: ${res.body}`);
  return res.json<Profile>();
}

/** `POST /queues` in the location as the admin; fails the test on anything but 201. */
export async function postQueue(t: TestApp, admin: LoggedUser, profileId: string, overrides: Record<string, unknown> = {}): Promise<Queue> {
  const n = unique();
  const res = await t.inject({
    method: 'POST',
    url: '/queues',
    headers: asUser(admin),
    payload: { profile_id: profileId, name: `Warteliste ${n}`, identifier: `liste-${n}`, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`queue creation failed: ${res.body}`);
  return res.json<Queue>();
}
