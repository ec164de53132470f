import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accounts, billingEvents, deviceOrders, paymentMandates, profiles, queueIsLive, queues } from '../../db/schema/index.js';
import { findActiveAdmins } from '../accounts/index.js';

export type BillingAccount = typeof accounts.$inferSelect;
export type DeviceOrderRow = typeof deviceOrders.$inferSelect;

export async function findBillingAccount(db: Queryable, accountId: string): Promise<BillingAccount | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

/** The same row, locked until the transaction ends: webhook and jobs change the state one at a time. */
export async function lockBillingAccount(db: Queryable, accountId: string): Promise<BillingAccount | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).for('update').limit(1);
  return row;
}

export async function findAccountIdByCustomer(db: Queryable, customerId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.stripeCustomerId, customerId)).limit(1);
  return row?.id;
}

export async function updateBillingAccount(db: Queryable, accountId: string, values: Partial<typeof accounts.$inferInsert>) {
  await db.update(accounts).set(values).where(eq(accounts.id, accountId));
}

/** Stores the customer unless one is already there (two first visits at once); answers the one kept. */
export async function keepCustomerId(db: Queryable, accountId: string, customerId: string): Promise<string> {
  const [row] = await db
    .update(accounts)
    .set({ stripeCustomerId: sql`coalesce(${accounts.stripeCustomerId}, ${customerId})` })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.stripeCustomerId });
  return row?.id ?? customerId;
}

/** What the monthly price counts: the account's locations and its waiting lists. */
export async function countPricedItems(db: Queryable, accountId: string): Promise<{ locations: number; lists: number }> {
  // Archived locations and lists are deleted as far as the practice sees them: they cost nothing.
  const [locationRow] = await db
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.accountId, accountId), isNull(profiles.archivedAt)));
  const [listRow] = await db
    .select({ n: count() })
    .from(queues)
    .where(and(eq(queues.accountId, accountId), queueIsLive));
  return { locations: Math.max(1, locationRow?.n ?? 0), lists: Math.max(1, listRow?.n ?? 0) };
}

/** Practices that have a subscription (and with it their price tier): the introductory offer's count. */
export async function countSubscribedPractices(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts).where(isNotNull(accounts.priceTier));
  return row?.n ?? 0;
}

/** Records a Stripe event as applied; false when it was already (a second delivery). */
export async function recordBillingEvent(db: Queryable, event: { id: string; type: string; accountId: string | undefined; created: Date }): Promise<boolean> {
  const rows = await db
    .insert(billingEvents)
    .values({ id: event.id, type: event.type, accountId: event.accountId, createdAtStripe: event.created })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function insertMandate(db: Queryable, values: typeof paymentMandates.$inferInsert) {
  await db.insert(paymentMandates).values(values);
}

export async function attachMandatePaymentMethod(db: Queryable, accountId: string, setupIntentId: string, paymentMethodId: string) {
  await db
    .update(paymentMandates)
    .set({ paymentMethodId })
    .where(and(eq(paymentMandates.accountId, accountId), eq(paymentMandates.setupIntentId, setupIntentId)));
}

/** The address mails go to: the account's first admin not removed. */
export async function findBillingContact(db: Queryable, accountId: string) {
  const [first] = await findActiveAdmins(db, accountId);
  return first;
}

export async function insertDeviceOrder(db: Queryable, values: typeof deviceOrders.$inferInsert): Promise<DeviceOrderRow> {
  const [row] = await db.insert(deviceOrders).values(values).returning();
  return row!;
}

export async function listDeviceOrders(db: Queryable, accountId: string): Promise<DeviceOrderRow[]> {
  return db.select().from(deviceOrders).where(eq(deviceOrders.accountId, accountId)).orderBy(desc(deviceOrders.createdAt));
}

export async function findDeviceOrder(db: Queryable, accountId: string, id: string): Promise<DeviceOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceOrders)
    .where(and(eq(deviceOrders.accountId, accountId), eq(deviceOrders.id, id)))
    .limit(1);
  return row;
}

export async function updateDeviceOrder(db: Queryable, id: string, values: Partial<typeof deviceOrders.$inferInsert>) {
  const [row] = await db.update(deviceOrders).set(values).where(eq(deviceOrders.id, id)).returning();
  return row;
}

export async function deleteDeviceOrder(db: Queryable, id: string) {
  await db.delete(deviceOrders).where(eq(deviceOrders.id, id));
}

export async function updateDeviceOrderByNumber(db: Queryable, number: number, values: Partial<typeof deviceOrders.$inferInsert>) {
  const [row] = await db.update(deviceOrders).set(values).where(eq(deviceOrders.number, number)).returning();
  return row;
}
