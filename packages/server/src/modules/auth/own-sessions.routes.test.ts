import { describe, expect, it } from 'vitest';
import { RENEWAL_COOKIE_HEADER, type ApiError, type LoggedUser, type SignInSession } from '@wartefrei/shared';
import { basic } from '../../../test/support/test-app.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, freshAddress, givenAdmin, givenProcessor, givenVerifiedAdmin, linkIn } from '../../../test/support/factories.js';

/*
 * Sessions you can see and end (issue 41 §3, docs/security.md#sessions): the list, ending one or
 * all others, the renewal key's rotation with reuse detection, the renewal cookie, and the
 * admin's removal and reset of a member ending theirs.
 */

const t = useTestApp();

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signIn(username: string, password: string, options: { stay?: 'true' | 'cookie'; ua?: string; ip?: string } = {}) {
  const res = await t.inject({
    method: 'POST',
    url: `/auth/login${options.stay ? `?stay=${options.stay}` : ''}`,
    headers: { authorization: basic(username, password), ...(options.ua ? { 'user-agent': options.ua } : {}) },
    remoteAddress: options.ip ?? freshAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user: res.json<LoggedUser>(), res };
}

const list = (user: LoggedUser) => t.inject({ method: 'GET', url: '/users/me/sessions', headers: asUser(user) });
const sessionsOf = async (user: LoggedUser) => (await list(user)).json<SignInSession[]>();
const end = (user: LoggedUser, id: string) => t.inject({ method: 'DELETE', url: `/users/me/sessions/${id}`, headers: asUser(user) });
const auth = (user: LoggedUser) => t.inject({ method: 'GET', url: '/auth', headers: asUser(user) });
const renew = (user: Pick<LoggedUser, 'id' | 'renewal_token'>) =>
  t.inject({ method: 'POST', url: '/auth/renew', headers: { authorization: basic(user.id, user.renewal_token!) }, remoteAddress: freshAddress() });
const renewByCookie = (cookie: string, withHeader = true) =>
  t.inject({ method: 'POST', url: '/auth/renew', headers: { cookie, ...(withHeader ? { [RENEWAL_COOKIE_HEADER]: 'cookie' } : {}) }, remoteAddress: freshAddress() });

/** The `name=value` of the answer's one `Set-Cookie`, for the next request's `Cookie`. */
function cookieOf(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  expect(typeof header, 'exactly one Set-Cookie').toBe('string');
  return String(header).split(';')[0]!;
}

describe('GET /users/me/sessions', () => {
  it('lists each sign-in with its device, address and times; the caller’s own is current', async () => {
    const { admin, user: first } = await givenAdmin(t);
    const { user: second } = await signIn(admin.username, admin.password, { ua: CHROME_WINDOWS, ip: '198.51.100.7' });
    const sessions = await sessionsOf(second);
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.current);
    expect(mine).toEqual({
      id: expect.any(String),
      device: 'Chrome · Windows',
      ip: '198.51.100.7',
      created_at: t.clock.now().toISOString(),
      last_used_at: t.clock.now().toISOString(),
      current: true,
    });
    expect(sessions.filter((s) => !s.current)).toHaveLength(1);
    // From the other device, that one is current.
    expect((await sessionsOf(first)).find((s) => s.current)?.id).not.toBe(mine?.id);
  });

  it('moves the last use (and its address) at most once a minute', async () => {
    const { admin } = await givenAdmin(t);
    const { user } = await signIn(admin.username, admin.password, { ua: FIREFOX_LINUX, ip: '198.51.100.8' });
    const signedInAt = t.clock.now().toISOString();
    t.clock.advanceSeconds(30);
    await t.inject({ method: 'GET', url: '/users/me/sessions', headers: asUser(user), remoteAddress: '198.51.100.9' });
    expect((await sessionsOf(user)).find((s) => s.current)).toMatchObject({ last_used_at: signedInAt, ip: '198.51.100.8' });
    t.clock.advanceSeconds(31);
    const later = t.clock.now().toISOString();
    await t.inject({ method: 'GET', url: '/users/me/sessions', headers: asUser(user), remoteAddress: '198.51.100.9' });
    expect((await sessionsOf(user)).find((s) => s.current)).toMatchObject({ last_used_at: later, ip: '198.51.100.9', device: 'Firefox · Linux', created_at: signedInAt });
  });
});

describe('DELETE /users/me/sessions/{id}', () => {
  it('ends one session: its token is refused at once, its renewal key too; the others go on', async () => {
    const { admin, user: here } = await givenAdmin(t);
    const { user: there } = await signIn(admin.username, admin.password, { stay: 'true' });
    const other = (await sessionsOf(here)).find((s) => !s.current)!;
    expect((await end(here, other.id)).statusCode).toBe(204);
    expect((await auth(there)).statusCode).toBe(401);
    expect((await renew(there)).statusCode).toBe(401);
    expect((await auth(here)).statusCode).toBe(200);
    expect((await sessionsOf(here)).map((s) => s.id)).not.toContain(other.id);
    // Ended already: nothing to end any more.
    expect((await end(here, other.id)).json<ApiError>()).toMatchObject({ code: 'LOGIN_SESSION_NOT_FOUND' });
  });

  it('answers 404 for another user’s session (of the same practice or not) and ends nothing', async () => {
    const { user: admin, accountId } = await givenAdmin(t);
    const colleague = await givenProcessor(t, accountId);
    const { user: stranger } = await givenAdmin(t);
    for (const victim of [colleague, stranger]) {
      const [theirs] = await sessionsOf(victim);
      const res = await end(admin, theirs!.id);
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiError>().code).toBe('LOGIN_SESSION_NOT_FOUND');
      expect((await auth(victim)).statusCode).toBe(200);
    }
    expect((await end(admin, 'not-a-uuid')).statusCode).toBe(404);
  });
});

describe('POST /users/me/sessions/end-others ("sign out everywhere else")', () => {
  it('ends every session but the caller’s', async () => {
    const { admin, user: here } = await givenAdmin(t);
    const { user: a } = await signIn(admin.username, admin.password, { stay: 'true' });
    const { user: b } = await signIn(admin.username, admin.password);
    const res = await t.inject({ method: 'POST', url: '/users/me/sessions/end-others', headers: asUser(here) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await auth(a)).statusCode).toBe(401);
    expect((await auth(b)).statusCode).toBe(401);
    expect((await renew(a)).statusCode).toBe(401);
    expect((await auth(here)).statusCode).toBe(200);
    expect(await sessionsOf(here)).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('renewal key rotation with reuse detection', () => {
  it('a key used twice ends the whole session: the token and key its first use handed out stop too', async () => {
    const admin = await givenVerifiedAdmin(t);
    const { user: first } = await signIn(admin.username, admin.password, { stay: 'true' });
    const { user: elsewhere } = await signIn(admin.username, admin.password, { stay: 'true' });
    const renewed = await renew(first);
    expect(renewed.statusCode).toBe(200);
    const second = renewed.json<LoggedUser>();
    expect((await auth(second)).statusCode).toBe(200);

    // The spent key again — a copy in another's hands, whichever of the two used it first.
    expect((await renew(first)).statusCode).toBe(401);
    expect((await auth(second)).statusCode).toBe(401);
    expect((await renew(second)).statusCode).toBe(401);
    expect((await auth(first)).statusCode).toBe(401);
    // Only that session: the user's other device goes on.
    expect((await auth(elsewhere)).statusCode).toBe(200);
    expect(await sessionsOf(elsewhere)).toHaveLength(1);
  });

  it('renews within the session: the list shows one session, not one per renewal', async () => {
    const admin = await givenVerifiedAdmin(t);
    const { user: first } = await signIn(admin.username, admin.password, { stay: 'true', ua: CHROME_WINDOWS });
    const [before] = await sessionsOf(first);
    const second = (await renew(first)).json<LoggedUser>();
    const third = (await renew(second)).json<LoggedUser>();
    expect(await sessionsOf(third)).toEqual([expect.objectContaining({ id: before!.id, device: 'Chrome · Windows', current: true })]);
  });
});

describe('the renewal cookie (?stay=cookie)', () => {
  it('is HttpOnly, SameSite=Strict and scoped to /auth/renew; the key is not in the body', async () => {
    const { admin } = await givenAdmin(t);
    const { user, res } = await signIn(admin.username, admin.password, { stay: 'cookie' });
    expect(user.renewal_token).toBeUndefined();
    expect(user.renewal_cookie).toBe(true);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^wartefrei-renewal=[0-9a-f-]{36}\.[A-Za-z0-9_-]{40,};/);
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; SameSite=Strict');
    expect(header).toContain('; Path=/auth/renew;');
    expect(header).toContain(`; Max-Age=${30 * 86_400}`);
    // Served over plain http here (the test's PUBLIC_URL): not Secure, which https adds.
    expect(header).not.toContain('Secure');
  });

  it('is Secure with a __Secure- name when the public URL is https', async () => {
    const admin = await givenVerifiedAdmin(t);
    const publicUrl = t.config.publicUrl;
    t.config.publicUrl = 'https://wartefrei.test';
    try {
      const { res } = await signIn(admin.username, admin.password, { stay: 'cookie' });
      const header = String(res.headers['set-cookie']);
      expect(header).toMatch(/^__Secure-wartefrei-renewal=/);
      expect(header).toContain('; Secure');
      expect(header).toContain('; Path=/auth/renew;');
      const renewed = await renewByCookie(cookieOf(res));
      expect(renewed.statusCode, renewed.body).toBe(200);
    } finally {
      t.config.publicUrl = publicUrl;
    }
  });

  it('renews by the cookie with the header, rotates it, and ends the session when an old one comes back', async () => {
    const { admin } = await givenAdmin(t);
    const { user, res } = await signIn(admin.username, admin.password, { stay: 'cookie' });
    const cookie = cookieOf(res);
    // Without the header a cookie renews nothing (a form of another site could send the cookie, never the header).
    expect((await renewByCookie(cookie, false)).statusCode).toBe(401);

    const renewed = await renewByCookie(cookie);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const next = renewed.json<LoggedUser>();
    expect(next).toMatchObject({ id: user.id, renewal_cookie: true });
    expect(next.renewal_token).toBeUndefined();
    const nextCookie = cookieOf(renewed);
    expect(nextCookie).toMatch(new RegExp(`^wartefrei-renewal=${user.id}\\.[A-Za-z0-9_-]{40,}$`));
    expect(nextCookie).not.toBe(cookie);
    expect((await auth(next)).statusCode).toBe(200);

    const replayed = await renewByCookie(cookie);
    expect(replayed.statusCode).toBe(401);
    // A refused cookie is cleared.
    expect(String(replayed.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await auth(next)).statusCode).toBe(401);
    expect((await renewByCookie(nextCookie)).statusCode).toBe(401);
  });

  it('is cleared by a sign-out, whose session ends', async () => {
    const { admin } = await givenAdmin(t);
    const { user, res } = await signIn(admin.username, admin.password, { stay: 'cookie' });
    const out = await t.inject({ method: 'POST', url: '/auth/logout', headers: asUser(user) });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^wartefrei-renewal=; Max-Age=0; Path=\/auth\/renew;/);
    expect((await renewByCookie(cookieOf(res))).statusCode).toBe(401);
  });
});

describe('an admin ends a member’s sessions', () => {
  it('when removing them', async () => {
    const { user: admin, accountId } = await givenAdmin(t);
    const processor = await givenProcessor(t, accountId);
    expect((await t.inject({ method: 'DELETE', url: `/processors/${processor.id}`, headers: asUser(admin) })).statusCode).toBe(204);
    expect((await auth(processor)).statusCode).toBe(401);
  });

  it('when sending them a password reset, and the reset itself ends every session again', async () => {
    const { user: admin, accountId } = await givenAdmin(t);
    const processor = await givenProcessor(t, accountId);
    const since = t.smtp.mails.length;
    expect((await t.inject({ method: 'POST', url: `/processors/${processor.id}/password-reset`, headers: asUser(admin) })).statusCode).toBe(204);
    expect((await auth(processor)).statusCode).toBe(401);
    // The admin's own session is not touched.
    expect((await auth(admin)).statusCode).toBe(200);

    const { user: again } = await signIn(processor.username, 'richtig-langes-passwort', { stay: 'true' });
    const mail = await t.smtp.waitForMail(processor.username, { since });
    const link = linkIn(mail.text, 'http://wartefrei.test/passwordReset/').replace('http://wartefrei.test/passwordReset/', '/password-reset/');
    const password = 'ein-ganz-neues-Passwort-9';
    expect((await t.inject({ method: 'POST', url: link, payload: { password, password_repeat: password } })).statusCode).toBe(204);
    expect((await auth(again)).statusCode).toBe(401);
    expect((await renew(again)).statusCode).toBe(401);
  });

  it('a password change ends the user’s other sessions and keeps this one, its renewal key too', async () => {
    const { admin, user: here } = await givenAdmin(t);
    const { user: stay } = await signIn(admin.username, admin.password, { stay: 'true' });
    const { user: there } = await signIn(admin.username, admin.password);
    const password = 'ein-ganz-neues-Passwort-8';
    const changed = await t.inject({
      method: 'POST',
      url: '/users/me/password',
      headers: asUser(stay),
      payload: { current_password: admin.password, password, password_repeat: password },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await auth(here)).statusCode).toBe(401);
    expect((await auth(there)).statusCode).toBe(401);
    expect((await auth(stay)).statusCode).toBe(200);
    expect((await renew(stay)).statusCode).toBe(200);
  });
});
