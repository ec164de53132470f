import { and, eq, sql } from 'drizzle-orm';
import { DEMO_ACCOUNT_IDENTIFIER } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/*
 * The public demo practice (modules/demo) is shared by every visitor with one published login.
 * Whatever would let one visitor lock out the next — a new password, a changed sign-in mail, a
 * renamed account, an invitation (a mail to anyone's address), a deleted list or location — is
 * refused with DEMO_READ_ONLY. Its identifier is reserved (no sign-up or rename can take it), so
 * the identifier alone marks the demo.
 */

const isDemo = sql`lower(${accounts.identifier}) = ${DEMO_ACCOUNT_IDENTIFIER}`;

/** Whether this server has the demo practice (an indexed lookup: `GET /system-information` asks it). */
export async function demoAccountExists(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(isDemo).limit(1);
  return row !== undefined;
}

/** Whether the account is the demo practice. */
export async function isDemoAccount(db: Queryable, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isDemo))
    .limit(1);
  return row !== undefined;
}

/** Refuses a change the demo does not allow (403 DEMO_READ_ONLY). */
export async function refuseOnDemo(db: Queryable, accountId: string): Promise<void> {
  if (await isDemoAccount(db, accountId)) throw new AppError('DEMO_READ_ONLY');
}
