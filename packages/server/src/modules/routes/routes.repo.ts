import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accounts, appointments, profileIsLive, profiles, queueIsLive, queueMembers, queues } from '../../db/schema/index.js';

const accountColumns = { id: accounts.id, identifier: accounts.identifier, display_name: accounts.displayName };
const profileColumns = { id: profiles.id, identifier: profiles.identifier, name: profiles.name };
const queueColumns = { id: queues.id, identifier: queues.identifier, name: queues.name, profileId: queues.profileId };

export type RouteAccount = { id: string; identifier: string; display_name: string };
export type RouteProfile = { id: string; identifier: string; name: string };
export type RouteQueue = { id: string; identifier: string; name: string; profileId: string };

/** Identifiers are matched case-insensitively, as the unique indexes compare them. */
const sameIdentifier = (column: typeof accounts.identifier | typeof profiles.identifier | typeof queues.identifier, value: string) =>
  eq(sql`lower(${column})`, value.toLowerCase());

export async function findAccountByIdentifier(db: Queryable, identifier: string): Promise<RouteAccount | undefined> {
  const [row] = await db.select(accountColumns).from(accounts).where(sameIdentifier(accounts.identifier, identifier)).limit(1);
  return row;
}

export async function findAccountById(db: Queryable, id: string): Promise<RouteAccount | undefined> {
  const [row] = await db.select(accountColumns).from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function findProfileByIdentifier(db: Queryable, accountId: string, identifier: string): Promise<RouteProfile | undefined> {
  const [row] = await db
    .select(profileColumns)
    .from(profiles)
    .where(and(eq(profiles.accountId, accountId), sameIdentifier(profiles.identifier, identifier), profileIsLive))
    .limit(1);
  return row;
}

export async function findProfileById(db: Queryable, id: string): Promise<RouteProfile | undefined> {
  const [row] = await db
    .select(profileColumns)
    .from(profiles)
    .where(and(eq(profiles.id, id), profileIsLive))
    .limit(1);
  return row;
}

/** Every live location of the account by name: what `/{account}` offers when there are several. */
export async function liveProfilesOfAccount(db: Queryable, accountId: string): Promise<RouteProfile[]> {
  return db
    .select(profileColumns)
    .from(profiles)
    .where(and(eq(profiles.accountId, accountId), profileIsLive))
    .orderBy(asc(profiles.name), asc(profiles.identifier));
}

/** Up to two profiles of the account: enough to tell "exactly one" from "several". */
export async function firstTwoProfiles(db: Queryable, accountId: string): Promise<RouteProfile[]> {
  return db
    .select(profileColumns)
    .from(profiles)
    .where(and(eq(profiles.accountId, accountId), profileIsLive))
    .orderBy(asc(profiles.createdAt))
    .limit(2);
}

export async function findQueueByIdentifier(db: Queryable, profileId: string, identifier: string): Promise<RouteQueue | undefined> {
  const [row] = await db
    .select(queueColumns)
    .from(queues)
    .where(and(eq(queues.profileId, profileId), sameIdentifier(queues.identifier, identifier), queueIsLive))
    .limit(1);
  return row;
}

/** Up to two queues of the account with this identifier (identifiers are unique per location only). */
export async function queuesOfAccountByIdentifier(db: Queryable, accountId: string, identifier: string): Promise<RouteQueue[]> {
  return db
    .select(queueColumns)
    .from(queues)
    .where(and(eq(queues.accountId, accountId), sameIdentifier(queues.identifier, identifier), queueIsLive))
    .limit(2);
}

/** The default queue first, then the others; up to two, so "the only queue" can be recognised. */
export async function defaultQueueCandidates(db: Queryable, profileId: string): Promise<(RouteQueue & { isDefault: boolean })[]> {
  return db
    .select({ ...queueColumns, isDefault: queues.isDefault })
    .from(queues)
    .where(and(eq(queues.profileId, profileId), queueIsLive))
    .orderBy(desc(queues.isDefault), asc(queues.createdAt))
    .limit(2);
}

export async function findQueueById(db: Queryable, id: string): Promise<(RouteQueue & { accountId: string }) | undefined> {
  const [row] = await db
    .select({ ...queueColumns, accountId: queues.accountId })
    .from(queues)
    .where(and(eq(queues.id, id), queueIsLive))
    .limit(1);
  return row;
}

/** The queue a ticket is in now. */
/** The queue of an appointment (the list that serves its type). */
export async function findQueueOfAppointment(db: Queryable, appointmentId: string): Promise<(RouteQueue & { accountId: string }) | undefined> {
  const [row] = await db
    .select({ ...queueColumns, accountId: queues.accountId })
    .from(appointments)
    .innerJoin(queues, eq(queues.id, appointments.queueId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row;
}

export async function findQueueOfMember(db: Queryable, memberId: string): Promise<(RouteQueue & { accountId: string }) | undefined> {
  const [row] = await db
    .select({ ...queueColumns, accountId: queues.accountId })
    .from(queueMembers)
    .innerJoin(queues, eq(queues.id, queueMembers.queueId))
    .where(eq(queueMembers.id, memberId))
    .limit(1);
  return row;
}
