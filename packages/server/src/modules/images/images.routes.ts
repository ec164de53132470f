import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES, UploadedImage } from '@wartefrei/shared';
import { actorOf, requireAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { IdParams, PathId } from '../../platform/params.js';
import { deleteImage, readImage, uploadImage } from './images.service.js';

const tags = ['images'];
const security = [{ basic: [] }];

/** A year, and never revalidated: the URL names the content's hash, so new content gets a new URL. */
const FOREVER = 'public, max-age=31536000, immutable';
/** An SVG opened on its own is a document: it may draw and style itself, never run or fetch anything. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const MULTIPART_ERRORS: Record<string, AppError['code']> = {
  FST_REQ_FILE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  FST_FILES_LIMIT: 'IMAGE_TOO_LARGE',
  FST_PARTS_LIMIT: 'IMAGE_TOO_LARGE',
  FST_FIELDS_LIMIT: 'IMAGE_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

/** The bytes of the multipart field `file`, at most IMAGE_MAX_BYTES; the busboy errors as our codes. */
async function uploadedFile(req: FastifyRequest): Promise<Buffer> {
  try {
    const part = await req.file();
    if (!part || part.fieldname !== 'file') throw new AppError('VALIDATION', { fields: { file: 'REQUIRED' } });
    return await part.toBuffer();
  } catch (error) {
    const code = MULTIPART_ERRORS[(error as { code?: string }).code ?? ''];
    throw code ? new AppError(code) : error;
  }
}

/** Images (the practice's logo): admins upload and delete, anyone reads by the hashed URL. */
export const imagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Registered here only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 5 } });

  app.post(
    '/images',
    {
      preValidation: requireAdmin(ctx),
      schema: { tags, security, consumes: ['multipart/form-data'], response: { 201: UploadedImage } },
    },
    async (req, reply) => reply.code(201).send(await uploadImage(ctx, actorOf(req), await uploadedFile(req))),
  );

  app.delete('/images/:id', { preValidation: requireAdmin(ctx), schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await deleteImage(ctx, actorOf(req), req.params.id);
    return reply.code(204).send();
  });

  app.get('/images/:id/:file', { schema: { tags, params: z.object({ id: PathId, file: z.string().max(80) }) } }, async (req, reply) => {
    const image = await readImage(ctx, req.params.id, req.params.file);
    void reply
      .header('content-type', image.mimeType)
      .header('cache-control', FOREVER)
      .header('etag', `"${image.contentHash}"`)
      // Mail clients and the practice's own website show the logo from here: another origin.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff');
    if (image.mimeType === 'image/svg+xml') void reply.header('content-security-policy', SVG_POLICY);
    if (req.headers['if-none-match'] === `"${image.contentHash}"`) return reply.code(304).send();
    return reply.send(image.bytes);
  });
};
