import type { UploadedImage } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { extensionOf, prepareImage } from './image-processing.js';
import type { Queryable } from '../../db/connect.js';
import { deleteImageOfAccount, findImageByHash, findImageOfAccount, findLogoOfQueue, storeImage, type ImageRow } from './images.repo.js';

/** Where an image is served: its content hash in the path, so the URL can be cached for good. */
export function imageUrl(image: { id: string; contentHash: string; mimeType: string }): string {
  return `/images/${image.id}/${image.contentHash}.${extensionOf(image.mimeType)}`;
}

function presentImage(row: { id: string; contentHash: string; mimeType: string; width: number; height: number }): UploadedImage {
  return { id: row.id, url: imageUrl(row), width: row.width, height: row.height };
}

/** The practice's logo for a mail about this list: an absolute URL where its ticket logo position puts it; undefined for none. */
export async function mailLogoOf(ctx: AppContext, q: Queryable, queueId: string): Promise<{ url: string; placement: 'TOP' | 'BOTTOM' } | undefined> {
  const logo = await findLogoOfQueue(q, queueId);
  if (!logo || logo.placement === 'NONE') return undefined;
  return { url: `${ctx.config.publicUrl}${imageUrl(logo)}`, placement: logo.placement };
}

/** `POST /images` (admins): the file checked, scaled or sanitised, and stored once per account. */
export async function uploadImage(ctx: AppContext, actor: Actor, file: Buffer): Promise<UploadedImage> {
  return storeImageOfAccount(ctx.db, actor.accountId, file);
}

/** Bytes checked, scaled or sanitised as an upload's, and stored for the account (the demo's logo). */
export async function storeImageOfAccount(q: Queryable, accountId: string, file: Buffer): Promise<UploadedImage> {
  return presentImage(await storeImage(q, { ...(await prepareImage(file)), accountId }));
}

/** An image of the caller's account (another account's is NOT_FOUND, like a missing one). */
export async function requireImageOfAccount(ctx: AppContext, accountId: string, id: string) {
  const row = await findImageOfAccount(ctx.db, accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** `DELETE /images/{id}` (admins); a logo that was this image is cleared by the foreign key. */
export async function deleteImage(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!(await deleteImageOfAccount(ctx.db, actor.accountId, id))) throw new AppError('NOT_FOUND');
}

/**
 * `GET /images/{id}/{hash}.{ext}` (public: patients' pages show the logo). The file name must
 * carry the stored hash and extension: an old or guessed name is NOT_FOUND.
 */
export async function readImage(ctx: AppContext, id: string, file: string): Promise<ImageRow> {
  const match = /^([0-9a-f]{64})\.([a-z]+)$/.exec(file);
  const row = match ? await findImageByHash(ctx.db, id, match[1]!) : undefined;
  if (!row || extensionOf(row.mimeType) !== match![2]) throw new AppError('NOT_FOUND');
  return row;
}
