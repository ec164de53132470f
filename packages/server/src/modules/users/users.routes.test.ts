import { describe, expect, it } from 'vitest';
import type { ApiError, LoggedUser } from '@wartefrei/shared';
import { basic } from '../../../test/support/test-app.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenVerifiedAdmin, logIn } from '../../../test/support/factories.js';

const t = useTestApp();

const getAuth = (user: LoggedUser) => t.inject({ method: 'GET', url: '/auth', headers: asUser(user) });

async function givenLoggedInAdmin() {
  const admin = await givenVerifiedAdmin(t);
  return { admin, user: await logIn(t, admin.username, admin.password) };
}

describe('PATCH /users/me', () => {
  it('changes display name and language and answers the profile with the same token', async () => {
    const { user } = await givenLoggedInAdmin();
    const res = await t.inject({
      method: 'PATCH',
      url: '/users/me',
      headers: asUser(user),
      payload: { display_name: '  Dr. Neu  ', lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<LoggedUser>();
    expect(updated).toEqual({ ...user, display_name: 'Dr. Neu', lang: 'en' });

    // The change is stored: GET /auth shows it, and the token still works.
    const again = await getAuth(user);
    expect(again.statusCode).toBe(200);
    expect(again.json<LoggedUser>()).toMatchObject({ display_name: 'Dr. Neu', lang: 'en', token: user.token });
  });

  it('remembers that the user took or declined the tutorial, and can offer it again', async () => {
    const { user } = await givenLoggedInAdmin();
    expect(user.tutorial_dismissed).toBe(false);
    const patch = (tutorial_dismissed: boolean) => t.inject({ method: 'PATCH', url: '/users/me', headers: asUser(user), payload: { tutorial_dismissed } });
    expect((await patch(true)).json<LoggedUser>().tutorial_dismissed).toBe(true);
    expect((await getAuth(user)).json<LoggedUser>().tutorial_dismissed).toBe(true);
    expect((await patch(false)).json<LoggedUser>().tutorial_dismissed).toBe(false);
  });

  it('changes only what is sent', async () => {
    const { user } = await givenLoggedInAdmin();
    const langOnly = await t.inject({ method: 'PATCH', url: '/users/me', headers: asUser(user), payload: { lang: 'tr' } });
    expect(langOnly.json<LoggedUser>()).toMatchObject({ display_name: user.display_name, lang: 'tr' });
    const nothing = await t.inject({ method: 'PATCH', url: '/users/me', headers: asUser(user), payload: {} });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json<LoggedUser>()).toMatchObject({ display_name: user.display_name, lang: 'tr' });
  });

  it('refuses an unknown language, an empty name and unknown fields, naming each field', async () => {
    const { user } = await givenLoggedInAdmin();
    const res = await t.inject({
      method: 'PATCH',
      url: '/users/me',
      headers: asUser(user),
      payload: { display_name: '   ', lang: 'fr', is_admin: false },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiError>();
    expect(body.code).toBe('VALIDATION');
    expect(body.fields).toEqual({
      display_name: { code: 'REQUIRED', message: 'Anzeigename darf nicht leer sein' },
      lang: { code: 'INVALID_VALUE', message: 'Sprache ist ungültig' },
      is_admin: { code: 'UNKNOWN_FIELD', message: 'is_admin ist kein bekanntes Feld' },
    });
    // Nothing was changed.
    expect((await getAuth(user)).json<LoggedUser>()).toMatchObject({ display_name: user.display_name, lang: user.lang });
  });

  it('answers 401 without a valid token and 440 with an expired one', async () => {
    const none = await t.inject({ method: 'PATCH', url: '/users/me', payload: { display_name: 'X' } });
    expect(none.statusCode).toBe(401);
    const { user } = await givenLoggedInAdmin();
    const invented = await t.inject({
      method: 'PATCH',
      url: '/users/me',
      headers: { authorization: basic(user.id, 'erfunden') },
      payload: { display_name: 'X' },
    });
    expect(invented.statusCode).toBe(401);
    t.clock.advanceSeconds(t.config.tokenTtlSeconds + 1);
    const expired = await t.inject({ method: 'PATCH', url: '/users/me', headers: asUser(user), payload: { display_name: 'X' } });
    expect(expired.statusCode).toBe(440);
    expect(expired.json<ApiError>().code).toBe('SESSION_EXPIRED');
  });
});

describe('POST /users/me/password', () => {
  const newPassword = 'ein-ganz-neues-passwort';

  it('sets the new password, keeps this login and ends every other one', async () => {
    const { admin, user } = await givenLoggedInAdmin();
    const otherDevice = await logIn(t, admin.username, admin.password);

    const res = await t.inject({
      method: 'POST',
      url: '/users/me/password',
      headers: asUser(user),
      payload: { current_password: admin.password, password: newPassword, password_repeat: newPassword },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await getAuth(user)).statusCode).toBe(200);
    expect((await getAuth(otherDevice)).statusCode).toBe(401);

    const oldLogin = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(admin.username, admin.password) } });
    expect(oldLogin.json<ApiError>().code).toBe('INVALID_CREDENTIALS');
    expect((await logIn(t, admin.username, newPassword)).id).toBe(user.id);
  });

  it('refuses a wrong current password at that field and changes nothing', async () => {
    const { admin, user } = await givenLoggedInAdmin();
    const otherDevice = await logIn(t, admin.username, admin.password);
    const payload = { current_password: 'nicht-das-passwort', password: newPassword, password_repeat: newPassword };

    const de = await t.inject({ method: 'POST', url: '/users/me/password', headers: asUser(user), payload });
    expect(de.statusCode).toBe(400);
    expect(de.json<ApiError>()).toMatchObject({
      code: 'VALIDATION',
      fields: { current_password: { code: 'PASSWORD_WRONG', message: 'Das aktuelle Passwort ist nicht korrekt' } },
    });
    const en = await t.inject({ method: 'POST', url: '/users/me/password', headers: asUser(user, { 'accept-language': 'en' }), payload });
    expect(en.json<ApiError>().fields?.current_password?.message).toBe('The current password is not correct');

    expect((await getAuth(otherDevice)).statusCode).toBe(200);
    expect((await logIn(t, admin.username, admin.password)).id).toBe(user.id);
  });

  it('counts wrong current passwords as failed sign-ins: guessing ends at the login limit', async () => {
    const { admin, user } = await givenLoggedInAdmin();
    const guess = (i: number) =>
      t.inject({
        method: 'POST',
        url: '/users/me/password',
        headers: asUser(user),
        payload: { current_password: `geraten-${i}`, password: newPassword, password_repeat: newPassword },
        remoteAddress: `10.7.${Math.floor(i / 50)}.${i % 50}`,
      });
    for (let i = 0; i < t.config.loginLimits.perUsername; i++) expect((await guess(i)).statusCode).toBe(400);
    const limited = await guess(999);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiError>().code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    // The right password is refused too until the window has passed.
    const right = await t.inject({
      method: 'POST',
      url: '/users/me/password',
      headers: asUser(user),
      payload: { current_password: admin.password, password: newPassword, password_repeat: newPassword },
    });
    expect(right.statusCode).toBe(429);
  });

  it.each([
    [{ password: 'kurz', password_repeat: 'kurz' }, 'password', { code: 'MIN_LENGTH', message: 'Passwort muss mindestens 10 Zeichen lang sein' }],
    [{ password: newPassword, password_repeat: 'etwas-ganz-anderes' }, 'password_repeat', { code: 'PASSWORD_MISMATCH', message: 'Die Passwörter stimmen nicht überein' }],
    [{ password: newPassword, password_repeat: '' }, 'password_repeat', { code: 'REQUIRED', message: 'Passwort wiederholen darf nicht leer sein' }],
  ])('applies the sign-up rules to the new password (%o)', async (passwords, field, problem) => {
    const { admin, user } = await givenLoggedInAdmin();
    const res = await t.inject({
      method: 'POST',
      url: '/users/me/password',
      headers: asUser(user),
      payload: { current_password: admin.password, ...passwords },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.[field]).toEqual(problem);
    expect((await logIn(t, admin.username, admin.password)).id).toBe(user.id);
  });

  it('requires the current password and a valid token', async () => {
    const { user } = await givenLoggedInAdmin();
    const missing = await t.inject({
      method: 'POST',
      url: '/users/me/password',
      headers: asUser(user),
      payload: { password: newPassword, password_repeat: newPassword },
    });
    expect(missing.json<ApiError>().fields?.current_password).toEqual({ code: 'REQUIRED', message: 'Aktuelles Passwort darf nicht leer sein' });

    const anonymous = await t.inject({
      method: 'POST',
      url: '/users/me/password',
      payload: { current_password: 'egal-was-hier-steht', password: newPassword, password_repeat: newPassword },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
