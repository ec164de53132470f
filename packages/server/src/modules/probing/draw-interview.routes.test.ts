import { describe, expect, it } from 'vitest';
import type { ApiError, Member, ProbingDailyCounts, ProbingQuestion, TicketView } from '@wartefrei/shared';
import { eq } from 'drizzle-orm';
import { queues } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';
import { drawRequest, givenOpenQueue } from '../../../test/support/tickets.js';
import { givenFeverFlow } from '../../../test/support/probing.js';

const t = useTestApp();

const codeOf = (res: { json: <T>() => T }) => res.json<ApiError>().code;

describe('POST /queues/{id}/members with answers', () => {
  it('draws on the list the path leads to, adds the answer’s tag and keeps the answers on the staff row', async () => {
    const a = await givenAdmin(t);
    const flow = await givenFeverFlow(t, a);
    const res = await drawRequest(t, flow.infekt, { answers: [flow.answer(flow.fieber, 'ja')] });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json<TicketView>();
    expect(ticket.info_tags.map((tag) => tag.name)).toEqual(['INF']);
    const members = (await t.inject({ method: 'GET', url: `/queues/${flow.infekt}/members`, headers: asUser(a.user) })).json<Member[]>();
    const row = members.find((m) => m.id === ticket.id);
    expect(row?.info_tag_ids).toEqual([flow.tagId]);
    expect(row?.answers).toEqual([{ question_id: flow.fieber.id, option_id: flow.fieber.options[0]?.id, question: 'Haben Sie Fieber?', answer: 'ja', text: null }]);

    // Two steps to the prescription list; the texts stay as the patient saw them after an edit.
    const second = await drawRequest(t, flow.rezeptliste, { answers: [flow.answer(flow.fieber, 'nein'), flow.answer(flow.rezept, 'ja')] }, '198.51.100.8');
    expect(second.statusCode, second.body).toBe(201);
    await t.inject({ method: 'PATCH', url: `/probing-questions/${flow.rezept.id}`, headers: asUser(a.user), payload: { text: 'Rezept?' } });
    const rows = (await t.inject({ method: 'GET', url: `/queues/${flow.rezeptliste}/members`, headers: asUser(a.user) })).json<Member[]>();
    expect(rows[0]?.answers.map((x) => [x.question, x.answer])).toEqual([
      ['Haben Sie Fieber?', 'nein'],
      ['Brauchen Sie ein Rezept?', 'ja'],
    ]);
    expect(rows[0]?.info_tag_ids).toEqual([]);
  });

  it('refuses a forged path: another list, a skipped question, a foreign option, an unfinished path, a booking end', async () => {
    const a = await givenAdmin(t);
    const flow = await givenFeverFlow(t, a);
    const ja = flow.answer(flow.fieber, 'ja');
    const nein = flow.answer(flow.fieber, 'nein');
    const cases: [string, string, object[], string][] = [
      ['the path leads elsewhere', flow.rezeptliste, [ja], 'PROBING_NEXT_QUESTION_NOT_FOUND'],
      ['the first question skipped', flow.rezeptliste, [flow.answer(flow.rezept, 'ja')], 'PROBING_NEXT_QUESTION_NOT_FOUND'],
      ['an option of another question', flow.infekt, [{ question_id: flow.fieber.id, option_id: flow.rezept.options[0]?.id }], 'PROBING_NEXT_QUESTION_NOT_FOUND'],
      ['the path not finished', flow.rezeptliste, [nein], 'PROBING_NEXT_QUESTION_NOT_FOUND'],
      ['an answer after the end', flow.infekt, [ja, flow.answer(flow.rezept, 'ja')], 'PROBING_NEXT_QUESTION_NOT_FOUND'],
      ['a path that ends at a booking', flow.allgemein, [nein, flow.answer(flow.rezept, 'nein')], 'PROBING_NEXT_QUESTION_NOT_FOUND'],
      ['no answers at all', flow.infekt, [], 'PROBING_NEXT_QUESTION_NOT_FOUND'],
    ];
    for (const [what, queueId, answers, code] of cases) {
      const res = await drawRequest(t, queueId, { answers });
      expect(res.statusCode, what).toBe(422);
      expect(codeOf(res), what).toBe(code);
    }
    expect((await drawRequest(t, flow.infekt, { answers: [{ question_id: 'x', option_id: 'y' }] })).statusCode).toBe(400);
    const lines = await t.app.ctx.db.execute(`SELECT count(*)::int AS n FROM queue_members WHERE account_id = '${a.accountId}'`);
    expect((lines as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('asks for the free text where the option wants one, and refuses answers where the location has no questions', async () => {
    const a = await givenAdmin(t);
    const flow = await givenFeverFlow(t, a);
    const withText = (
      await t.inject({
        method: 'PATCH',
        url: `/probing-questions/${flow.fieber.id}`,
        headers: asUser(a.user),
        payload: { options: [{ ...flow.fieber.options[0], allow_free_text: true }, flow.fieber.options[1]] },
      })
    ).json<ProbingQuestion>();
    const ja = { question_id: withText.id, option_id: withText.options[0]?.id };
    expect(codeOf(await drawRequest(t, flow.infekt, { answers: [{ ...ja, text: '   ' }] }))).toBe('PROBING_FREE_TEXT_REQUIRED');
    const res = await drawRequest(t, flow.infekt, { answers: [{ ...ja, text: ' 39,2 °C seit gestern ' }] });
    expect(res.statusCode, res.body).toBe(201);
    const rows = (await t.inject({ method: 'GET', url: `/queues/${flow.infekt}/members`, headers: asUser(a.user) })).json<Member[]>();
    expect(rows[0]?.answers[0]?.text).toBe('39,2 °C seit gestern');

    const plain = await givenOpenQueue(t, a.accountId);
    expect(codeOf(await drawRequest(t, plain, { answers: [ja] }))).toBe('PROBING_NO_FIRST_QUESTION');
  });

  it('on a list that always asks, refuses a patient’s draw without answers but not a processor’s', async () => {
    const a = await givenAdmin(t);
    const flow = await givenFeverFlow(t, a);
    await t.app.ctx.db.update(queues).set({ alwaysShowProbingQuestions: true }).where(eq(queues.id, flow.infekt));
    expect(codeOf(await drawRequest(t, flow.infekt))).toBe('PROBING_ANSWERS_REQUIRED');
    expect((await drawRequest(t, flow.infekt, { answers: [flow.answer(flow.fieber, 'ja')] })).statusCode).toBe(201);
    const manual = await t.inject({ method: 'POST', url: `/queues/${flow.infekt}/members`, headers: asUser(a.user), payload: { origin: 'MANUAL' } });
    expect(manual.statusCode, manual.body).toBe(201);
    // The kiosk has no questions of its own here: it draws without.
    await t.app.ctx.db.update(queues).set({ kioskEnabled: true }).where(eq(queues.id, flow.infekt));
    expect((await drawRequest(t, flow.infekt, { origin: 'KIOSK' })).statusCode).toBe(201);
  });
});

describe('GET /probing-answers/daily', () => {
  it('counts each option per local day of the location, for its own account only', async () => {
    const a = await givenAdmin(t);
    const flow = await givenFeverFlow(t, a);
    await drawRequest(t, flow.infekt, { answers: [flow.answer(flow.fieber, 'ja')] }, '198.51.100.20');
    await drawRequest(t, flow.infekt, { answers: [flow.answer(flow.fieber, 'ja')] }, '198.51.100.21');
    await drawRequest(t, flow.rezeptliste, { answers: [flow.answer(flow.fieber, 'nein'), flow.answer(flow.rezept, 'ja')] }, '198.51.100.22');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(t.clock.now());
    const res = await t.inject({ method: 'GET', url: `/probing-answers/daily?profile_id=${flow.profileId}&from=${today}&to=${today}`, headers: asUser(a.user) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProbingDailyCounts>().days.map((d) => [d.date, d.question, d.answer, d.count])).toEqual([
      [today, 'Brauchen Sie ein Rezept?', 'ja', 1],
      [today, 'Haben Sie Fieber?', 'ja', 2],
      [today, 'Haben Sie Fieber?', 'nein', 1],
    ]);
    const other = await givenAdmin(t);
    expect((await t.inject({ method: 'GET', url: `/probing-answers/daily?profile_id=${flow.profileId}&from=${today}&to=${today}`, headers: asUser(other.user) })).statusCode).toBe(
      404,
    );
  });
});
