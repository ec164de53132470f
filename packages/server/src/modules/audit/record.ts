import type { AuditAction, AuditSubjectType } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { personOf, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { insertAuditEntry } from './audit.repo.js';

/** Who did it: a staff member or an API key from an address, or the server itself (no user, no address). */
export interface AuditWho {
  accountId: string;
  userId: string | null;
  /** The API key that made the request (then `userId` is null): the log shows "API: {name}". */
  apiKeyId?: string | null;
  address: string | null;
}

export interface AuditSubject {
  type: AuditSubjectType;
  id: string | null;
}

export const whoOf = (actor: Actor, address: string | null): AuditWho => ({ accountId: actor.accountId, userId: personOf(actor), apiKeyId: actor.apiKey?.id ?? null, address });

/**
 * Staff screens refetch a list on every live event: one person looking at one list for an
 * hour would otherwise be hundreds of identical entries. A repeated read (same user, address,
 * action and subject) within this window is the same look and is not written again; changes,
 * erasures and exports are always written.
 */
export const READ_COALESCE_MS = 10 * 60_000;
const MAX_REMEMBERED = 10_000;

// Per database (tests run several apps, each with its own), the last time each read was written.
const lastReads = new WeakMap<object, Map<string, number>>();

function isRepeatedRead(ctx: AppContext, who: AuditWho, action: AuditAction, subject: AuditSubject | null, at: number): boolean {
  let seen = lastReads.get(ctx.db);
  if (!seen) lastReads.set(ctx.db, (seen = new Map<string, number>()));
  const key = `${who.accountId}|${who.userId}|${who.apiKeyId ?? ''}|${who.address}|${action}|${subject?.type}|${subject?.id}`;
  const last = seen.get(key);
  if (last !== undefined && at - last >= 0 && at - last < READ_COALESCE_MS) return true;
  // Oldest first out: a Map keeps insertion order, so re-inserting moves the key to the end.
  seen.delete(key);
  seen.set(key, at);
  if (seen.size > MAX_REMEMBERED) seen.delete(seen.keys().next().value!);
  return false;
}

/** Writes one entry now (inside the caller's transaction when `q` is one). */
export async function recordAudit(
  ctx: AppContext,
  q: Queryable,
  who: AuditWho,
  action: AuditAction,
  subject: AuditSubject | null,
  detail?: Record<string, string | number | boolean | null>,
): Promise<void> {
  await insertAuditEntry(q, {
    accountId: who.accountId,
    at: ctx.clock.now(),
    userId: who.userId,
    apiKeyId: who.apiKeyId ?? null,
    address: who.address,
    action,
    subjectType: subject?.type ?? null,
    subjectId: subject?.id ?? null,
    detail,
  });
}

/** A read of patient data: written unless the same look was written within READ_COALESCE_MS. */
export async function recordRead(ctx: AppContext, who: AuditWho, action: AuditAction, subject: AuditSubject | null): Promise<void> {
  if (isRepeatedRead(ctx, who, action, subject, ctx.clock.now().getTime())) return;
  await recordAudit(ctx, ctx.db, who, action, subject);
}
