import type { ProbingQuestion } from '@wartefrei/shared';
import type { givenAdmin } from './factories.js';
import { asUser, givenProfile } from './factories.js';
import { givenOpenQueue } from './tickets.js';
import type { TestApp } from './test-app.js';

export type Admin = Awaited<ReturnType<typeof givenAdmin>>;

/** An info tag of the account, made through the API; answers its id. */
export async function givenInfoTag(t: TestApp, a: Admin, payload: Record<string, unknown>): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/info-tags', headers: asUser(a.user), payload });
  if (res.statusCode !== 201) throw new Error(`info tag: ${res.body}`);
  return res.json<{ id: string }>().id;
}

async function post(t: TestApp, a: Admin, method: 'POST' | 'PATCH', url: string, payload: object): Promise<ProbingQuestion> {
  const res = await t.inject({ method, url, headers: asUser(a.user), payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
  return res.json<ProbingQuestion>();
}

/**
 * The questionnaire, built as an owner would through the API: "Haben Sie Fieber?" ja →
 * the infection list with tag INF, nein → "Brauchen Sie ein Rezept?" ja → the prescription list,
 * nein → book an appointment (or draw where the patient came, without a bookable type).
 * Every list is open, online and at the kiosk.
 */
export async function givenFeverFlow(t: TestApp, a: Admin, options: { variant?: 'ONLINE' | 'KIOSK'; bookable?: boolean } = {}) {
  const variant = options.variant ?? 'ONLINE';
  const profileId = await givenProfile(t, a.accountId);
  const open = { kioskEnabled: true, drawOnlineEnabled: true };
  const allgemein = await givenOpenQueue(t, a.accountId, open, { profileId });
  const infekt = await givenOpenQueue(t, a.accountId, open, { profileId });
  const rezeptliste = await givenOpenQueue(t, a.accountId, open, { profileId });
  const tagId = await givenInfoTag(t, a, { name: 'INF' });
  let typeId: string | null = null;
  if (options.bookable !== false) {
    const type = await t.inject({ method: 'POST', url: '/appointment-types', headers: asUser(a.user), payload: { queue_id: allgemein, duration_minutes: 15 } });
    typeId = type.json<{ id: string }>().id;
  }
  const fieber = await post(t, a, 'POST', '/probing-questions', {
    profile_id: profileId,
    variant,
    text: 'Haben Sie Fieber?',
    options: [
      { text: 'ja', action: 'QUEUE', target_queue_id: infekt, info_tag_id: tagId },
      { text: 'nein', action: 'NOTHING' },
    ],
  });
  const rezept = await post(t, a, 'POST', '/probing-questions', {
    profile_id: profileId,
    variant,
    text: 'Brauchen Sie ein Rezept?',
    options: [
      { text: 'ja', action: 'QUEUE', target_queue_id: rezeptliste },
      typeId ? { text: 'nein', action: 'BOOK_APPOINTMENT', appointment_type_id: typeId } : { text: 'nein', action: 'NOTHING' },
    ],
  });
  const linked = await post(t, a, 'PATCH', `/probing-questions/${fieber.id}`, {
    options: [fieber.options[0], { id: fieber.options[1]?.id, text: 'nein', action: 'QUESTION', target_question_id: rezept.id }],
  });
  const answer = (question: ProbingQuestion, text: string) => ({ question_id: question.id, option_id: question.options.find((o) => o.text === text)?.id ?? '' });
  return { profileId, allgemein, infekt, rezeptliste, tagId, typeId, fieber: linked, rezept, answer };
}
