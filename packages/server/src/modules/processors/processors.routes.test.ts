import { describe, expect, it } from 'vitest';
import type { ApiError, AssignedProcessor, LoggedUser, OwnQueue, Processor } from '@wartefrei/shared';
import { basic } from '../../../test/support/test-app.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProfile, givenQueue, linkIn, logIn } from '../../../test/support/factories.js';
import { givenInvitedProcessor, INVITED_PASSWORD } from '../../../test/support/processors.js';

const t = useTestApp();

let n = 0;
const newMail = () => `neu-${Date.now().toString(36)}-${n++}@praxis.example`;
const getAuth = (user: LoggedUser) => t.inject({ method: 'GET', url: '/auth', headers: asUser(user) });

/** POST /processors as the admin; `since` counts the mails before it, where the invitation's search starts. */
async function postProcessor(adminUser: LoggedUser, payload: Record<string, unknown>) {
  const since = t.smtp.mails.length;
  const res = await t.inject({ method: 'POST', url: '/processors', headers: asUser(adminUser), payload });
  return { res, since };
}

describe('POST /processors', () => {
  it('creates a verified processor without password and mails an invitation whose link sets it', async () => {
    const { admin, user: adminUser } = await givenAdmin(t);
    const username = newMail();
    const { res, since } = await postProcessor(adminUser, { username: `  ${username.toUpperCase()} `, display_name: 'Schwester Anna', color: '#aa00ff', priority: 5 });
    expect(res.statusCode).toBe(201);
    const created = res.json<Processor>();
    expect(created).toEqual({
      id: expect.any(String),
      username,
      display_name: 'Schwester Anna',
      is_admin: false,
      lang: 'de',
      color: '#AA00FF',
      priority: 5,
      max_concurrent_processing: null,
      button_visibility: null,
      name_order: null,
      room: null,
      microsoft_tenant_id: null,
      verified: true,
      invitation_pending: true,
    });
    expect(res.body).not.toContain('password');

    // No password yet: nothing logs in.
    const before = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(username, INVITED_PASSWORD) } });
    expect(before.json<ApiError>().code).toBe('INVALID_CREDENTIALS');

    const mail = await t.smtp.waitForMail(username, { since });
    expect(mail.subject).toBe(`Einladung zu wartefrei von ${admin.account_name}`);
    expect(mail.text).toContain('Hallo Schwester Anna,');
    expect(mail.text).toContain(`Dr. Test hat Sie eingeladen, bei „${admin.account_name}“ mit wartefrei zu arbeiten.`);
    expect(mail.text).toContain(`Ihr Benutzername ist ${username}.`);
    expect(mail.text).toContain('Der Link ist 7 Tage gültig.');
    const link = linkIn(mail.text, 'http://wartefrei.test/passwordReset/');
    const set = await t.inject({
      method: 'POST',
      url: link.replace('http://wartefrei.test/passwordReset/', '/password-reset/'),
      payload: { password: INVITED_PASSWORD, password_repeat: INVITED_PASSWORD },
    });
    expect(set.statusCode).toBe(204);
    const processor = await logIn(t, username, INVITED_PASSWORD);
    expect(processor).toMatchObject({ id: created.id, account_id: admin.account_id, is_admin: false, display_name: 'Schwester Anna' });
  });

  it('mails the invitation in the language of the processor; the link works for 7 days, not longer', async () => {
    const { admin, user: adminUser } = await givenAdmin(t);
    const username = newMail();
    const { res, since } = await postProcessor(adminUser, { username, display_name: 'Nurse Jane', lang: 'en' });
    expect(res.statusCode).toBe(201);
    const mail = await t.smtp.waitForMail(username, { since });
    expect(mail.subject).toBe(`Invitation to wartefrei from ${admin.account_name}`);
    expect(mail.text).toContain(`Dr. Test has invited you to work with wartefrei at “${admin.account_name}”.`);
    const url = linkIn(mail.text, 'http://wartefrei.test/passwordReset/').replace('http://wartefrei.test/passwordReset/', '/password-reset/');
    t.clock.advanceSeconds(7 * 24 * 3600 + 1);
    const late = await t.inject({ method: 'POST', url, payload: { password: INVITED_PASSWORD, password_repeat: INVITED_PASSWORD } });
    expect(late.statusCode).toBe(400);
    expect(late.json<ApiError>().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a mail address in use in any account, whatever its case, with 409 at username', async () => {
    const { user: adminUser } = await givenAdmin(t);
    const { admin: otherAdmin } = await givenAdmin(t);
    const { res, since } = await postProcessor(adminUser, { username: otherAdmin.username.toUpperCase(), display_name: 'Doppelt' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>()).toMatchObject({
      code: 'UNIQUE',
      fields: { username: { code: 'MAIL_IN_USE', message: 'Diese E-Mail-Adresse wird bereits verwendet.' } },
    });
    const list = await t.inject({ method: 'GET', url: '/processors', headers: asUser(adminUser) });
    expect(list.json<Processor[]>()).toHaveLength(1);
    expect(t.smtp.mails.slice(since).some((m) => m.to.includes(otherAdmin.username))).toBe(false);
  });

  it.each([
    [{ username: 'keine-mail' }, 'username', { code: 'INVALID_EMAIL', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' }],
    [{ display_name: '  ' }, 'display_name', { code: 'REQUIRED', message: 'Anzeigename darf nicht leer sein' }],
    [{ color: 'rot' }, 'color', { code: 'INVALID_VALUE', message: 'Farbe ist ungültig' }],
    [{ button_visibility: 'ALL' }, 'button_visibility', { code: 'INVALID_VALUE', message: 'Sichtbarkeit der Schaltflächen ist ungültig' }],
    [{ name_order: 'FIRST' }, 'name_order', { code: 'INVALID_VALUE', message: 'Namensreihenfolge ist ungültig' }],
    [{ max_concurrent_processing: 0 }, 'max_concurrent_processing', { code: 'INVALID_VALUE', message: 'Maximale gleichzeitige Bearbeitungen ist ungültig' }],
    [{ password: 'vorgegeben-geht-nicht' }, 'password', { code: 'UNKNOWN_FIELD', message: 'Passwort ist kein bekanntes Feld' }],
  ])('refuses %o at the field', async (override, field, problem) => {
    const { user: adminUser } = await givenAdmin(t);
    const { res } = await postProcessor(adminUser, { username: newMail(), display_name: 'Neu', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.[field]).toEqual(problem);
    const list = await t.inject({ method: 'GET', url: '/processors', headers: asUser(adminUser) });
    expect(list.json<Processor[]>()).toHaveLength(1);
  });
});

describe('GET, PATCH and DELETE /processors/{id}', () => {
  it('lists the processors of the own account only, never a password', async () => {
    const { admin, user: adminUser } = await givenAdmin(t);
    const { processor } = await givenInvitedProcessor(t, adminUser, { display_name: 'Berta' });
    const other = await givenAdmin(t);
    await givenInvitedProcessor(t, other.user, { display_name: 'Fremd' });

    const res = await t.inject({ method: 'GET', url: '/processors', headers: asUser(adminUser) });
    expect(res.statusCode).toBe(200);
    const list = res.json<Processor[]>();
    expect(list.map((p) => p.username).sort()).toEqual([admin.username, processor.username].sort());
    expect(list.find((p) => p.id === adminUser.id)).toMatchObject({ is_admin: true, verified: true });
    expect(res.body).not.toMatch(/password|hash/i);

    const one = await t.inject({ method: 'GET', url: `/processors/${processor.id}`, headers: asUser(adminUser) });
    expect(one.json<Processor>()).toEqual(processor);
  });

  it('changes what is sent and keeps the rest; username cannot be changed', async () => {
    const { user: adminUser } = await givenAdmin(t);
    const { processor } = await givenInvitedProcessor(t, adminUser);
    const change = {
      display_name: 'Dr. Zweit',
      is_admin: true,
      lang: 'en',
      color: '#00ff00',
      priority: 3,
      max_concurrent_processing: 2,
      button_visibility: 'ADMINS_ONLY',
      name_order: 'LAST_FIRST',
      room: 'Raum 3',
      microsoft_tenant_id: 'contoso.onmicrosoft.com',
    } as const;
    const res = await t.inject({ method: 'PATCH', url: `/processors/${processor.id}`, headers: asUser(adminUser), payload: change });
    expect(res.statusCode).toBe(200);
    // Every field as sent; only the colour comes back in capitals.
    const expected: Processor = { ...processor, ...change, color: '#00FF00' };
    expect(res.json<Processor>()).toEqual(expected);
    expect((await t.inject({ method: 'GET', url: `/processors/${processor.id}`, headers: asUser(adminUser) })).json<Processor>()).toEqual(expected);

    const reset = await t.inject({
      method: 'PATCH',
      url: `/processors/${processor.id}`,
      headers: asUser(adminUser),
      payload: { color: null, max_concurrent_processing: null, button_visibility: null, name_order: null, room: null },
    });
    expect(reset.json<Processor>()).toEqual({ ...expected, color: null, max_concurrent_processing: null, button_visibility: null, name_order: null, room: null });

    const username = await t.inject({
      method: 'PATCH',
      url: `/processors/${processor.id}`,
      headers: asUser(adminUser),
      payload: { username: 'anders@praxis.example' },
    });
    expect(username.statusCode).toBe(400);
    expect(username.json<ApiError>().fields?.username?.code).toBe('UNKNOWN_FIELD');
  });

  it('refuses deleting oneself and taking away one’s own admin rights', async () => {
    const { user: adminUser } = await givenAdmin(t);
    const de = await t.inject({ method: 'DELETE', url: `/processors/${adminUser.id}`, headers: asUser(adminUser) });
    expect(de.statusCode).toBe(400);
    expect(de.json<ApiError>()).toEqual({ statusCode: 400, code: 'CANNOT_DELETE_SELF', message: 'Sie können sich nicht selbst löschen' });
    const en = await t.inject({ method: 'DELETE', url: `/processors/${adminUser.id}`, headers: asUser(adminUser, { 'accept-language': 'en' }) });
    expect(en.json<ApiError>().message).toBe('You cannot delete yourself');

    const demote = await t.inject({ method: 'PATCH', url: `/processors/${adminUser.id}`, headers: asUser(adminUser), payload: { is_admin: false } });
    expect(demote.statusCode).toBe(400);
    expect(demote.json<ApiError>().code).toBe('CANNOT_DEMOTE_SELF');

    expect((await getAuth(adminUser)).json<LoggedUser>()).toMatchObject({ id: adminUser.id, is_admin: true });
  });

  it('deletes a processor with their logins and queue assignments', async () => {
    const { admin, user: adminUser } = await givenAdmin(t);
    const { processor, user } = await givenInvitedProcessor(t, adminUser);
    const queue = await givenQueue(t, admin.account_id);
    await t.inject({ method: 'PUT', url: `/queues/${queue}/processors/${processor.id}`, headers: asUser(adminUser), payload: {} });

    const res = await t.inject({ method: 'DELETE', url: `/processors/${processor.id}`, headers: asUser(adminUser) });
    expect(res.statusCode).toBe(204);
    expect((await getAuth(user)).statusCode).toBe(401);
    const login = await t.inject({ method: 'POST', url: '/auth/login', headers: { authorization: basic(processor.username, INVITED_PASSWORD) } });
    expect(login.json<ApiError>().code).toBe('INVALID_CREDENTIALS');
    expect((await t.inject({ method: 'GET', url: `/processors/${processor.id}`, headers: asUser(adminUser) })).statusCode).toBe(404);
    const assigned = await t.inject({ method: 'GET', url: `/queues/${queue}/processors`, headers: asUser(adminUser) });
    expect(assigned.json<AssignedProcessor[]>()).toEqual([]);
    expect((await t.inject({ method: 'DELETE', url: `/processors/${processor.id}`, headers: asUser(adminUser) })).statusCode).toBe(404);
  });
});

describe('permissions and tenant isolation', () => {
  it('answers 403 FORBIDDEN to a processor on every admin endpoint, changing nothing', async () => {
    const { admin, user: adminUser } = await givenAdmin(t);
    const { processor, user } = await givenInvitedProcessor(t, adminUser);
    const { processor: colleague } = await givenInvitedProcessor(t, adminUser);
    const queue = await givenQueue(t, admin.account_id);
    const calls = [
      { method: 'GET', url: '/processors' },
      { method: 'POST', url: '/processors', payload: { username: newMail(), display_name: 'Heimlich' } },
      { method: 'GET', url: `/processors/${colleague.id}` },
      { method: 'PATCH', url: `/processors/${colleague.id}`, payload: { display_name: 'Umbenannt' } },
      { method: 'PATCH', url: `/processors/${processor.id}`, payload: { is_admin: true } },
      { method: 'DELETE', url: `/processors/${colleague.id}` },
      { method: 'PUT', url: `/queues/${queue}/processors/${processor.id}`, payload: {} },
      { method: 'DELETE', url: `/queues/${queue}/processors/${colleague.id}` },
    ] as const;
    for (const call of calls) {
      const res = await t.inject({ ...call, headers: asUser(user) });
      expect({ call, status: res.statusCode, code: res.json<ApiError>().code }).toEqual({ call, status: 403, code: 'FORBIDDEN' });
      expect(res.json<ApiError>().message).toBe('Sie haben keine Berechtigungen, um auf diese Seite zuzugreifen');
    }
    const list = await t.inject({ method: 'GET', url: '/processors', headers: asUser(adminUser) });
    expect(
      list
        .json<Processor[]>()
        .map((p) => p.display_name)
        .sort(),
    ).toEqual(['Dr. Test', 'Mitarbeiterin', 'Mitarbeiterin']);
    expect(list.json<Processor[]>().find((p) => p.id === processor.id)?.is_admin).toBe(false);
    expect((await t.inject({ method: 'GET', url: '/processors/me/queues', headers: asUser(user) })).json()).toEqual([]);
  });

  it('answers 404 for another account’s processor and queue ids, and for ids that are no UUIDs', async () => {
    const { admin, user: adminUser } = await givenAdmin(t);
    const { processor: own, user: ownUser } = await givenInvitedProcessor(t, adminUser);
    const ownQueue = await givenQueue(t, admin.account_id);
    await t.inject({ method: 'PUT', url: `/queues/${ownQueue}/processors/${own.id}`, headers: asUser(adminUser), payload: {} });

    const other = await givenAdmin(t);
    const { processor: foreign } = await givenInvitedProcessor(t, other.user);
    const foreignQueue = await givenQueue(t, other.admin.account_id);
    await t.inject({ method: 'PUT', url: `/queues/${foreignQueue}/processors/${foreign.id}`, headers: asUser(other.user), payload: {} });

    const asAdmin = [
      { method: 'GET', url: `/processors/${foreign.id}` },
      { method: 'PATCH', url: `/processors/${foreign.id}`, payload: { display_name: 'Übernommen' } },
      { method: 'DELETE', url: `/processors/${foreign.id}` },
      { method: 'DELETE', url: `/processors/${other.user.id}` },
      { method: 'GET', url: '/processors/kein-uuid' },
      { method: 'GET', url: `/queues/${foreignQueue}/processors` },
      { method: 'GET', url: '/queues/kein-uuid/processors' },
      { method: 'PUT', url: `/queues/${foreignQueue}/processors/${own.id}`, payload: {} },
      { method: 'PUT', url: `/queues/${ownQueue}/processors/${foreign.id}`, payload: {} },
      { method: 'PUT', url: `/queues/${ownQueue}/processors/kein-uuid`, payload: {} },
      { method: 'DELETE', url: `/queues/${foreignQueue}/processors/${foreign.id}` },
      { method: 'DELETE', url: `/queues/${ownQueue}/processors/${foreign.id}` },
    ] as const;
    for (const call of asAdmin) {
      const res = await t.inject({ ...call, headers: asUser(adminUser) });
      expect({ call, status: res.statusCode, code: res.json<ApiError>().code }).toEqual({ call, status: 404, code: 'NOT_FOUND' });
    }
    const asProcessor = [
      { method: 'PATCH', url: `/processors/me/queues/${foreignQueue}`, payload: { active: false } },
      { method: 'PATCH', url: '/processors/me/queues/kein-uuid', payload: { active: false } },
      { method: 'GET', url: `/queues/${foreignQueue}/processors` },
    ] as const;
    for (const call of asProcessor) {
      const res = await t.inject({ ...call, headers: asUser(ownUser) });
      expect({ call, status: res.statusCode, code: res.json<ApiError>().code }).toEqual({ call, status: 404, code: 'NOT_FOUND' });
    }

    // Nothing of the other account changed.
    const theirs = await t.inject({ method: 'GET', url: `/queues/${foreignQueue}/processors`, headers: asUser(other.user) });
    expect(theirs.json<AssignedProcessor[]>()).toEqual([{ ...foreign, active: true }]);
    expect((await t.inject({ method: 'GET', url: `/processors/${foreign.id}`, headers: asUser(other.user) })).json<Processor>()).toEqual(foreign);
    const mine = await t.inject({ method: 'GET', url: '/processors/me/queues', headers: asUser(ownUser) });
    expect(mine.json<OwnQueue[]>().map((q) => q.queue_id)).toEqual([ownQueue]);
  });

  it('answers 401 without login', async () => {
    for (const url of ['/processors', '/processors/me/queues']) {
      expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('queue assignment', () => {
  it('assigns idempotently, keeps the active flag unless told, and unassigns', async () => {
    const { admin, user: adminUser } = await givenAdmin(t);
    const { processor } = await givenInvitedProcessor(t, adminUser);
    const queue = await givenQueue(t, admin.account_id);
    const url = `/queues/${queue}/processors/${processor.id}`;
    const list = async () => (await t.inject({ method: 'GET', url: `/queues/${queue}/processors`, headers: asUser(adminUser) })).json<AssignedProcessor[]>();

    const first = await t.inject({ method: 'PUT', url, headers: asUser(adminUser), payload: {} });
    expect(first.statusCode).toBe(200);
    expect(first.json<AssignedProcessor>()).toEqual({ ...processor, active: true });
    const again = await t.inject({ method: 'PUT', url, headers: asUser(adminUser) });
    expect(again.statusCode).toBe(200);
    expect(again.json<AssignedProcessor>()).toEqual({ ...processor, active: true });
    expect(await list()).toEqual([{ ...processor, active: true }]);

    const managing = await t.inject({ method: 'PUT', url, headers: asUser(adminUser), payload: { active: false } });
    expect(managing.json<AssignedProcessor>().active).toBe(false);
    const repeated = await t.inject({ method: 'PUT', url, headers: asUser(adminUser), payload: {} });
    expect(repeated.json<AssignedProcessor>().active).toBe(false);
    expect(await list()).toEqual([{ ...processor, active: false }]);

    const admins = await t.inject({ method: 'PUT', url: `/queues/${queue}/processors/${adminUser.id}`, headers: asUser(adminUser), payload: { active: true } });
    expect(admins.statusCode).toBe(200);
    expect((await list()).map((p) => [p.id, p.active])).toEqual([
      [adminUser.id, true],
      [processor.id, false],
    ]);

    const removed = await t.inject({ method: 'DELETE', url, headers: asUser(adminUser) });
    expect(removed.statusCode).toBe(204);
    expect((await list()).map((p) => p.id)).toEqual([adminUser.id]);
    const twice = await t.inject({ method: 'DELETE', url, headers: asUser(adminUser) });
    expect(twice.statusCode).toBe(404);
  });

  it('refuses an active flag that is no boolean', async () => {
    const { admin, user: adminUser } = await givenAdmin(t);
    const queue = await givenQueue(t, admin.account_id);
    const res = await t.inject({
      method: 'PUT',
      url: `/queues/${queue}/processors/${adminUser.id}`,
      headers: asUser(adminUser),
      payload: { active: 'ja' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fields?.active).toEqual({ code: 'INVALID_TYPE', message: 'Aktiv bearbeiten hat ein ungültiges Format' });
  });

  it('shows a queue’s processors to a processor assigned to it, and to no other processor', async () => {
    const { admin, user: adminUser } = await givenAdmin(t);
    const a = await givenInvitedProcessor(t, adminUser, { display_name: 'Anna' });
    const b = await givenInvitedProcessor(t, adminUser, { display_name: 'Bernd' });
    const queue = await givenQueue(t, admin.account_id);
    await t.inject({ method: 'PUT', url: `/queues/${queue}/processors/${a.processor.id}`, headers: asUser(adminUser), payload: {} });

    const assigned = await t.inject({ method: 'GET', url: `/queues/${queue}/processors`, headers: asUser(a.user) });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<AssignedProcessor[]>()).toEqual([{ ...a.processor, active: true }]);
    const unassigned = await t.inject({ method: 'GET', url: `/queues/${queue}/processors`, headers: asUser(b.user) });
    expect(unassigned.statusCode).toBe(404);
  });
});

describe('the processor’s own queues', () => {
  it('are an empty list when none is assigned', async () => {
    const { user: adminUser } = await givenAdmin(t);
    const { user } = await givenInvitedProcessor(t, adminUser);
    const res = await t.inject({ method: 'GET', url: '/processors/me/queues', headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('follow queue priority (1 = very high first), then name, and switch between processing and managing', async () => {
    const { admin, user: adminUser } = await givenAdmin(t);
    const { processor, user } = await givenInvitedProcessor(t, adminUser);
    const wien = await givenProfile(t, admin.account_id);
    const graz = await givenProfile(t, admin.account_id);
    const queueIn = async (profileId: string, name: string, priority: number) => {
      const identifier = name.toLowerCase();
      return { id: await givenQueue(t, admin.account_id, { profileId, name, identifier, priority }), name, identifier, priority, profileId };
    };
    const low = await queueIn(wien, 'Labor', 100);
    const normalB = await queueIn(wien, 'Rezepte', 10);
    const urgent = await queueIn(graz, 'Notfall', 1);
    const normalA = await queueIn(wien, 'Impfung', 10);
    const notMine = await queueIn(wien, 'Anmeldung', 1);
    for (const q of [low, normalB, urgent, normalA]) {
      await t.inject({ method: 'PUT', url: `/queues/${q.id}/processors/${processor.id}`, headers: asUser(adminUser), payload: {} });
    }

    const res = await t.inject({ method: 'GET', url: '/processors/me/queues', headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    expect(res.json<OwnQueue[]>()).toEqual(
      [urgent, normalA, normalB, low].map((q) => ({
        queue_id: q.id,
        name: q.name,
        identifier: q.identifier,
        priority: q.priority,
        profile_id: q.profileId,
        active: true,
        inactive_until: null,
      })),
    );

    const off = await t.inject({ method: 'PATCH', url: `/processors/me/queues/${normalA.id}`, headers: asUser(user), payload: { active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json<OwnQueue>()).toMatchObject({ queue_id: normalA.id, active: false });
    const after = (await t.inject({ method: 'GET', url: '/processors/me/queues', headers: asUser(user) })).json<OwnQueue[]>();
    expect(after.map((q) => [q.name, q.active])).toEqual([
      ['Notfall', true],
      ['Impfung', false],
      ['Rezepte', true],
      ['Labor', true],
    ]);
    // The admin sees the same flag on the queue.
    const onQueue = await t.inject({ method: 'GET', url: `/queues/${normalA.id}/processors`, headers: asUser(adminUser) });
    expect(onQueue.json<AssignedProcessor[]>()).toEqual([{ ...processor, active: false }]);

    const on = await t.inject({ method: 'PATCH', url: `/processors/me/queues/${normalA.id}`, headers: asUser(user), payload: { active: true } });
    expect(on.json<OwnQueue>().active).toBe(true);

    const unassigned = await t.inject({ method: 'PATCH', url: `/processors/me/queues/${notMine.id}`, headers: asUser(user), payload: { active: true } });
    expect(unassigned.statusCode).toBe(404);
    const missing = await t.inject({ method: 'PATCH', url: `/processors/me/queues/${normalA.id}`, headers: asUser(user), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ApiError>().fields?.active?.code).toBe('REQUIRED');
  });
});
