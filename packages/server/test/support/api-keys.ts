import type { ApiScope, CreatedApiKey, LoggedUser } from '@wartefrei/shared';
import { asUser } from './factories.js';
import type { TestApp } from './test-app.js';

/** Request headers of a call made with an API key. */
export const asKey = (key: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...extra });

/** A key made by the admin through `POST /api-keys`; fails the test on anything but 201. */
export async function givenApiKey(t: TestApp, admin: LoggedUser, scopes: ApiScope[], name = 'Praxisverwaltung'): Promise<CreatedApiKey> {
  const res = await t.inject({ method: 'POST', url: '/api-keys', headers: asUser(admin), payload: { name, scopes } });
  if (res.statusCode !== 201) throw new Error(`api key failed: ${res.statusCode} ${res.body}`);
  return res.json<CreatedApiKey>();
}
