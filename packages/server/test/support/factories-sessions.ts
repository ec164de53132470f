import { randomBytes } from 'node:crypto';
import type { LoggedUser } from '@wartefrei/shared';
import { profiles, queueProcessors, queues, users, type SessionButtonVisibility } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/platform/passwords.js';
import { basic, type TestApp } from './test-app.js';
import { givenVerifiedAdmin, logIn } from './factories.js';
import type { TestClock } from './test-clock.js';

const unique = () => randomBytes(4).toString('hex');

/** Headers of a staff call as this user. */
export const asUser = (user: LoggedUser) => ({ authorization: basic(user.id, user.token) });

/** Moves the test clock to an instant (forwards or backwards). */
export function setNow(clock: TestClock, at: Date | string): void {
  clock.advanceSeconds((new Date(at).getTime() - clock.now().getTime()) / 1000);
}

/** A signed-up, verified and logged-in admin of a new account. */
export async function givenAdmin(t: TestApp): Promise<{ accountId: string; user: LoggedUser }> {
  const admin = await givenVerifiedAdmin(t);
  return { accountId: admin.account_id, user: await logIn(t, admin.username, admin.password) };
}

/** A location, written directly (the profiles API is another module). */
export async function givenProfile(
  t: TestApp,
  accountId: string,
  overrides: { timeZone?: string; country?: string | null; region?: string | null } = {},
): Promise<string> {
  const n = unique();
  const [row] = await t.app.ctx.db
    .insert(profiles)
    .values({ accountId, name: `Standort ${n}`, identifier: `standort-${n}`, country: 'AT', ...overrides })
    .returning({ id: profiles.id });
  if (!row) throw new Error('no profile');
  return row.id;
}

/** A queue (with its own new location unless `profileId` is given), written directly. */
export async function givenQueue(
  t: TestApp,
  accountId: string,
  options: {
    profileId?: string;
    buttonVisibility?: Partial<SessionButtonVisibility>;
    smartSuspendMinutes?: number;
    maxConcurrentProcessing?: number;
  } = {},
): Promise<string> {
  const n = unique();
  const profileId = options.profileId ?? (await givenProfile(t, accountId));
  const [row] = await t.app.ctx.db
    .insert(queues)
    .values({
      accountId,
      profileId,
      name: `Warteliste ${n}`,
      identifier: `liste-${n}`,
      buttonVisibility: {
        suspend_online: 'EVERYBODY',
        suspend_kiosk: 'EVERYBODY',
        queue_opened: 'EVERYBODY',
        terminate: 'EVERYBODY',
        ...options.buttonVisibility,
      },
      ...(options.smartSuspendMinutes !== undefined ? { smartSuspendMinutes: options.smartSuspendMinutes } : {}),
      ...(options.maxConcurrentProcessing !== undefined ? { maxConcurrentProcessing: options.maxConcurrentProcessing } : {}),
    })
    .returning({ id: queues.id });
  if (!row) throw new Error('no queue');
  return row.id;
}

/** A verified processor (non-admin) of the account, assigned to `queueIds`, logged in. */
export async function givenProcessor(t: TestApp, accountId: string, queueIds: string[] = []): Promise<LoggedUser> {
  const username = `bearbeiter-${unique()}@praxis.example`;
  const password = 'richtig-langes-passwort';
  const [row] = await t.app.ctx.db
    .insert(users)
    .values({ accountId, username, displayName: 'Bearbeiter', passwordHash: await hashPassword(password), verified: true })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  for (const queueId of queueIds) await t.app.ctx.db.insert(queueProcessors).values({ queueId, userId: row.id });
  return logIn(t, username, password);
}
