import { Secret, TOTP } from 'otpauth';
import type { ActivatedSecondFactor, LoggedUser, NewTotp } from '@wartefrei/shared';
import { asUser } from './factories.js';
import type { TestApp } from './test-app.js';

/** The code an authenticator app would show for the secret at an instant (the library's own, not ours). */
export function totpCodeAt(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at.getTime() });
}

/** Adds a TOTP for the user and confirms it with the current code: the factor, its secret and any recovery codes. */
export async function givenTotp(t: TestApp, user: LoggedUser, name = 'Handy') {
  const started = await t.inject({ method: 'POST', url: '/users/me/second-factors/totp', headers: asUser(user), payload: { name } });
  if (started.statusCode !== 201) throw new Error(`totp start failed: ${started.body}`);
  const { id, secret } = started.json<NewTotp>();
  const confirmed = await t.inject({ method: 'POST', url: `/users/me/second-factors/${id}/confirm`, headers: asUser(user), payload: { code: totpCodeAt(secret, t.clock.now()) } });
  if (confirmed.statusCode !== 200) throw new Error(`totp confirm failed: ${confirmed.body}`);
  return { id, secret, ...confirmed.json<ActivatedSecondFactor>() };
}
