import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_REPORT_SORTS, type LoggedUser, type MemberReport } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { givenGeneralAndLab, givenPastAppointment, givenPastTicket, MEMBERS_DAY, onMembersDay, report } from '../../../test/support/reports.js';

/** The member analysis paged by key: every row once, in a stable order, within the caller's account, whatever cursor is sent. */

const t = useTestApp();
let admin: LoggedUser;
let stranger: LoggedUser;
let morning: string;
let lab: string;
const foreignIds = new Set<string>();

const at = onMembersDay;
const day = MEMBERS_DAY;

beforeAll(async () => {
  ({ admin, general: morning, lab } = await givenGeneralAndLab(t));
  // Seven tickets drawn in the same instant, some called (a wait), some not (null): ties everywhere.
  for (let i = 0; i < 7; i++) {
    const called = i % 3 === 0 ? undefined : at(`08:${String(10 + (i % 2) * 5).padStart(2, '0')}`);
    await givenPastTicket(t, { queueId: i % 2 ? lab : morning, drawn: at('08:00'), ...(called ? { called, finished: at('08:30') } : { status: 'WAITING' }) });
  }
  await givenPastTicket(t, { queueId: lab, drawn: at('09:00'), called: at('09:05'), finished: at('09:20') });
  // Appointments not checked in, starting in the same instant as tickets were drawn.
  await givenPastAppointment(t, morning, at('08:00'), { status: 'NO_SHOW' });
  await givenPastAppointment(t, lab, at('08:00'), { status: 'NO_SHOW' });
  await givenPastAppointment(t, lab, at('11:00'));

  const other = await givenAdmin(t);
  stranger = other.user;
  const otherProfile = await givenProfile(t, other.accountId, { timeZone: 'Europe/Vienna' });
  const otherList = await givenQueue(t, other.accountId, { profileId: otherProfile, name: 'Fremd' });
  for (let i = 0; i < 4; i++) foreignIds.add(await givenPastTicket(t, { queueId: otherList, drawn: at('08:00') }));
  foreignIds.add(await givenPastAppointment(t, otherList, at('08:00')));
});

type Query = Record<string, string>;

/** Every page after the first by its `next`, as the screen walks them. */
async function walkForward(user: LoggedUser, query: Query): Promise<MemberReport[]> {
  const pages = [await report<MemberReport>(t, user, 'members', { ...query, count: 'false' })];
  for (let next = pages[0]!.next; next !== null; next = pages.at(-1)!.next) {
    pages.push(await report<MemberReport>(t, user, 'members', { ...query, count: 'false', after: next }));
    if (pages.length > 50) throw new Error('the cursor does not advance');
  }
  return pages;
}

const ids = (pages: MemberReport[]) => pages.flatMap((page) => page.rows.map((row) => row.id));

describe('GET /reports/members paged by key', () => {
  for (const sort of MEMBER_REPORT_SORTS) {
    for (const dir of ['asc', 'desc']) {
      it(`walks every row once in the order of one long page: sort=${sort} dir=${dir}, and back by previous`, async () => {
        const query = { ...day, sort, dir, page_size: '3' };
        const whole = await report<MemberReport>(t, admin, 'members', { ...query, page_size: '200' });
        expect(whole.total).toBe(11);
        const pages = await walkForward(admin, query);
        expect(ids(pages)).toEqual(whole.rows.map((row) => row.id));
        expect(pages.map((page) => page.rows.length)).toEqual([3, 3, 3, 2]);
        expect(pages[0]!.previous).toBeNull();
        // Back from the last page: the same pages, in turn.
        let page = pages.at(-1)!;
        for (let i = pages.length - 2; i >= 0; i--) {
          page = await report<MemberReport>(t, admin, 'members', { ...query, count: 'false', before: page.previous! });
          expect(page.rows.map((row) => row.id)).toEqual(pages[i]!.rows.map((row) => row.id));
        }
        expect(page.previous).toBeNull();
      });
    }
  }

  it('keeps the filters on every page', async () => {
    const pages = await walkForward(admin, { ...day, queue_id: lab, page_size: '2' });
    const rows = pages.flatMap((page) => page.rows);
    expect(rows.length).toBe(6);
    expect(rows.every((row) => row.queue_name === 'Labor')).toBe(true);
    const tickets = await walkForward(admin, { ...day, origin: 'ONLINE', sort: 'wait', page_size: '2' });
    expect(tickets.flatMap((page) => page.rows).map((row) => row.kind)).toEqual(Array(8).fill('ticket'));
  });

  it("never shows another account's rows, not even after a cursor taken from them", async () => {
    const mine = ids(await walkForward(admin, { ...day, page_size: '4' }));
    expect(mine.some((id) => foreignIds.has(id))).toBe(false);
    const theirs = await walkForward(stranger, { ...day, page_size: '2' });
    expect(new Set(ids(theirs))).toEqual(foreignIds);
    const borrowed = await report<MemberReport>(t, admin, 'members', { ...day, count: 'false', after: theirs[0]!.next! });
    expect(borrowed.rows.length).toBeGreaterThan(0);
    expect(borrowed.rows.some((row) => foreignIds.has(row.id))).toBe(false);
  });

  it('answers a forged or mismatched cursor with 400, never 500', async () => {
    const { next } = await report<MemberReport>(t, admin, 'members', { ...day, page_size: '2', count: 'false' });
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cursors = [
      'garbage',
      '%%%',
      forged({ at: 1 }),
      forged(['at', 'desc', 'yesterday', 'yesterday', '00000000-0000-4000-8000-000000000000']),
      forged(['at', 'desc', at('08:00'), at('08:00'), "1' or '1'='1"]),
      forged(['queue', 'desc', { name: 1 }, at('08:00'), '00000000-0000-4000-8000-000000000000']),
      forged(['number', 'desc', 1.5, at('08:00'), '00000000-0000-4000-8000-000000000000']),
    ];
    for (const cursor of cursors) {
      const res = await t.inject({ method: 'GET', url: `/reports/members?${new URLSearchParams({ ...day, after: cursor }).toString()}`, headers: asUser(admin) });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
    // A cursor of the default sort sent with another sort, or both directions at once.
    const mismatched: Record<string, string>[] = [
      { sort: 'wait', after: next! },
      { dir: 'asc', after: next! },
      { after: next!, before: next! },
    ];
    for (const query of mismatched) {
      const res = await t.inject({ method: 'GET', url: `/reports/members?${new URLSearchParams({ ...day, ...query }).toString()}`, headers: asUser(admin) });
      expect(res.statusCode).toBe(400);
    }
    // A well-formed key of a row that does not exist is just a place in the order.
    const nowhere = await report<MemberReport>(t, admin, 'members', {
      ...day,
      count: 'false',
      after: forged(['queue', 'asc', "Z' --", at('23:00'), '00000000-0000-4000-8000-000000000000']),
      sort: 'queue',
      dir: 'asc',
    });
    expect(nowhere.rows).toEqual([]);
  });

  it('counts the total unless told not to; by page number as before', async () => {
    const counted = await report<MemberReport>(t, admin, 'members', { ...day, page_size: '4', page: '3' });
    expect(counted).toMatchObject({ total: 11, page: 3, next: null });
    expect(counted.rows.length).toBe(3);
    expect(counted.previous).not.toBeNull();
    const uncounted = await report<MemberReport>(t, admin, 'members', { ...day, count: 'false' });
    expect(uncounted.total).toBeNull();
    expect(uncounted.rows.length).toBe(11);
  });
});
