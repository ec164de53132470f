import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accounts } from '../../db/schema/index.js';

/** The account's retention period in days; undefined when the account does not exist. */
export async function findRetentionDays(q: Queryable, accountId: string): Promise<number | undefined> {
  const [row] = await q.select({ days: accounts.retentionDays }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.days;
}
