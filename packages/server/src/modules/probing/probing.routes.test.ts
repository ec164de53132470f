import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiError, ProbingInterview, ProbingQuestion } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProcessor, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { drawRequest, givenOpenQueue } from '../../../test/support/tickets.js';
import { givenFeverFlow, givenInfoTag, type Admin } from '../../../test/support/probing.js';

const t = useTestApp();

const as = (a: Admin, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.inject({ method, url, headers: asUser(a.user), ...(payload ? { payload } : {}) });

/** POST /probing-questions: a kiosk question of the location, by default with two answers that do nothing. */
async function postKioskQuestion(
  a: Admin,
  profileId: string,
  text: string,
  options: object[] = [
    { text: 'a', action: 'NOTHING' },
    { text: 'b', action: 'NOTHING' },
  ],
) {
  return (await as(a, 'POST', '/probing-questions', { profile_id: profileId, variant: 'KIOSK', text, options })).json<ProbingQuestion>();
}

describe('POST, GET, PATCH and DELETE /probing-questions', () => {
  it('creates the first question as asked first, reads it back, and lists the variant by position', async () => {
    const a = await givenAdmin(t);
    const profileId = await givenProfile(t, a.accountId);
    const queueId = await givenQueue(t, a.accountId, { profileId });
    const res = await as(a, 'POST', '/probing-questions', {
      profile_id: profileId,
      variant: 'ONLINE',
      text: 'Haben Sie Fieber?',
      options: [
        { text: 'ja', action: 'QUEUE', target_queue_id: queueId, message: 'Bitte warten Sie draußen.', button_text: 'Verstanden' },
        // A target of another action is not kept.
        { text: 'nein', action: 'NOTHING', target_url: 'https://example.org' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const question = res.json<ProbingQuestion>();
    expect(question).toMatchObject({ profile_id: profileId, variant: 'ONLINE', text: 'Haben Sie Fieber?', ask_first: true, position: 0, problems: [] });
    expect(question.options.map((o) => [o.text, o.action, o.target_queue_id, o.target_url, o.message])).toEqual([
      ['ja', 'QUEUE', queueId, null, 'Bitte warten Sie draußen.'],
      ['nein', 'NOTHING', null, null, null],
    ]);
    expect((await as(a, 'GET', `/probing-questions/${question.id}`)).json()).toEqual(question);
    const second = await as(a, 'POST', '/probing-questions', {
      profile_id: profileId,
      variant: 'ONLINE',
      text: 'Brauchen Sie ein Rezept?',
      options: [
        { text: 'ja', action: 'NOTHING' },
        { text: 'nein', action: 'NOTHING' },
      ],
    });
    expect(second.json<ProbingQuestion>()).toMatchObject({ ask_first: false, position: 1 });
    const list = (await as(a, 'GET', `/probing-questions?profile_id=${profileId}&variant=ONLINE`)).json<ProbingQuestion[]>();
    expect(list.map((q) => q.text)).toEqual(['Haben Sie Fieber?', 'Brauchen Sie ein Rezept?']);
    expect((await as(a, 'GET', `/probing-questions?profile_id=${profileId}&variant=KIOSK`)).json()).toEqual([]);
  });

  it('refuses fewer than two options, a missing target, a private URL and a time-shifting tag, naming question and option', async () => {
    const a = await givenAdmin(t);
    const profileId = await givenProfile(t, a.accountId);
    const shifting = await givenInfoTag(t, a, { name: 'SPÄT', delay: 'LATER', delay_minutes: 15 });
    const few = await as(a, 'POST', '/probing-questions', { profile_id: profileId, variant: 'ONLINE', text: 'Fieber?', options: [{ text: 'ja', action: 'NOTHING' }] });
    expect(few.statusCode).toBe(422);
    const fewBody = few.json<ApiError>();
    expect(fewBody.code).toBe('PROBING_INVALID');
    expect(fewBody.problems).toMatchObject([{ code: 'FEWER_THAN_TWO_OPTIONS', message: 'Frage „Fieber?“: Weniger als zwei Antwortoptionen' }]);

    const bad = await as(a, 'POST', '/probing-questions', {
      profile_id: profileId,
      variant: 'ONLINE',
      text: 'Fieber?',
      options: [
        { text: 'ja', action: 'QUEUE', target_queue_id: randomUUID() },
        { text: 'Web', action: 'URL', target_url: 'http://192.168.0.10/intern' },
        { text: 'nein', action: 'NOTHING', info_tag_id: shifting },
        { text: 'weiter', action: 'QUESTION' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const problems = bad.json<ApiError>().problems ?? [];
    expect(problems.map((p) => [p.option_index, p.field, p.code])).toEqual([
      [0, 'target_queue_id', 'TARGET_NOT_FOUND'],
      [1, 'target_url', 'URL_NOT_PUBLIC'],
      [2, 'info_tag_id', 'INFO_TAG_TIME_SHIFT'],
      [3, 'target_question_id', 'TARGET_REQUIRED'],
    ]);
    expect(problems[2]?.message).toBe('Frage „Fieber?“, Antwort „nein“: Info-Tags an Antworten dürfen keine Zeitverschiebung haben');
    const english = await t.inject({
      method: 'POST',
      url: '/probing-questions',
      headers: asUser(a.user, { 'accept-language': 'en' }),
      payload: {
        profile_id: profileId,
        variant: 'KIOSK',
        text: 'Fever?',
        options: [
          { text: 'yes', action: 'URL', target_url: 'https://example.org' },
          { text: 'no', action: 'NOTHING' },
        ],
      },
    });
    expect(english.json<ApiError>().problems?.[0]?.message).toBe('Question “Fever?”, answer “yes”: URL redirect not supported at kiosk');
    expect((await as(a, 'GET', `/probing-questions?profile_id=${profileId}&variant=ONLINE`)).json()).toEqual([]);
  });

  it('refuses a cycle and a target list of another account, and flags a target list whose kiosk intake is off', async () => {
    const a = await givenAdmin(t);
    const other = await givenAdmin(t);
    const profileId = await givenProfile(t, a.accountId);
    const foreignList = await givenQueue(t, other.accountId);
    const noKiosk = await givenQueue(t, a.accountId, { profileId, kioskEnabled: false });
    const first = await postKioskQuestion(a, profileId, 'Eins?', [
      { text: 'a', action: 'NOTHING' },
      { text: 'b', action: 'QUEUE', target_queue_id: noKiosk },
    ]);
    expect(first.problems).toMatchObject([{ option_id: first.options[1]?.id, code: 'QUEUE_INTAKE_OFF', severity: 'warning' }]);
    const second = await postKioskQuestion(a, profileId, 'Zwei?', [
      { text: 'a', action: 'QUESTION', target_question_id: first.id },
      { text: 'b', action: 'NOTHING' },
    ]);
    const cycle = await as(a, 'PATCH', `/probing-questions/${first.id}`, {
      options: [{ ...first.options[0], action: 'QUESTION', target_question_id: second.id }, first.options[1]],
    });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json<ApiError>().problems?.map((p) => p.code)).toContain('QUESTION_CYCLE');
    const foreign = await as(a, 'PATCH', `/probing-questions/${first.id}`, {
      options: [
        { text: 'a', action: 'QUEUE', target_queue_id: foreignList },
        { text: 'b', action: 'NOTHING' },
      ],
    });
    expect(foreign.json<ApiError>().problems).toMatchObject([{ code: 'TARGET_NOT_FOUND', option_index: 0 }]);
  });

  it('moves ask_first, refuses deleting the first question or a target while others need it, and deletes otherwise', async () => {
    const a = await givenAdmin(t);
    const flow = await givenFeverFlow(t, a);
    const removeTarget = await as(a, 'DELETE', `/probing-questions/${flow.rezept.id}`);
    expect(removeTarget.statusCode).toBe(422);
    expect(removeTarget.json<ApiError>().problems).toMatchObject([{ question_id: flow.fieber.id, code: 'TARGET_NOT_FOUND', message: expect.stringContaining('„nein“') }]);
    const removeFirst = await as(a, 'DELETE', `/probing-questions/${flow.fieber.id}`);
    expect(removeFirst.json<ApiError>().problems).toMatchObject([{ code: 'NO_FIRST_QUESTION' }]);
    const moved = await as(a, 'PATCH', `/probing-questions/${flow.rezept.id}`, { ask_first: true });
    expect(moved.json<ProbingQuestion>().ask_first).toBe(true);
    expect((await as(a, 'GET', `/probing-questions/${flow.fieber.id}`)).json<ProbingQuestion>().ask_first).toBe(false);
    expect((await as(a, 'DELETE', `/probing-questions/${flow.fieber.id}`)).statusCode).toBe(204);
    expect((await as(a, 'GET', `/probing-questions/${flow.fieber.id}`)).statusCode).toBe(404);
  });

  it('lets processors read but not write, and answers 404 for another account’s question and location', async () => {
    const a = await givenAdmin(t);
    const other = await givenAdmin(t);
    const flow = await givenFeverFlow(t, a);
    const processor = await givenProcessor(t, a.accountId, [flow.infekt]);
    expect((await t.inject({ method: 'GET', url: `/probing-questions/${flow.fieber.id}`, headers: asUser(processor) })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/probing-questions/${flow.fieber.id}`, headers: asUser(processor), payload: { text: 'x' } })).statusCode).toBe(403);
    expect((await as(other, 'GET', `/probing-questions/${flow.fieber.id}`)).statusCode).toBe(404);
    expect((await as(other, 'PATCH', `/probing-questions/${flow.fieber.id}`, { text: 'x' })).statusCode).toBe(404);
    expect((await as(other, 'DELETE', `/probing-questions/${flow.fieber.id}`)).statusCode).toBe(404);
    expect((await as(other, 'GET', `/probing-questions?profile_id=${flow.profileId}&variant=ONLINE`)).statusCode).toBe(404);
    expect((await as(other, 'POST', `/profiles/${flow.profileId}/probing/copy`, { from: 'ONLINE', to: 'KIOSK' })).statusCode).toBe(404);
    expect((await as(a, 'GET', `/probing-questions/${flow.fieber.id}`)).json<ProbingQuestion>().text).toBe('Haben Sie Fieber?');
  });
});

describe('POST /profiles/{id}/probing/copy', () => {
  it('replaces the target variant with a copy whose options lead to the copied questions, and deletes its answers', async () => {
    const a = await givenAdmin(t);
    const flow = await givenFeverFlow(t, a, { bookable: false });
    // A kiosk questionnaire with an answer on a ticket: replaced by the copy, its answer deleted.
    const old = await postKioskQuestion(a, flow.profileId, 'Alt?');
    const drawn = await drawRequest(t, flow.rezeptliste, { origin: 'KIOSK', answers: [{ question_id: old.id, option_id: old.options[0]?.id }] });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const copy = await as(a, 'POST', `/profiles/${flow.profileId}/probing/copy`, { from: 'ONLINE', to: 'KIOSK' });
    expect(copy.statusCode, copy.body).toBe(200);
    const kiosk = copy.json<ProbingQuestion[]>();
    expect(kiosk.map((q) => [q.text, q.variant, q.ask_first])).toEqual([
      ['Haben Sie Fieber?', 'KIOSK', true],
      ['Brauchen Sie ein Rezept?', 'KIOSK', false],
    ]);
    expect(kiosk[0]?.options[1]?.target_question_id).toBe(kiosk[1]?.id);
    expect(kiosk.map((q) => q.id)).not.toContain(flow.fieber.id);
    const answers = await t.app.ctx.db.execute(`SELECT count(*)::int AS n FROM probing_answers WHERE member_id = '${drawn.json<{ id: string }>().id}'`);
    expect((answers as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const online = (await as(a, 'GET', `/probing-questions?profile_id=${flow.profileId}&variant=ONLINE`)).json<ProbingQuestion[]>();
    expect(online[0]?.id).toBe(flow.fieber.id);
  });

  it('refuses a copy into the kiosk of a questionnaire with a URL option, naming it, and keeps the kiosk’s questions', async () => {
    const a = await givenAdmin(t);
    const profileId = await givenProfile(t, a.accountId);
    const online = (
      await as(a, 'POST', '/probing-questions', {
        profile_id: profileId,
        variant: 'ONLINE',
        text: 'Befund?',
        options: [
          { text: 'online ansehen', action: 'URL', target_url: 'https://befunde.example.org' },
          { text: 'nein', action: 'NOTHING' },
        ],
      })
    ).json<ProbingQuestion>();
    const kiosk = await postKioskQuestion(a, profileId, 'Kiosk?');
    const res = await as(a, 'POST', `/profiles/${profileId}/probing/copy`, { from: 'ONLINE', to: 'KIOSK' });
    expect(res.statusCode).toBe(422);
    expect(res.json<ApiError>().problems).toMatchObject([
      {
        question_id: online.id,
        option_id: online.options[0]?.id,
        code: 'URL_AT_KIOSK',
        message: 'Frage „Befund?“, Antwort „online ansehen“: Weiterleitung auf eine Webseite wird am Kiosk nicht unterstützt',
      },
    ]);
    expect((await as(a, 'GET', `/probing-questions?profile_id=${profileId}&variant=KIOSK`)).json<ProbingQuestion[]>().map((q) => q.id)).toEqual([kiosk.id]);
    expect((await as(a, 'POST', `/profiles/${profileId}/probing/copy`, { from: 'ONLINE', to: 'ONLINE' })).statusCode).toBe(400);
  });
});

describe('GET /profiles/{id}/probing', () => {
  it('gives the patient the texts and where each answer leads, no tags, and says when a target list takes no ticket', async () => {
    const a = await givenAdmin(t);
    const flow = await givenFeverFlow(t, a);
    const res = await t.inject({ method: 'GET', url: `/profiles/${flow.profileId}/probing?variant=ONLINE` });
    expect(res.statusCode).toBe(200);
    const interview = res.json<ProbingInterview>();
    expect(interview.questions.map((q) => q.text)).toEqual(['Haben Sie Fieber?', 'Brauchen Sie ein Rezept?']);
    expect(JSON.stringify(interview)).not.toContain(flow.tagId);
    expect(interview.questions[0]?.options[0]).toMatchObject({ action: 'QUEUE', target_queue_id: flow.infekt, target_refusal: null });
    const closed = await givenOpenQueue(t, a.accountId, {}, { profileId: flow.profileId });
    await t.app.ctx.db.execute(`UPDATE queue_sessions SET open = false WHERE queue_id = '${closed}'`);
    await as(a, 'PATCH', `/probing-questions/${flow.rezept.id}`, {
      options: [
        { text: 'ja', action: 'QUEUE', target_queue_id: closed },
        { text: 'nein', action: 'NOTHING' },
      ],
    });
    const later = (await t.inject({ method: 'GET', url: `/profiles/${flow.profileId}/probing` })).json<ProbingInterview>();
    expect(later.questions[1]?.options[0]?.target_refusal).toBe('QUEUE_CLOSED');
    expect((await t.inject({ method: 'GET', url: `/profiles/${randomUUID()}/probing` })).statusCode).toBe(404);
  });
});
