import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { pushKeys } from '../../db/schema/index.js';
import { generateVapidKeys, type VapidKeys } from '../../platform/push.js';

/**
 * The server's VAPID key pair: read from the database, or made and stored on the very first
 * start. Two nodes starting at once both insert; one wins, and both then read the winner's.
 */
export async function ensurePushKeys(q: Queryable): Promise<VapidKeys> {
  const stored = async () => (await q.select().from(pushKeys).where(eq(pushKeys.id, 1)))[0];
  const found = await stored();
  if (found) return { publicKey: found.publicKey, privateKey: found.privateKey };
  await q
    .insert(pushKeys)
    .values({ id: 1, ...generateVapidKeys() })
    .onConflictDoNothing();
  const made = await stored();
  if (!made) throw new Error('push keys could not be stored');
  return { publicKey: made.publicKey, privateKey: made.privateKey };
}
