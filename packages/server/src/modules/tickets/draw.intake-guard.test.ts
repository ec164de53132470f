import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drawRefusal, type DrawOrigin, type IntakeState } from '@wartefrei/shared';
import { queueSessions } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { givenAdmin } from '../../../test/support/factories.js';
import { givenOpenQueue } from '../../../test/support/tickets.js';
import { sessionAdmitsDraw } from './draw.repo.js';

/*
 * The intake rule lives twice: in TypeScript (shared `drawRefusal`, checked before a draw for a
 * clear error) and in the draw's SQL guard on the counter row (which decides under concurrency).
 * Every combination of the session's flags, for every origin, must get the same answer from both.
 */
let t: TestApp;
let queueId: string;
beforeAll(async () => {
  t = await startTestApp();
  queueId = await givenOpenQueue(t, (await givenAdmin(t)).accountId);
});
afterAll(async () => t.close());

const FLAGS = ['open', 'queueing_allowed', 'blocked', 'online_suspended', 'kiosk_suspended'] as const;
const combinations: IntakeState['session'][] = Array.from(
  { length: 2 ** FLAGS.length },
  (_, bits) => Object.fromEntries(FLAGS.map((flag, i) => [flag, (bits & (1 << i)) !== 0])) as IntakeState['session'],
);
const ORIGINS: DrawOrigin[] = ['ONLINE', 'KIOSK', 'MANUAL'];

describe('the draw SQL guard and the TypeScript intake rule', () => {
  it(`agree for all ${combinations.length} session states × ${ORIGINS.length} origins`, async () => {
    const disagreements: string[] = [];
    let admitted = 0;
    for (const session of combinations) {
      await t.app.ctx.db
        .update(queueSessions)
        .set({
          open: session.open,
          queueingAllowed: session.queueing_allowed,
          blocked: session.blocked,
          onlineSuspended: session.online_suspended,
          kioskSuspended: session.kiosk_suspended,
        })
        .where(eq(queueSessions.queueId, queueId));
      for (const origin of ORIGINS) {
        const typescript = drawRefusal({ subscription_valid: true, draw_online_enabled: true, kiosk_enabled: true, session }, origin) === undefined;
        const database = await sessionAdmitsDraw(t.app.ctx.db, queueId, origin);
        if (database) admitted += 1;
        if (typescript !== database) disagreements.push(`${origin} ${JSON.stringify(session)}: TypeScript ${typescript}, SQL ${database}`);
      }
    }
    expect(disagreements).toEqual([]);
    // Both answers occur: a guard that always said yes (or no) could not pass by agreeing.
    expect(admitted).toBeGreaterThan(0);
    expect(admitted).toBeLessThan(combinations.length * ORIGINS.length);
  });
});
