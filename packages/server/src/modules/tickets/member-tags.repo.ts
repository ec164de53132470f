/** Info tags on tickets: which a member carries, which the patient sees, adding and removing. */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { type Queryable } from '../../db/connect.js';
import { infoTags, queueMemberInfoTags } from '../../db/schema/index.js';
import type { InfoTagRow } from './tickets.repo.js';

/** The ids of the info tags on some members. */
export async function infoTagIdsOf(q: Queryable, memberIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (memberIds.length === 0) return result;
  const rows = await q
    .select({ memberId: queueMemberInfoTags.memberId, infoTagId: queueMemberInfoTags.infoTagId })
    .from(queueMemberInfoTags)
    .where(inArray(queueMemberInfoTags.memberId, memberIds))
    .orderBy(asc(queueMemberInfoTags.createdAt));
  for (const row of rows) result.set(row.memberId, [...(result.get(row.memberId) ?? []), row.infoTagId]);
  return result;
}

/** The info tags on a member that the patient may see. */
export async function visibleInfoTagsOf(q: Queryable, memberId: string): Promise<InfoTagRow[]> {
  const rows = await q
    .select({ tag: infoTags })
    .from(queueMemberInfoTags)
    .innerJoin(infoTags, eq(infoTags.id, queueMemberInfoTags.infoTagId))
    .where(and(eq(queueMemberInfoTags.memberId, memberId), eq(infoTags.visibleOnTicket, true)))
    .orderBy(asc(queueMemberInfoTags.createdAt));
  return rows.map((r) => r.tag);
}

/** Whether some of the member's tags hide times on the ticket. */
export async function infoTagOfAccount(q: Queryable, accountId: string, infoTagId: string): Promise<InfoTagRow | undefined> {
  const [row] = await q
    .select()
    .from(infoTags)
    .where(and(eq(infoTags.id, infoTagId), eq(infoTags.accountId, accountId)))
    .limit(1);
  return row;
}

/** The member's time-priority tag other than `exceptTagId`, if any (docs/product.md#validation-rules: only one). */
export async function timePriorityTagOf(q: Queryable, memberId: string, exceptTagId: string): Promise<InfoTagRow | undefined> {
  const [row] = await q
    .select({ tag: infoTags })
    .from(queueMemberInfoTags)
    .innerJoin(infoTags, eq(infoTags.id, queueMemberInfoTags.infoTagId))
    .where(and(eq(queueMemberInfoTags.memberId, memberId), eq(infoTags.timePriority, true), ne(infoTags.id, exceptTagId)))
    .limit(1);
  return row?.tag;
}

/** Adds a tag; false when it was already there. */
export async function addInfoTag(q: Queryable, memberId: string, infoTagId: string, at: Date): Promise<boolean> {
  const rows = await q.insert(queueMemberInfoTags).values({ memberId, infoTagId, createdAt: at }).onConflictDoNothing().returning({ memberId: queueMemberInfoTags.memberId });
  return rows.length > 0;
}

/** Removes a tag; false when it was not there. */
export async function removeInfoTag(q: Queryable, memberId: string, infoTagId: string): Promise<boolean> {
  const rows = await q
    .delete(queueMemberInfoTags)
    .where(and(eq(queueMemberInfoTags.memberId, memberId), eq(queueMemberInfoTags.infoTagId, infoTagId)))
    .returning({ memberId: queueMemberInfoTags.memberId });
  return rows.length > 0;
}
