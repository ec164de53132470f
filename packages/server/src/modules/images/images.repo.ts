import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accounts, images, queues } from '../../db/schema/index.js';

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;

/** The account's image of these bytes: inserted, or the one stored by an earlier upload of the same file. */
export async function storeImage(db: Queryable, values: NewImageRow): Promise<ImageRow> {
  const [inserted] = await db
    .insert(images)
    .values(values)
    .onConflictDoNothing({ target: [images.accountId, images.contentHash] })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(images)
    .where(and(eq(images.accountId, values.accountId), eq(images.contentHash, values.contentHash)))
    .limit(1);
  return existing!;
}

/** An image of the account, without its bytes. */
export async function findImageOfAccount(db: Queryable, accountId: string, id: string) {
  const [row] = await db
    .select({ id: images.id, contentHash: images.contentHash, mimeType: images.mimeType, width: images.width, height: images.height })
    .from(images)
    .where(and(eq(images.accountId, accountId), eq(images.id, id)))
    .limit(1);
  return row;
}

/** Any image by id and hash, bytes included: what a public image URL serves. */
export async function findImageByHash(db: Queryable, id: string, contentHash: string): Promise<ImageRow | undefined> {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.contentHash, contentHash)))
    .limit(1);
  return row;
}

/** An image's bytes and type by id alone, for the server's own use (the poster). */
export async function findImageBytes(db: Queryable, id: string): Promise<Pick<ImageRow, 'bytes' | 'mimeType'> | undefined> {
  const [row] = await db.select({ bytes: images.bytes, mimeType: images.mimeType }).from(images).where(eq(images.id, id)).limit(1);
  return row;
}

/** The logo of a list's practice with the list's ticket logo position (mails about the list); undefined without a logo. */
export async function findLogoOfQueue(db: Queryable, queueId: string) {
  const [row] = await db
    .select({ id: images.id, contentHash: images.contentHash, mimeType: images.mimeType, placement: queues.logoPlacementTicket })
    .from(queues)
    .innerJoin(accounts, eq(accounts.id, queues.accountId))
    .innerJoin(images, eq(images.id, accounts.logoImageId))
    .where(eq(queues.id, queueId))
    .limit(1);
  return row;
}

export async function deleteImageOfAccount(db: Queryable, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(images)
    .where(and(eq(images.accountId, accountId), eq(images.id, id)))
    .returning({ id: images.id });
  return rows.length > 0;
}
