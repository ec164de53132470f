import { beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleNow } from '@wartefrei/shared';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { setNow } from '../../../test/support/test-clock.js';

const t = useTestApp();
beforeAll(() => {
  // Monday 29 March 2027, 06:00 in Vienna (summer time, UTC+2); sign-ins last the day.
  setNow(t.clock, '2027-03-29T04:00:00Z');
});
const admin = useAdmin(t);

/** A list open on weekdays 08:00–12:00 in a location of the zone, as onboarding sets it up. */
async function givenWeekdayMornings(timeZone: string): Promise<string> {
  const queueId = await givenQueue(t, admin.accountId, { profileId: await givenProfile(t, admin.accountId, { timeZone, country: null }) });
  for (const weekday of [1, 2, 3, 4, 5]) {
    for (const [event, local_time] of [
      ['START', '08:00'],
      ['TERMINATE', '12:00'],
    ] as const) {
      const res = await t.inject({ method: 'POST', url: `/queues/${queueId}/schedule`, headers: asUser(admin.user), payload: { event, weekday, local_time } });
      expect(res.statusCode).toBe(201);
    }
  }
  return queueId;
}

const now = async (queueId: string, at: string) => {
  setNow(t.clock, at);
  const res = await t.inject({ method: 'GET', url: `/queues/${queueId}/schedule/now`, headers: asUser(admin.user) });
  expect(res.statusCode).toBe(200);
  return res.json<ScheduleNow>();
};

describe('GET /queues/{id}/schedule/now (issue 40 §7: day one opens)', () => {
  it("is within hours between a fired START and the next TERMINATE, in the location's zone", async () => {
    const vienna = await givenWeekdayMornings('Europe/Vienna');
    expect(await now(vienna, '2027-03-29T05:59:00Z')).toEqual({ within_hours: false, closes_at_local_time: null });
    expect(await now(vienna, '2027-03-29T06:00:00Z')).toEqual({ within_hours: true, closes_at_local_time: '12:00' });
    expect(await now(vienna, '2027-03-29T09:59:00Z')).toEqual({ within_hours: true, closes_at_local_time: '12:00' });
    expect(await now(vienna, '2027-03-29T10:00:00Z')).toEqual({ within_hours: false, closes_at_local_time: null });
    expect((await now(vienna, '2027-03-29T15:00:00Z')).within_hours).toBe(false);
  });

  it("reads the hours on the location's clock, not the server's or the browser's", async () => {
    const newYork = await givenWeekdayMornings('America/New_York');
    // 09:00 in Vienna is 03:00 in New York: closed there.
    expect((await now(newYork, '2027-03-29T07:00:00Z')).within_hours).toBe(false);
    // 09:30 in New York (UTC−4).
    expect(await now(newYork, '2027-03-29T13:30:00Z')).toEqual({ within_hours: true, closes_at_local_time: '12:00' });
  });

  it('is refused for a list of another practice', async () => {
    const other = await givenAdmin(t);
    const foreign = await givenQueue(t, other.accountId);
    expect((await t.inject({ method: 'GET', url: `/queues/${foreign}/schedule/now`, headers: asUser(admin.user) })).statusCode).toBe(404);
  });
});
