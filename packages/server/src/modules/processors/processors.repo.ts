import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { endSessions } from '../../platform/sign-in-sessions.js';
import { appointmentTypes, calendarFeeds, passwordResetTokens, queueIsLive, queueProcessors, queues, signupTokens, userIsActive, users } from '../../db/schema/index.js';

export type ProcessorRow = typeof users.$inferSelect;
export type NewProcessorRow = typeof users.$inferInsert;
export type ProcessorChanges = Partial<
  Pick<
    ProcessorRow,
    'displayName' | 'isAdmin' | 'lang' | 'color' | 'priority' | 'maxConcurrentProcessing' | 'buttonVisibility' | 'nameOrder' | 'room' | 'microsoftTenantId' | 'microsoftOid'
  >
>;

export async function listProcessorsOfAccount(db: Queryable, accountId: string): Promise<ProcessorRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.accountId, accountId), userIsActive))
    .orderBy(asc(sql`lower(${users.displayName})`), asc(users.username));
}

/** A processor of the account not removed: a removed one is managed, assigned and shown nowhere. */
export async function findProcessor(db: Queryable, accountId: string, id: string): Promise<ProcessorRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, id), userIsActive))
    .limit(1);
  return row;
}

export async function insertProcessor(db: Queryable, values: NewProcessorRow): Promise<ProcessorRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateProcessor(db: Queryable, accountId: string, id: string, changes: ProcessorChanges): Promise<ProcessorRow | undefined> {
  const [row] = await db
    .update(users)
    .set(changes)
    .where(and(eq(users.accountId, accountId), eq(users.id, id)))
    .returning();
  return row;
}

/**
 * Removes the user and keeps the row (docs/product.md#removing-keeps-history): marked
 * deactivated, every way in ended — their sessions (docs/security.md#sessions: tokens and "stay
 * signed in" keys; open sockets close at the staff-watch recheck), invitation and reset links, the calendar feed, the Microsoft binding — and
 * offered nowhere any more: no list assignment, no type's default processor. Their tickets,
 * appointments, hours and absences stay, so history keeps their name (hours of a removed user
 * are not offered: appointment-slots.repo reads `userIsActive`). False when no such active user.
 */
export async function deactivateProcessor(db: Queryable, accountId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deactivatedAt: at, microsoftOid: null })
    .where(and(eq(users.accountId, accountId), eq(users.id, id), userIsActive))
    .returning({ id: users.id });
  if (rows.length === 0) return false;
  await endSessions(db, id, { all: true });
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
  await db.delete(signupTokens).where(eq(signupTokens.userId, id));
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, id));
  await db.delete(queueProcessors).where(eq(queueProcessors.userId, id));
  await db.update(appointmentTypes).set({ defaultProcessorId: null }).where(eq(appointmentTypes.defaultProcessorId, id));
  return true;
}

export async function findQueueOfAccount(db: Queryable, accountId: string, queueId: string) {
  const [row] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.accountId, accountId), eq(queues.id, queueId), queueIsLive))
    .limit(1);
  return row;
}

/**
 * Assigns idempotently: a new assignment is active unless told otherwise; an existing one keeps
 * its flag unless `active` is given.
 */
export async function upsertAssignment(db: Queryable, queueId: string, userId: string, active: boolean | undefined) {
  const [row] = await db
    .insert(queueProcessors)
    .values({ queueId, userId, active: active ?? true })
    .onConflictDoUpdate({
      target: [queueProcessors.queueId, queueProcessors.userId],
      // Setting the flag to itself still returns the row, so a repeated PUT answers the same. An
      // admin's explicit flag replaces a pause the processor announced.
      set: active === undefined ? { active: sql`${queueProcessors.active}` } : { active, inactiveUntil: null },
    })
    .returning();
  return row!;
}

export async function deleteAssignment(db: Queryable, queueId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(queueProcessors)
    .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.userId, userId)))
    .returning({ userId: queueProcessors.userId });
  return rows.length > 0;
}

export async function findAssignment(db: Queryable, queueId: string, userId: string) {
  const [row] = await db
    .select()
    .from(queueProcessors)
    .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.userId, userId)))
    .limit(1);
  return row;
}

/**
 * The processors assigned to a queue with their `active` flag and announced return, in the order
 * they are offered as a patient's processor (docs/product.md#processor-settings): priority, then name.
 */
export async function listAssignedProcessors(db: Queryable, queueId: string) {
  return db
    .select({ user: users, active: queueProcessors.active, inactiveUntil: queueProcessors.inactiveUntil })
    .from(queueProcessors)
    .innerJoin(users, eq(users.id, queueProcessors.userId))
    .where(eq(queueProcessors.queueId, queueId))
    .orderBy(asc(users.priority), asc(sql`lower(${users.displayName})`), asc(users.username));
}

/** The queues a user is assigned to, by queue priority (1 = very high first), then name. */
export async function listOwnQueues(db: Queryable, accountId: string, userId: string) {
  return db
    .select({
      queueId: queues.id,
      name: queues.name,
      identifier: queues.identifier,
      priority: queues.priority,
      profileId: queues.profileId,
      active: queueProcessors.active,
      inactiveUntil: queueProcessors.inactiveUntil,
    })
    .from(queueProcessors)
    .innerJoin(queues, eq(queues.id, queueProcessors.queueId))
    .where(and(eq(queueProcessors.userId, userId), eq(queues.accountId, accountId)))
    .orderBy(asc(queues.priority), asc(sql`lower(${queues.name})`), asc(queues.id));
}

/**
 * Sets the flag of one assignment with the announced return (null: none, also whenever the
 * flag is set to active); undefined when the user is not assigned to the queue.
 */
export async function setAssignmentActive(db: Queryable, queueId: string, userId: string, active: boolean, inactiveUntil: Date | null) {
  const [row] = await db
    .update(queueProcessors)
    .set({ active, inactiveUntil: active ? null : inactiveUntil })
    .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.userId, userId)))
    .returning();
  return row;
}

/**
 * The end of a pause, as a compare-and-set: sets the assignment active again only while it is
 * still the pause that ends at `until` (not switched back by hand, not replaced by another).
 */
export async function endPauseIfCurrent(db: Queryable, queueId: string, userId: string, until: Date) {
  const [row] = await db
    .update(queueProcessors)
    .set({ active: true, inactiveUntil: null })
    .where(and(eq(queueProcessors.queueId, queueId), eq(queueProcessors.userId, userId), eq(queueProcessors.active, false), eq(queueProcessors.inactiveUntil, until)))
    .returning();
  return row;
}
