import { count, eq } from 'drizzle-orm';
import { DEMO_ACCOUNT_IDENTIFIER } from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import type { AppContext } from '../../platform/context.js';
import { hashPasswords, type PasswordHashes } from '../../platform/passwords.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import {
  accounts,
  apiKeys,
  appointments,
  appointmentSlots,
  appointmentTypes,
  monitorQueues,
  monitors,
  profiles,
  queueProcessors,
  queueSessions,
  queues,
  users,
} from '../../db/schema/index.js';
import { exemptAccountByIdentifier, insertAccountWithAdmin, updateAccountSettings } from '../accounts/index.js';
import { storeImageOfAccount } from '../images/index.js';
import { DEMO_LOGO_SVG } from './demo-logo.js';
import { demoAppointments } from './demo-appointments.js';
import { seedDemoQuestionnaire } from './demo-probing.js';
import { seedDemoHistory } from './demo-history.js';
import { demoAuditEntries } from './demo-audit.js';
import { insertAuditEntry } from '../audit/index.js';
import { hashToken, newSecretToken } from '../../platform/crypto.js';
import { planDemoReset } from './demo-reset-plan.js';

/** The demo logins, printed at start and in the README. */
export const DEMO_LOGINS = {
  admin: { username: 'admin@praxis-demo.example', password: 'wartefrei-demo' },
  processor: { username: 'assistenz@praxis-demo.example', password: 'wartefrei-demo' },
} as const;

/**
 * Gives an empty database a practice to try: a location, two open waiting lists, an admin and
 * a processor assigned to both, a waiting-room monitor showing both lists, both offered at
 * the kiosk (the first with the called numbers beside its buttons; its patients may also ask
 * for "almost your turn" alerts by SMS — offered only where the server has an SMS gateway), and an appointment type
 * for each list (a talk with the doctor online, a blood test online and at the kiosk) with the
 * processor's bookable hours (weekday mornings, Thursday afternoon) with a few patients booked
 * on the next weekdays and a weekly check-up series, and an online questionnaire at the
 * location's link (demo-probing.ts), and eight weeks of history for reporting (demo-history.ts). Several nodes
 * may start at once; the unique identifier lets exactly one of them seed.
 */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(accounts);
  if ((row?.n ?? 0) > 0) return false;
  try {
    const hashes = await demoHashes();
    await ctx.db.transaction((tx) => seedDemoPractice(ctx, tx, hashes));
    return true;
  } catch (error) {
    // Another node seeded first.
    if (isUniqueViolation(error) || (error instanceof AppError && error.code === 'UNIQUE')) return false;
    throw error;
  }
}

/** The demo logins' password hashes (slow on purpose: computed before a transaction opens). */
export async function demoHashes(): Promise<DemoHashes> {
  const [admin, processor] = await Promise.all([hashPasswords(DEMO_LOGINS.admin.password), hashPasswords(DEMO_LOGINS.processor.password)]);
  return { admin, processor };
}

interface DemoHashes {
  admin: PasswordHashes;
  processor: PasswordHashes;
}

/** The demo practice's rows, in the caller's transaction (the first start, or the nightly reset in demo.jobs.ts). */
export async function seedDemoPractice(ctx: AppContext, tx: Transaction, hashes: DemoHashes): Promise<void> {
  const processorHashes = hashes.processor;
  const demoAdmin = {
    accountName: 'Praxis Dr. Demo',
    identifier: DEMO_ACCOUNT_IDENTIFIER,
    displayName: 'Dr. Dora Demo',
    username: DEMO_LOGINS.admin.username,
    password: DEMO_LOGINS.admin.password,
    lang: 'de' as const,
    verified: true,
  };
  await insertAccountWithAdmin(ctx, tx, demoAdmin, hashes.admin, async (tx, { account, user: admin }) => {
    // The demo is the operator's own: never billed, never locked (its trial jobs find nothing to do).
    await exemptAccountByIdentifier(tx, account.identifier);
    await tx.update(accounts).set({ sector: 'GENERAL_PRACTICE' }).where(eq(accounts.id, account.id));
    const logo = await storeImageOfAccount(tx, account.id, Buffer.from(DEMO_LOGO_SVG));
    await updateAccountSettings(tx, account.id, { logoImageId: logo.id });
    // Shared by every visitor of the demo: its tutorial waits in the avatar menu, not in a dialog at each sign-in.
    await tx.update(users).set({ tutorialDismissedAt: ctx.clock.now() }).where(eq(users.id, admin.id));
    const [processor] = await tx
      .insert(users)
      .values({
        accountId: account.id,
        username: DEMO_LOGINS.processor.username,
        displayName: 'Paula Assistenz',
        ...processorHashes,
        verified: true,
        color: '#1c7ed6',
        tutorialDismissedAt: ctx.clock.now(),
      })
      .returning();
    const [profile] = await tx
      .insert(profiles)
      // Kiosk printing off: the demo kiosk shows the number and its QR code, never a print dialog.
      .values({ accountId: account.id, name: 'Ordination Wien', identifier: 'wien', country: 'AT', region: '9', kioskPrinting: 'OFF' })
      .returning();
    const lists = await tx
      .insert(queues)
      .values([
        {
          accountId: account.id,
          profileId: profile!.id,
          name: 'Allgemeinmedizin',
          identifier: 'allgemein',
          averageProcessMinutes: 8,
          isDefault: true,
          kioskEnabled: true,
          displayMonitorOnKiosk: true,
          mayActivateSmsNotifications: true,
        },
        { accountId: account.id, profileId: profile!.id, name: 'Blutabnahme', identifier: 'labor', averageProcessMinutes: 4, priority: 5, kioskEnabled: true },
      ])
      .returning();
    const openedAt = ctx.clock.now();
    await tx.insert(queueSessions).values(lists.map((q) => ({ queueId: q.id, open: true, openedAt })));
    await tx.insert(queueProcessors).values(
      lists.flatMap((q) => [
        { queueId: q.id, userId: processor!.id, active: true },
        { queueId: q.id, userId: admin.id, active: false },
      ]),
    );
    const [monitor] = await tx.insert(monitors).values({ accountId: account.id, identifier: 'wartezimmer', displayName: 'Wartezimmer' }).returning();
    await tx.insert(monitorQueues).values(lists.map((q, position) => ({ monitorId: monitor!.id, queueId: q.id, position })));
    const [general, lab] = lists;
    const [talk] = await tx
      .insert(appointmentTypes)
      .values([
        {
          accountId: account.id,
          profileId: profile!.id,
          queueId: general!.id,
          name: 'Arztgespräch',
          durationMinutes: 15,
          defaultProcessorId: processor!.id,
          confirmHoursBefore: 48,
        },
        { accountId: account.id, profileId: profile!.id, queueId: lab!.id, name: 'Blutabnahme', durationMinutes: 10, bookableKiosk: true },
      ])
      .returning();
    // Paula's bookable hours: weekday mornings, and Thursday afternoon too.
    const hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: '08:00', endTime: '12:00' }));
    hours.push({ weekday: 4, startTime: '14:00', endTime: '18:00' });
    await tx.insert(appointmentSlots).values(hours.map((h) => ({ accountId: account.id, profileId: profile!.id, processorId: processor!.id, kind: 'WEEK' as const, ...h })));
    const { infectionTagId } = await seedDemoQuestionnaire(tx, { accountId: account.id, profileId: profile!.id, general: general!.id, lab: lab!.id, talkTypeId: talk!.id });
    await seedDemoHistory(tx, ctx.clock.now(), {
      accountId: account.id,
      profileId: profile!.id,
      timeZone: profile!.timeZone,
      general: general!.id,
      lab: lab!.id,
      processorId: processor!.id,
      adminId: admin.id,
      talkTypeId: talk!.id,
      infectionTagId,
    });
    await tx.insert(appointments).values(
      demoAppointments(ctx.clock.now(), profile!.timeZone, {
        accountId: account.id,
        profileId: profile!.id,
        queueId: general!.id,
        appointmentTypeId: talk!.id,
        processorId: processor!.id,
      }),
    );
    const place = { accountId: account.id, processorId: processor!.id, adminId: admin.id, general: general!.id, lab: lab!.id };
    for (const entry of demoAuditEntries(ctx.clock.now(), place)) await insertAuditEntry(tx, entry);
    // The practice-management system's key, so the "Schnittstellen" tab shows one: its secret is
    // made and dropped here, known to nobody — a visitor makes their own to try the API.
    const secret = `wf_${newSecretToken()}`;
    await tx.insert(apiKeys).values({
      accountId: account.id,
      name: 'Praxisverwaltung',
      scopes: ['appointments:read', 'appointments:write', 'tickets:read', 'patients:read'],
      keyHash: hashToken(secret),
      hint: secret.slice(-4),
      createdBy: admin.id,
      createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000),
      lastUsedAt: new Date(ctx.clock.now().getTime() - 20 * 60_000),
    });
    // Shared by every visitor: back to this state every night (demo.jobs.ts).
    await planDemoReset(tx, ctx.clock.now(), profile!.timeZone);
  });
}
