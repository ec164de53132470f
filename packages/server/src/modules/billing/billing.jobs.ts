import { formatEuro, isSupportedLang, NOT_PAID_GRACE_DAYS, TRIAL_REMINDER_DAYS, translate, VENDOR_TIME_ZONE } from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import { registerJobHandler, scheduleJobs, type JobHandler } from '../../platform/jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { sendMail } from '../accounts/index.js';
import { findBillingAccount, findBillingContact } from './billing.repo.js';
import { priceOf } from './subscription.service.js';
import { applyTransition, GRACE_END_JOB } from './transitions.js';

export const TRIAL_REMINDER_JOB = 'billing.trial-reminder';
export const TRIAL_END_JOB = 'billing.trial-end';
const DAY_MS = 86_400_000;

/** The trial's reminders and its end, scheduled with the account (in its sign-up transaction). */
export async function scheduleTrialJobs(tx: Transaction, accountId: string, trialEnd: Date): Promise<void> {
  await scheduleJobs(tx, [
    { kind: TRIAL_END_JOB, key: accountId, runAt: trialEnd },
    ...TRIAL_REMINDER_DAYS.map((days) => ({
      kind: TRIAL_REMINDER_JOB,
      key: `${accountId}:${days}`,
      runAt: new Date(trialEnd.getTime() - days * DAY_MS),
      payload: { days },
    })),
  ]);
}

/** Every billing job names its account first in its key (`<account id>[:…]`). */
const accountOf = (key: string) => key.split(':')[0]!;

/**
 * A reminder mail N days before the trial ends, to the first admin, only while the practice is
 * still in its trial (a payment method moves it on). Missed-while-down rule: one that comes so
 * late that fewer days remain than the next reminder's is MISSED; that one goes out instead.
 */
const trialReminder: JobHandler = async (ctx, tx, job) => {
  if (!ctx.config.paymentConfigured) return 'MISSED';
  const account = await findBillingAccount(tx, accountOf(job.key));
  if (account?.subscriptionState !== 'trial' || !account.trialEnd) return 'MISSED';
  const days = Number((job.payload as { days?: number }).days ?? 0);
  const left = (account.trialEnd.getTime() - ctx.clock.now().getTime()) / DAY_MS;
  const nextReminder = Math.max(0, ...TRIAL_REMINDER_DAYS.filter((d) => d < days));
  if (left <= nextReminder) return 'MISSED';
  await mailTrialReminder(ctx, tx, account, Math.ceil(left));
  return 'DONE';
};

async function mailTrialReminder(ctx: AppContext, tx: Transaction, account: NonNullable<Awaited<ReturnType<typeof findBillingAccount>>>, daysLeft: number) {
  const contact = await findBillingContact(tx, account.id);
  if (!contact) return;
  const lang = isSupportedLang(contact.lang) ? contact.lang : 'de';
  const { current } = await priceOf(tx, account);
  // Locations keep their own zones; the trial's last day is the same date in every zone we serve.
  const endDate = new Intl.DateTimeFormat(lang === 'de' ? 'de-AT' : 'en-GB', { dateStyle: 'long', timeZone: VENDOR_TIME_ZONE }).format(account.trialEnd!);
  await sendMail(ctx, {
    to: contact.username,
    lang,
    subject: translate(lang, 'mail', 'trial_reminder_subject', [String(daysLeft)]),
    greetingName: contact.displayName,
    body: translate(lang, 'mail', 'trial_reminder_body', [account.displayName, endDate, `${ctx.config.publicUrl}/backend/management/billing`, formatEuro(current.gross_cents)]),
  });
}

/** The trial's end: with a payment method the subscription runs on, without it `notPaid`. */
const trialEnd: JobHandler = async (ctx, tx, job) => {
  if (!ctx.config.paymentConfigured) return 'MISSED';
  const result = await applyTransition(tx, accountOf(job.key), 'TRIAL_ENDED', ctx.clock.now());
  return result && result.before !== result.after ? 'DONE' : 'MISSED';
};

/** 14 days `notPaid` → `deactivated`, unless the practice paid meanwhile or entered `notPaid` anew. */
const graceEnd: JobHandler = async (ctx, tx, job) => {
  if (!ctx.config.paymentConfigured) return 'MISSED';
  const account = await findBillingAccount(tx, accountOf(job.key));
  const since = account?.notPaidSince;
  const due = since && since.getTime() + NOT_PAID_GRACE_DAYS * DAY_MS <= ctx.clock.now().getTime();
  if (account?.subscriptionState !== 'notPaid' || !due || `${account.id}:${since.toISOString()}` !== job.key) return 'MISSED';
  await applyTransition(tx, account.id, 'GRACE_ENDED', ctx.clock.now());
  return 'DONE';
};

/** The billing module's job kinds; app.ts calls this when it builds the app. */
export function registerBillingJobs(): void {
  registerJobHandler(TRIAL_REMINDER_JOB, trialReminder);
  registerJobHandler(TRIAL_END_JOB, trialEnd);
  registerJobHandler(GRACE_END_JOB, graceEnd);
}
