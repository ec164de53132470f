import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@wartefrei/shared';
import { basic } from '../../../test/support/test-app.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenVerifiedAdmin, linkIn, logIn } from '../../../test/support/factories.js';

const t = useTestApp();

async function requestReset(username: string) {
  const since = t.smtp.mails.length;
  const res = await t.inject({ method: 'POST', url: '/password-reset', payload: { username } });
  return { res, since };
}

async function resetTokenFor(username: string, typedAs = username): Promise<string> {
  const { res, since } = await requestReset(typedAs);
  expect(res.statusCode).toBe(204);
  const mail = await t.smtp.waitForMail(username, { since });
  expect(mail.subject).toBe('Passwort zurücksetzen');
  return linkIn(mail.text, 'http://wartefrei.test/passwordReset/').split('/').pop() ?? '';
}

function setPassword(token: string, password: string) {
  return t.inject({ method: 'POST', url: `/password-reset/${token}`, payload: { password, password_repeat: password } });
}

describe('password reset', () => {
  it('sets a new password once and ends every open login', async () => {
    const admin = await givenVerifiedAdmin(t);
    const username = admin.username;
    const oldPassword = admin.password;
    const session = await logIn(t, username, oldPassword);
    const token = await resetTokenFor(username, ` ${username.toUpperCase()} `);

    const newPassword = 'ein-neues-langes-passwort';
    const reset = await t.inject({ method: 'POST', url: `/password-reset/${token}`, payload: { password: newPassword, password_repeat: newPassword } });
    expect(reset.statusCode).toBe(204);

    const oldSession = await t.inject({ method: 'GET', url: '/auth', headers: asUser(session) });
    expect(oldSession.statusCode).toBe(401);
    const oldLogin = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(username, oldPassword) } });
    expect(oldLogin.json<ApiError>().code).toBe('INVALID_CREDENTIALS');
    expect((await logIn(t, username, newPassword)).username).toBe(username);

    const reuse = await t.inject({ method: 'POST', url: `/password-reset/${token}`, payload: { password: newPassword, password_repeat: newPassword } });
    expect(reuse.json<ApiError>().code).toBe('TOKEN_USED');
  });

  it('answers 204 for an unknown address and sends nothing', async () => {
    const { res } = await requestReset('niemand@nirgendwo.example');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    // A known address in the same moment does get its mail, so the pipe works.
    const admin = await givenVerifiedAdmin(t);
    await resetTokenFor(admin.username);
    expect(t.smtp.mails.some((m) => m.to.includes('niemand@nirgendwo.example'))).toBe(false);
  });

  it('expires after one hour', async () => {
    const admin = await givenVerifiedAdmin(t);
    const token = await resetTokenFor(admin.username);
    t.clock.advanceSeconds(3601);
    const res = await t.inject({
      method: 'POST',
      url: `/password-reset/${token}`,
      payload: { password: 'ein-neues-langes-passwort', password_repeat: 'ein-neues-langes-passwort' },
    });
    expect(res.json<ApiError>().code).toBe('TOKEN_EXPIRED');
  });

  it('checks the password rules before using the token', async () => {
    const admin = await givenVerifiedAdmin(t);
    const token = await resetTokenFor(admin.username);
    const mismatch = await t.inject({
      method: 'POST',
      url: `/password-reset/${token}`,
      payload: { password: 'ein-neues-langes-passwort', password_repeat: 'anders-als-das-erste' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<ApiError>().fields?.password_repeat?.message).toBe('Die Passwörter stimmen nicht überein');
    // The token survived the refused attempt.
    const ok = await t.inject({
      method: 'POST',
      url: `/password-reset/${token}`,
      payload: { password: 'ein-neues-langes-passwort', password_repeat: 'ein-neues-langes-passwort' },
    });
    expect(ok.statusCode).toBe(204);
  });

  it('sends at most 5 reset mails per address and hour, still answering 204', async () => {
    const admin = await givenVerifiedAdmin(t);
    for (let i = 0; i < 5; i++) await resetTokenFor(admin.username);
    const since = t.smtp.mails.length;
    const { res } = await requestReset(admin.username);
    expect(res.statusCode).toBe(204);
    // Proof of absence: a mail for another address sent afterwards arrives, the sixth does not.
    const other = await givenVerifiedAdmin(t);
    await resetTokenFor(other.username);
    expect(t.smtp.mails.slice(since).filter((m) => m.to.includes(admin.username))).toHaveLength(0);

    t.clock.advanceSeconds(3601);
    await resetTokenFor(admin.username);
  });

  it('answers an old link as expired once the password was changed in the profile', async () => {
    const admin = await givenVerifiedAdmin(t);
    const token = await resetTokenFor(admin.username);
    const user = await logIn(t, admin.username, admin.password);
    const changed = await t.inject({
      method: 'POST',
      url: '/users/me/password',
      headers: asUser(user),
      payload: { current_password: admin.password, password: 'im-profil-geaendert', password_repeat: 'im-profil-geaendert' },
    });
    expect(changed.statusCode).toBe(204);

    const res = await setPassword(token, 'aus-der-alten-mail');
    expect(res.json<ApiError>().code).toBe('TOKEN_EXPIRED');
    expect((await logIn(t, admin.username, 'im-profil-geaendert')).id).toBe(user.id);
  });

  it('answers an older reset link as expired once a newer one set the password', async () => {
    const admin = await givenVerifiedAdmin(t);
    const older = await resetTokenFor(admin.username);
    const newer = await resetTokenFor(admin.username);
    expect((await setPassword(newer, 'aus-der-neuen-mail')).statusCode).toBe(204);

    const res = await setPassword(older, 'aus-der-alten-mail');
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().code).toBe('TOKEN_EXPIRED');
    await logIn(t, admin.username, 'aus-der-neuen-mail');
  });

  it('answers an invitation link as expired once the invited user set a password by a reset link', async () => {
    const admin = await givenVerifiedAdmin(t);
    const user = await logIn(t, admin.username, admin.password);
    const username = `eingeladen-${randomBytes(4).toString('hex')}@praxis.example`;
    const since = t.smtp.mails.length;
    const invited = await t.inject({ method: 'POST', url: '/processors', headers: asUser(user), payload: { username, display_name: 'Eingeladen' } });
    expect(invited.statusCode).toBe(201);
    const invitation =
      linkIn((await t.smtp.waitForMail(username, { since })).text, 'http://wartefrei.test/passwordReset/')
        .split('/')
        .pop() ?? '';

    const reset = await resetTokenFor(username);
    expect((await setPassword(reset, 'per-reset-gesetzt')).statusCode).toBe(204);

    const res = await setPassword(invitation, 'aus-der-einladung');
    expect(res.json<ApiError>().code).toBe('TOKEN_EXPIRED');
    await logIn(t, username, 'per-reset-gesetzt');
  });

  it('refuses an unknown token', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/password-reset/erfunden',
      payload: { password: 'ein-neues-langes-passwort', password_repeat: 'ein-neues-langes-passwort' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().code).toBe('TOKEN_INVALID');
  });
});
