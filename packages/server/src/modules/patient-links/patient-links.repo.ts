import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { patientLinks } from '../../db/schema/index.js';
import { hashToken } from '../../platform/crypto.js';
import { newLinkToken } from './link-token.js';

/** What a link opens: a ticket, an appointment, or both (an appointment that was checked in). */
export interface LinkTarget {
  memberId: string | null;
  appointmentId: string | null;
}

/** Mints a link to a ticket or an appointment: answers the token, of which only the hash is stored. */
export async function mintLink(q: Queryable, target: { memberId: string } | { appointmentId: string }, now: Date): Promise<string> {
  const [token] = await mintLinks(q, [target], now);
  return token!;
}

/** One new link per target, in the order given (a series' occurrences), in one statement. */
export async function mintLinks(q: Queryable, targets: ({ memberId: string } | { appointmentId: string })[], now: Date): Promise<string[]> {
  if (targets.length === 0) return [];
  const tokens = targets.map(() => newLinkToken());
  await q.insert(patientLinks).values(
    targets.map((target, i) => ({
      tokenHash: hashToken(tokens[i]!),
      memberId: 'memberId' in target ? target.memberId : null,
      appointmentId: 'appointmentId' in target ? target.appointmentId : null,
      createdAt: now,
    })),
  );
  return tokens;
}

/**
 * The INSERT of a new ticket's link, as a part of the draw's one statement (draw.repo.ts says
 * why the draw stays one): `memberIds` is a SELECT of the new row's id from an earlier CTE.
 */
export function insertMemberLinkSql(token: string, memberIds: SQL): SQL {
  return sql`INSERT INTO ${patientLinks} (token_hash, member_id) SELECT ${hashToken(token)}, id FROM (${memberIds}) AS new_member`;
}

/**
 * What the token opens, now; undefined for anything else — an unknown token, an expired one, a
 * record id. Only a value that could be a token is hashed and looked up.
 */
export async function resolveLink(q: Queryable, token: string, now: Date): Promise<LinkTarget | undefined> {
  if (!mayBeLinkToken(token)) return undefined;
  const [row] = await q
    .select({ memberId: patientLinks.memberId, appointmentId: patientLinks.appointmentId })
    .from(patientLinks)
    .where(and(eq(patientLinks.tokenHash, hashToken(token)), or(isNull(patientLinks.expiresAt), gt(patientLinks.expiresAt, now))))
    .limit(1);
  return row;
}

/**
 * A token is URL-safe base64 of at least 128 bits. Links sent before migration 0032 were the
 * record's id and stay valid until their visit is over: the migration stored their hashes (with
 * an expiry), so a UUID is looked up too — a new record's id has no link and answers nothing.
 */
function mayBeLinkToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{22,64}$/.test(value);
}

/** At check-in the appointment becomes a ticket: every link of the appointment opens the ticket too. */
export async function linkAppointmentToMember(q: Queryable, appointmentId: string, memberId: string): Promise<void> {
  await q.update(patientLinks).set({ memberId }).where(eq(patientLinks.appointmentId, appointmentId));
}

/** Ends every link to these records (their personal data was erased). */
export async function dropLinks(q: Queryable, of: { memberIds?: string[]; appointmentIds?: string[] }): Promise<void> {
  const conditions = [
    ...(of.memberIds?.length ? [inArray(patientLinks.memberId, of.memberIds)] : []),
    ...(of.appointmentIds?.length ? [inArray(patientLinks.appointmentId, of.appointmentIds)] : []),
  ];
  if (conditions.length > 0) await q.delete(patientLinks).where(or(...conditions));
}
