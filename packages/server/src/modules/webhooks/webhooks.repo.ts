import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { selectRows } from '../../db/connect.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewEndpointRow = typeof webhookEndpoints.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function listEndpointsOf(q: Queryable, accountId: string): Promise<EndpointRow[]> {
  return q.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId)).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

/** The endpoint, only within the account: a foreign id is not found like a missing one. */
export async function findEndpointOf(q: Queryable, accountId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await q
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
  return row;
}

export async function findEndpointById(q: Queryable, id: string): Promise<EndpointRow | undefined> {
  const [row] = await q.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function insertEndpoint(q: Queryable, values: NewEndpointRow): Promise<EndpointRow> {
  const [row] = await q.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpointOf(q: Queryable, accountId: string, id: string, changes: Partial<NewEndpointRow>): Promise<EndpointRow | undefined> {
  const [row] = await q
    .update(webhookEndpoints)
    .set(changes)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
    .returning();
  return row;
}

export async function deleteEndpointOf(q: Queryable, accountId: string, id: string): Promise<boolean> {
  const deleted = await q
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** Switches an endpoint off after its failures; answers it only when this call did (so one mail goes out). */
export async function disableFailingEndpoint(q: Queryable, id: string, at: Date): Promise<EndpointRow | undefined> {
  const [row] = await q
    .update(webhookEndpoints)
    .set({ disabledAt: at, disabledReason: 'FAILING' })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.disabledAt} IS NULL`))
    .returning();
  return row;
}

/** The newest deliveries of an endpoint. */
export async function listDeliveriesOf(q: Queryable, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return q.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(desc(webhookDeliveries.seq)).limit(limit);
}

export async function findDeliveryOf(q: Queryable, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await q
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

export async function insertDelivery(q: Queryable, values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
  const [row] = await q.insert(webhookDeliveries).values(values).returning();
  return row!;
}

/**
 * A delivery sent again by hand: pending and due at once, with a fresh 24 hours of retries and
 * the same webhook-id. One in flight keeps its lease (its sender records the outcome).
 */
export async function requeueDelivery(q: Queryable, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await q
    .update(webhookDeliveries)
    .set({ status: 'PENDING', nextAttemptAt: null, firstAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  return row;
}

interface ClaimedRow {
  id: string;
}

/**
 * Leases due deliveries to this sender, at most one per endpoint and only the oldest pending one
 * of each (order per endpoint), of enabled endpoints. A short statement of its own: nothing is
 * held open while the request goes out. `FOR UPDATE SKIP LOCKED` and the lease re-checked on the
 * locked row let several nodes claim at once without taking one delivery twice; a node that
 * dies leaves a lease that runs out, after which another node takes the delivery.
 */
export async function claimDueDeliveries(q: Queryable, claim: { runnerId: string; now: Date; leaseUntil: Date; limit: number }): Promise<DeliveryRow[]> {
  const now = claim.now.toISOString();
  const claimed = await selectRows<ClaimedRow>(
    q,
    sql`
    UPDATE webhook_deliveries d
       SET lease_until = ${claim.leaseUntil.toISOString()}::timestamptz, leased_by = ${claim.runnerId},
           attempts = d.attempts + 1, first_attempt_at = COALESCE(d.first_attempt_at, ${now}::timestamptz)
     WHERE d.id IN (
            SELECT c.id FROM webhook_deliveries c
              JOIN webhook_endpoints e ON e.id = c.endpoint_id AND e.disabled_at IS NULL
             WHERE c.status = 'PENDING'
               AND c.seq = (SELECT min(h.seq) FROM webhook_deliveries h WHERE h.endpoint_id = c.endpoint_id AND h.status = 'PENDING')
               AND (c.next_attempt_at IS NULL OR c.next_attempt_at <= ${now}::timestamptz)
               AND (c.lease_until IS NULL OR c.lease_until <= ${now}::timestamptz)
             ORDER BY c.seq
             LIMIT ${claim.limit}
               FOR UPDATE OF c SKIP LOCKED)
       AND d.status = 'PENDING' AND (d.lease_until IS NULL OR d.lease_until <= ${now}::timestamptz)
    RETURNING d.id`,
  );
  if (claimed.length === 0) return [];
  const rows = await q
    .select()
    .from(webhookDeliveries)
    .where(
      sql`${webhookDeliveries.id} IN (${sql.join(
        claimed.map((c) => sql`${c.id}::uuid`),
        sql`, `,
      )})`,
    );
  return rows.sort((a, b) => a.seq - b.seq);
}

/** The outcome of an attempt, written only while this sender still holds the lease it sent under. */
export async function recordAttempt(
  q: Queryable,
  lease: { id: string; runnerId: string; leaseUntil: Date },
  outcome: Pick<DeliveryRow, 'status' | 'nextAttemptAt' | 'lastResponseCode' | 'lastError' | 'deliveredAt'>,
): Promise<boolean> {
  const updated = await q
    .update(webhookDeliveries)
    .set({ ...outcome, leaseUntil: null, leasedBy: null })
    .where(and(eq(webhookDeliveries.id, lease.id), eq(webhookDeliveries.leasedBy, lease.runnerId), eq(webhookDeliveries.leaseUntil, lease.leaseUntil)))
    .returning({ id: webhookDeliveries.id });
  return updated.length > 0;
}
