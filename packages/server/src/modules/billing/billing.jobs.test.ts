import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.js';
import { runDueJobs } from '../../platform/jobs/index.js';
import { addPaymentMethod, billingOf, startBillingApp, type BillingTestApp } from '../../../test/support/billing.js';
import { givenAdmin, logIn } from '../../../test/support/factories.js';
import { setNow } from '../../../test/support/test-clock.js';

let t: BillingTestApp;
beforeAll(async () => {
  t = await startBillingApp();
});
afterAll(async () => t.close());

const DAY = 86_400_000;
const run = () => runDueJobs(t.app.ctx, { runnerId: 'test', limit: 500 });

describe('the trial and the grace period, by the jobs', () => {
  it('mails 7 and 2 days before the trial ends (once each), then notPaid at its end, deactivated 14 days later', async () => {
    const start = t.clock.now();
    const a = await givenAdmin(t);
    const trialEnd = start.getTime() + 14 * DAY;
    const mailsTo = () => t.smtp.mails.filter((m) => m.to.includes(a.admin.username) && m.subject.includes('Testphase'));
    const stateAt = async (at: number) => {
      setNow(t.clock, new Date(at));
      await run();
      await run();
      return (await billingOf(t, await logIn(t, a.admin.username, a.admin.password))).subscription_state;
    };

    expect(await stateAt(trialEnd - 7 * DAY - 60_000)).toBe('trial');
    expect(mailsTo()).toHaveLength(0);
    expect(await stateAt(trialEnd - 7 * DAY + 60_000)).toBe('trial');
    await expect.poll(() => mailsTo().length).toBe(1);
    const [first] = mailsTo();
    expect(first!.subject).toBe('Ihre Testphase endet in 7 Tagen');
    expect(first!.text).toContain('http://wartefrei.test/backend/management/billing');
    expect(first!.text).toContain('106,80');

    expect(await stateAt(trialEnd - 2 * DAY + 60_000)).toBe('trial');
    await expect.poll(() => mailsTo().length).toBe(2);
    expect(mailsTo()[1]!.subject).toBe('Ihre Testphase endet in 2 Tagen');

    expect(await stateAt(trialEnd + 60_000)).toBe('notPaid');
    expect(await stateAt(trialEnd + 14 * DAY - 120_000)).toBe('notPaid');
    expect(await stateAt(trialEnd + 14 * DAY + 120_000)).toBe('deactivated');
    expect(await stateAt(trialEnd + 30 * DAY)).toBe('deactivated');
    expect(mailsTo()).toHaveLength(2);

    const done = await t.app.ctx.db
      .select({ kind: jobs.kind, status: jobs.status })
      .from(jobs)
      .where(and(like(jobs.key, `${a.accountId}%`)));
    expect(done.map((j) => `${j.kind}:${j.status}`).sort()).toEqual([
      'billing.grace-end:DONE',
      'billing.trial-end:DONE',
      'billing.trial-reminder:DONE',
      'billing.trial-reminder:DONE',
    ]);
  });

  it('a practice with a payment method gets no reminder and runs on at the trial’s end', async () => {
    const start = t.clock.now();
    const a = await givenAdmin(t);
    await addPaymentMethod(t, a.user, { card: 'pm_card_visa' });
    setNow(t.clock, new Date(start.getTime() + 14 * DAY + 60_000));
    await run();
    const user = await logIn(t, a.admin.username, a.admin.password);
    expect((await billingOf(t, user)).subscription_state).toBe('allPaid');
    expect(t.smtp.mails.filter((m) => m.to.includes(a.admin.username) && m.subject.includes('Testphase'))).toHaveLength(0);
    const [end] = await t.app.ctx.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, 'billing.trial-end'), eq(jobs.key, a.accountId)));
    expect(end!.status).toBe('MISSED');
  });
});
