import { randomBytes } from 'node:crypto';
import type { LoggedUser, SignupInput } from '@wartefrei/shared';
import { basic, type TestApp } from './test-app.js';

let counter = 0;

/** A valid sign-up body with unique identifier and mail; override what the test is about. */
export function signupBody(overrides: Partial<Record<keyof SignupInput, unknown>> = {}): SignupInput {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;
  // Overrides may break the types on purpose (missing consent, wrong types): that is the test.
  return {
    account_name: `Praxis ${n}`,
    account_identifier: `praxis-${n}`,
    display_name: 'Dr. Test',
    username: `admin-${n}@praxis.example`,
    password: 'richtig-langes-passwort',
    password_repeat: 'richtig-langes-passwort',
    accept_terms: true,
    accept_data_usage: true,
    ...overrides,
  } as SignupInput;
}

/** Extracts the first link starting with `prefix` from a mail text. */
export function linkIn(text: string, prefix: string): string {
  const match = text.match(new RegExp(`${prefix.replace(/[.?]/g, '\\$&')}[^\\s]+`));
  if (!match) throw new Error(`no link ${prefix} in mail:\n${text}`);
  return match[0];
}

/** Signs up through the API, opens the verification mail and verifies: a usable admin. */
export async function givenVerifiedAdmin(t: TestApp, overrides: Parameters<typeof signupBody>[0] = {}) {
  const body = signupBody(overrides);
  const since = t.smtp.mails.length;
  const signup = await t.inject({ method: 'POST', url: '/signup', payload: body });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const mail = await t.smtp.waitForMail(body.username, { since });
  const token = new URL(linkIn(mail.text, 'http://wartefrei.test/verify?token=')).searchParams.get('token');
  const verify = await t.inject({ method: 'POST', url: '/verify', payload: { token } });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  return { ...body, ...(signup.json<{ account_id: string; user_id: string }>()) };
}

/** Logs in with username and password; returns the logged user. */
export async function logIn(t: TestApp, username: string, password: string, ip = '127.0.0.1'): Promise<LoggedUser> {
  const res = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(username, password) }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json<LoggedUser>();
}
