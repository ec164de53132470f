import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accounts, monitorQueues, monitors, profiles, queueIsLive, queues } from '../../db/schema/index.js';

export type MonitorRow = typeof monitors.$inferSelect;
export type NewMonitorRow = typeof monitors.$inferInsert;
export type MonitorChanges = Partial<Omit<NewMonitorRow, 'id' | 'accountId' | 'createdAt'>>;
export type MonitorAccount = { id: string; identifier: string; display_name: string };

const accountColumns = { id: accounts.id, identifier: accounts.identifier, display_name: accounts.displayName };

export async function listMonitorsOfAccount(db: Queryable, accountId: string): Promise<MonitorRow[]> {
  return db
    .select()
    .from(monitors)
    .where(eq(monitors.accountId, accountId))
    .orderBy(asc(sql`lower(${monitors.displayName})`), asc(monitors.identifier), asc(monitors.id));
}

/** The monitor if it belongs to the account. */
export async function findMonitorInAccount(db: Queryable, accountId: string, id: string): Promise<MonitorRow | undefined> {
  const [row] = await db
    .select()
    .from(monitors)
    .where(and(eq(monitors.accountId, accountId), eq(monitors.id, id)))
    .limit(1);
  return row;
}

/** Any account's monitor with its account: the public view, whose key is the monitor id. */
export async function findMonitorWithAccount(db: Queryable, id: string): Promise<{ monitor: MonitorRow; account: MonitorAccount } | undefined> {
  const [row] = await db
    .select({ monitor: monitors, account: accountColumns })
    .from(monitors)
    .innerJoin(accounts, eq(accounts.id, monitors.accountId))
    .where(eq(monitors.id, id))
    .limit(1);
  return row;
}

/** The account's monitor with this identifier, matched case-insensitively like the unique index. */
export async function findMonitorByIdentifier(db: Queryable, accountId: string, identifier: string): Promise<MonitorRow | undefined> {
  const [row] = await db
    .select()
    .from(monitors)
    .where(and(eq(monitors.accountId, accountId), eq(sql`lower(${monitors.identifier})`, identifier.toLowerCase())))
    .limit(1);
  return row;
}

export async function insertMonitor(db: Queryable, values: NewMonitorRow): Promise<MonitorRow> {
  const [row] = await db.insert(monitors).values(values).returning();
  if (!row) throw new Error('insert into monitors returned no row');
  return row;
}

export async function updateMonitorInAccount(db: Queryable, accountId: string, id: string, changes: MonitorChanges): Promise<MonitorRow | undefined> {
  const [row] = await db
    .update(monitors)
    .set(changes)
    .where(and(eq(monitors.accountId, accountId), eq(monitors.id, id)))
    .returning();
  return row;
}

/** Deletes the monitor; its queue list goes with it by cascade. */
export async function deleteMonitorInAccount(db: Queryable, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(monitors)
    .where(and(eq(monitors.accountId, accountId), eq(monitors.id, id)))
    .returning({ id: monitors.id });
  return rows.length > 0;
}

/** The queue ids each monitor shows, in display order. */
export async function queueIdsOfMonitors(db: Queryable, monitorIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(monitorIds.map((id) => [id, []]));
  if (monitorIds.length === 0) return result;
  const rows = await db
    .select({ monitorId: monitorQueues.monitorId, queueId: monitorQueues.queueId })
    .from(monitorQueues)
    .where(inArray(monitorQueues.monitorId, monitorIds))
    .orderBy(asc(monitorQueues.position));
  for (const row of rows) result.get(row.monitorId)?.push(row.queueId);
  return result;
}

/**
 * Which of the ids are queues of the account, each locked against deletion (KEY SHARE) until the
 * transaction ends: the list written next cannot point at a queue deleted in between. A share lock,
 * not a key-share one: deleting a list is an update (it is archived), and must wait for us.
 */
export async function lockQueuesOfAccount(db: Queryable, accountId: string, queueIds: string[]): Promise<string[]> {
  if (queueIds.length === 0) return [];
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.accountId, accountId), inArray(queues.id, queueIds), queueIsLive))
    .for('share');
  return rows.map((r) => r.id);
}

/** Replaces the monitor's queue list with these ids, in this order. */
export async function replaceMonitorQueues(db: Queryable, monitorId: string, queueIds: string[]): Promise<void> {
  await db.delete(monitorQueues).where(eq(monitorQueues.monitorId, monitorId));
  if (queueIds.length === 0) return;
  await db.insert(monitorQueues).values(queueIds.map((queueId, position) => ({ monitorId, queueId, position })));
}

/**
 * Every queue of the account in the master monitor's order: locations as they were created,
 * within a location by priority (1 = very high first), then name.
 */
export async function queueIdsOfAccountInMasterOrder(db: Queryable, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .innerJoin(profiles, eq(profiles.id, queues.profileId))
    .where(and(eq(queues.accountId, accountId), queueIsLive))
    .orderBy(asc(profiles.createdAt), asc(profiles.id), asc(queues.priority), asc(queues.name), asc(queues.id));
  return rows.map((r) => r.id);
}

/** The account of a monitor, for the realtime rule of `monitor:{id}`. */
export async function accountOfMonitor(db: Queryable, id: string): Promise<string | undefined> {
  const [row] = await db.select({ accountId: monitors.accountId }).from(monitors).where(eq(monitors.id, id)).limit(1);
  return row?.accountId;
}
