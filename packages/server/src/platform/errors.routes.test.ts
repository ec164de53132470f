import { describe, expect, it } from 'vitest';
import type { ApiError } from '@wartefrei/shared';
import { useTestApp } from '../../test/support/use-test-app.js';
import { signupBody } from '../../test/support/factories.js';

const t = useTestApp();

const json = { 'content-type': 'application/json' };
const valid = () => JSON.stringify(signupBody());

describe('malformed input is a 4xx with a code, never a 500 or a stack trace', () => {
  it.each([
    ['broken JSON', '/signup', json, '{"account_name": ', 400, 'MALFORMED_JSON'],
    ['empty JSON body', '/signup', json, '', 400, 'MALFORMED_JSON'],
    ['JSON null', '/signup', json, 'null', 400, 'VALIDATION'],
    ['an array', '/signup', json, '[1,2]', 400, 'VALIDATION'],
    ['a number for a text', '/signup', json, JSON.stringify({ ...signupBody(), account_name: 42 }), 400, 'VALIDATION'],
    ['a text for a consent', '/signup', json, JSON.stringify({ ...signupBody(), accept_terms: 'ja' }), 400, 'VALIDATION'],
    ['an unknown field', '/signup', json, JSON.stringify({ ...signupBody(), is_admin: true }), 400, 'VALIDATION'],
    ['a nested object', '/verify', json, JSON.stringify({ token: { $ne: null } }), 400, 'VALIDATION'],
    ['form encoding', '/signup', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=b', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['XML', '/signup', { 'content-type': 'application/xml' }, '<a/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['over 1 MB', '/signup', json, JSON.stringify({ ...signupBody(), account_name: 'x'.repeat(1024 * 1024) }), 413, 'PAYLOAD_TOO_LARGE'],
    ['a 50-character-too-long name', '/signup', json, JSON.stringify({ ...signupBody(), account_name: 'x'.repeat(101) }), 400, 'VALIDATION'],
    ['an unknown path', '/gibt-es-nicht', json, valid(), 404, 'NOT_FOUND'],
    // PostgreSQL stores no NUL character: the text is refused as input, not a 500.
    ['a NUL character in a text', '/signup', json, JSON.stringify({ ...signupBody(), account_name: 'Praxis\u0000Muster' }), 400, 'VALIDATION'],
  ])('%s → %i %s', async (_name, url, headers, payload, status, code) => {
    const res = await t.inject({ method: 'POST', url, headers, payload });
    expect(res.statusCode).toBe(status);
    const body = res.json<ApiError>();
    expect(body.code).toBe(code);
    expect(body.statusCode).toBe(status);
    expect(body.message.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|stack/i);
  });

  it('names every wrong field at once, with its limit', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/signup',
      headers: json,
      payload: JSON.stringify({ ...signupBody(), account_name: 'x'.repeat(101), accept_terms: 'ja', extra: 1 }),
    });
    expect(res.json<ApiError>().fields).toEqual({
      account_name: { code: 'MAX_LENGTH', message: 'Name der Praxis darf maximal 100 Zeichen lang sein' },
      accept_terms: { code: 'CONSENT_REQUIRED', message: 'Nutzungsbedingungen: Ihre Zustimmung ist erforderlich' },
      extra: { code: 'UNKNOWN_FIELD', message: 'extra ist kein bekanntes Feld' },
    });
  });
});

describe('the caller’s language', () => {
  it.each([
    [undefined, 'Es wurden nicht alle Pflichtfelder ausgefüllt', 'Passwort darf nicht leer sein'],
    ['en', 'Not all required fields were filled in correctly', 'Password must not be empty'],
    ['fr-CH, en;q=0.8, de;q=0.7', 'Not all required fields were filled in correctly', 'Password must not be empty'],
    ['fr', 'Es wurden nicht alle Pflichtfelder ausgefüllt', 'Passwort darf nicht leer sein'],
    ['de-AT', 'Es wurden nicht alle Pflichtfelder ausgefüllt', 'Passwort darf nicht leer sein'],
  ])('Accept-Language %s', async (lang, message, passwordMessage) => {
    const headers: Record<string, string> = { ...json, ...(lang ? { 'accept-language': lang } : {}) };
    const { password: _omit, ...withoutPassword } = signupBody();
    const res = await t.inject({ method: 'POST', url: '/signup', headers, payload: JSON.stringify(withoutPassword) });
    expect(res.json<ApiError>().message).toBe(message);
    expect(res.json<ApiError>().fields?.password?.message).toBe(passwordMessage);
  });
});
