import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiError, PublicProfile, PublicQueue, TicketView } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { postProfile, postQueue } from '../../../test/support/api.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';

const t = useTestApp();

let ip = 0;
/** A patient's ticket with a name that must never show on a public page. */
async function givenPatient(queueId: string, displayName: string): Promise<TicketView> {
  const res = await t.inject({
    method: 'POST',
    url: `/queues/${queueId}/members`,
    payload: { origin: 'ONLINE', display_name: displayName },
    remoteAddress: `198.51.100.${(ip++ % 250) + 1}`,
  });
  if (res.statusCode !== 201) throw new Error(`draw failed: ${res.body}`);
  return res.json<TicketView>();
}

const publicProfile = (id: string, lang?: string) => t.inject({ method: 'GET', url: `/profiles/${id}/public`, headers: lang ? { 'accept-language': lang } : {} });

describe('GET /profiles/{id}/public', () => {
  it("shows the location's queues without login — default first, then by priority and name — each as its public view", async () => {
    const a = await givenAdmin(t);
    const wien = await postProfile(t, a.user, { name: 'Wien Mitte', identifier: 'wien' });
    const graz = await postProfile(t, a.user, { name: 'Graz', identifier: 'graz' });
    const inputs = { display_name: 'OPTIONAL' };
    const blut = await postQueue(t, a.user, wien.id, { name: 'Blutabnahme', patient_inputs: inputs });
    const allgemein = await postQueue(t, a.user, wien.id, { name: 'Allgemein', patient_inputs: inputs });
    const akut = await postQueue(t, a.user, wien.id, { name: 'Akut', priority: 1 });
    const zahn = await postQueue(t, a.user, wien.id, { name: 'Zahn', priority: 100, is_default: true });
    const elsewhere = await postQueue(t, a.user, graz.id, { name: 'Aaa Graz', priority: 1 });
    for (const queue of [blut, allgemein]) {
      await t.inject({ method: 'POST', url: `/queues/${queue.id}/session`, headers: asUser(a.user), payload: { event: 'START' } });
    }
    const patient = await givenPatient(blut.id, 'Geheime Patientin');
    await givenPatient(allgemein.id, 'Geheimer Patient');

    const res = await publicProfile(wien.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<PublicProfile>();
    const queueViews = await Promise.all([zahn, akut, allgemein, blut].map(async (q) => (await t.inject({ method: 'GET', url: `/queues/${q.id}/public` })).json<PublicQueue>()));
    expect(body).toEqual({
      id: wien.id,
      name: 'Wien Mitte',
      identifier: 'wien',
      account: { id: a.accountId, identifier: a.accountIdentifier, display_name: a.admin.account_name },
      kiosk_printing: 'OFF',
      queues: queueViews,
    });
    expect(body.queues.find((q) => q.id === blut.id)).toMatchObject({ waiting: 1, next_numbers: [patient.number] });
    expect(res.body).not.toContain(elsewhere.id);
    for (const secret of ['Geheime', 'Geheimer', patient.id]) expect(res.body).not.toContain(secret);
  });

  it('answers a location without queues with an empty list', async () => {
    const a = await givenAdmin(t);
    const empty = await postProfile(t, a.user);
    expect((await publicProfile(empty.id)).json<PublicProfile>().queues).toEqual([]);
  });

  it('answers PROFILE_NOT_FOUND for unknown and malformed ids, in the caller’s language', async () => {
    const a = await givenAdmin(t);
    const queue = await postQueue(t, a.user, (await postProfile(t, a.user)).id);
    for (const id of [randomUUID(), 'kein-uuid', queue.id, a.accountId]) {
      const res = await publicProfile(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json<ApiError>()).toEqual({ statusCode: 404, code: 'PROFILE_NOT_FOUND', message: 'Dieser Standort existiert nicht.' });
    }
    expect((await publicProfile(randomUUID(), 'en')).json<ApiError>().message).toBe('This location does not exist.');
  });
});
