import { describe, expect, it } from 'vitest';
import type { ApiError, AuditLog, LoggedUser, Processor } from '@wartefrei/shared';
import { basic } from '../../../test/support/test-app.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProcessor, linkIn, logIn } from '../../../test/support/factories.js';
import { givenInvitedProcessor } from '../../../test/support/processors.js';
import { PROCESSOR_MAILS_PER_HOUR } from './processors.invitations.js';

// An admin sends a processor their way in again: the invitation while it is not accepted, the
// password reset mail afterwards. Both go through the account mails, in the processor's language.

const t = useTestApp();

let n = 0;
const newMail = () => `einladung-${Date.now().toString(36)}-${n++}@praxis.example`;
const send = (admin: LoggedUser, id: string, kind: 'invitation' | 'password-reset') => t.inject({ method: 'POST', url: `/processors/${id}/${kind}`, headers: asUser(admin) });
const getProcessor = async (admin: LoggedUser, id: string) => (await t.inject({ method: 'GET', url: `/processors/${id}`, headers: asUser(admin) })).json<Processor>();

async function invite(admin: LoggedUser, payload: Record<string, unknown>): Promise<Processor> {
  const res = await t.inject({ method: 'POST', url: '/processors', headers: asUser(admin), payload: { username: newMail(), display_name: 'Pfleger Jan', ...payload } });
  expect(res.statusCode).toBe(201);
  return res.json<Processor>();
}

/** Sets a password through the link of the mail and answers the login. */
async function follow(mailText: string, username: string, password: string): Promise<LoggedUser> {
  const link = linkIn(mailText, 'http://wartefrei.test/passwordReset/');
  const set = await t.inject({ method: 'POST', url: link.replace('http://wartefrei.test/passwordReset/', '/password-reset/'), payload: { password, password_repeat: password } });
  expect(set.statusCode).toBe(204);
  return logIn(t, username, password);
}

describe('POST /processors/{id}/invitation', () => {
  it('mails a fresh invitation in the processor language until they accept; then refuses', async () => {
    const { admin, user } = await givenAdmin(t);
    const invited = await invite(user, { lang: 'en' });
    expect(invited.invitation_pending).toBe(true);
    await t.smtp.waitForMail(invited.username);

    const since = t.smtp.mails.length;
    expect((await send(user, invited.id, 'invitation')).statusCode).toBe(204);
    const mail = await t.smtp.waitForMail(invited.username, { since });
    expect(mail.subject).toBe(`Invitation to wartefrei from ${admin.account_name}`);
    expect(mail.text).toContain('Hello Pfleger Jan,');
    await follow(mail.text, invited.username, 'endlich-angenommen-2024');

    expect((await getProcessor(user, invited.id)).invitation_pending).toBe(false);
    const again = await send(user, invited.id, 'invitation');
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>()).toMatchObject({ code: 'INVITATION_ACCEPTED', message: expect.stringContaining('bereits angenommen') });
  });
});

describe('POST /processors/{id}/password-reset', () => {
  it('mails the reset link in the processor language; the old password works until it is used', async () => {
    const { user } = await givenAdmin(t);
    const { processor } = await givenInvitedProcessor(t, user, { lang: 'en' });
    const since = t.smtp.mails.length;
    expect((await send(user, processor.id, 'password-reset')).statusCode).toBe(204);
    const mail = await t.smtp.waitForMail(processor.username, { since });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).not.toContain('eingeladen-und-sicher');
    const renewed = await follow(mail.text, processor.username, 'ganz-neues-passwort-42');
    expect(renewed.id).toBe(processor.id);
    const old = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(processor.username, 'eingeladen-und-sicher') } });
    expect(old.json<ApiError>().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a processor who has not accepted the invitation yet: the invitation is their way in', async () => {
    const { user } = await givenAdmin(t);
    const invited = await invite(user, {});
    const res = await send(user, invited.id, 'password-reset');
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().code).toBe('INVITATION_PENDING');
  });
});

describe('processor mails: who may send them, how often, and the audit log', () => {
  it('is for admins of the account only: a processor gets 403, another practice 404', async () => {
    const { user, accountId } = await givenAdmin(t);
    const invited = await invite(user, {});
    const colleague = await givenProcessor(t, accountId);
    const other = await givenAdmin(t);
    for (const kind of ['invitation', 'password-reset'] as const) {
      expect((await send(colleague, invited.id, kind)).statusCode).toBe(403);
      expect((await send(other.user, invited.id, kind)).json<ApiError>().code).toBe('NOT_FOUND');
    }
  });

  it(`sends at most ${PROCESSOR_MAILS_PER_HOUR} mails per processor and hour, then 429 RATE_LIMITED`, async () => {
    const { user } = await givenAdmin(t);
    const invited = await invite(user, {});
    for (let i = 0; i < PROCESSOR_MAILS_PER_HOUR; i++) expect((await send(user, invited.id, 'invitation')).statusCode).toBe(204);
    const limited = await send(user, invited.id, 'invitation');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiError>().code).toBe('RATE_LIMITED');
    // Another processor of the practice has their own count.
    const second = await invite(user, {});
    expect((await send(user, second.id, 'invitation')).statusCode).toBe(204);
  });

  it('records who sent which mail to whom', async () => {
    const { user } = await givenAdmin(t);
    const invited = await invite(user, {});
    const { processor } = await givenInvitedProcessor(t, user);
    expect((await send(user, invited.id, 'invitation')).statusCode).toBe(204);
    expect((await send(user, processor.id, 'password-reset')).statusCode).toBe(204);
    const log = (await t.inject({ method: 'GET', url: '/audit', headers: asUser(user) })).json<AuditLog>();
    const mails = log.entries.filter((e) => e.action.startsWith('processor.'));
    expect(mails.map((e) => [e.action, e.subject_type, e.subject_id, e.user_id]).sort()).toEqual(
      [
        ['processor.invitation', 'user', invited.id, user.id],
        ['processor.password_reset', 'user', processor.id, user.id],
      ].sort(),
    );
  });
});
