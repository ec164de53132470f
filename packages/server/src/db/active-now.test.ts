import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { isActiveNow, type LoggedUser } from '@wartefrei/shared';
import { activeNowSql, queueProcessors } from './schema/index.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor, givenProfile, givenQueue } from '../../test/support/factories.js';
import { givenOpenQueue, givenTicket } from '../../test/support/tickets.js';

/*
 * "Active now" is written twice: isActiveNow (TypeScript, @wartefrei/shared) for rows already
 * read, activeNowSql for queries that filter by it. Here both read the same stored rows.
 */
let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ accountId } = await givenAdmin(t));
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;

describe('active now: SQL and TypeScript agree', () => {
  it.each([
    ['switched on', true, null],
    ['switched on, a stale return left over', true, -30],
    ['only managing, no return announced', false, null],
    ['on a pause that ends later', false, 1],
    ['on a pause that ends now', false, 0],
    ['on a pause that ended before its job ran', false, -30],
  ])('%s', async (_name, active, returnInMinutes) => {
    const queueId = await givenQueue(t, accountId, { profileId: await givenProfile(t, accountId) });
    const processor = await givenProcessor(t, accountId, [queueId]);
    const now = t.clock.now();
    const inactiveUntil = returnInMinutes === null ? null : new Date(now.getTime() + returnInMinutes * MINUTE);
    const mine = and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.userId, processor.id));
    await t.app.ctx.db.update(queueProcessors).set({ active, inactiveUntil }).where(mine);

    const [row] = await t.app.ctx.db
      .select({ active: queueProcessors.active, inactiveUntil: queueProcessors.inactiveUntil, activeNow: activeNowSql(now) })
      .from(queueProcessors)
      .where(mine);
    if (!row) throw new Error('no assignment');
    expect(row.activeNow).toBe(isActiveNow(row, now));
  });
});

describe('POST /call-next reads "active now"', () => {
  it('calls from a list whose pause has ended, before the pause’s end job has run', async () => {
    const queueId = await givenOpenQueue(t, accountId);
    const processor: LoggedUser = await givenProcessor(t, accountId, [queueId]);
    await givenTicket(t, queueId);
    const until = new Date(t.clock.now().getTime() + 15 * MINUTE);
    await t.app.ctx.db
      .update(queueProcessors)
      .set({ active: false, inactiveUntil: until })
      .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.userId, processor.id)));

    const away = await t.inject({ method: 'POST', url: '/call-next', headers: asUser(processor), payload: {} });
    expect(away.json()).toMatchObject({ code: 'NO_WAITING_MEMBER' });

    t.clock.advanceSeconds(15 * 60);
    const back = await t.inject({ method: 'POST', url: '/call-next', headers: asUser(processor), payload: {} });
    expect(back.statusCode).toBe(200);
  });
});
