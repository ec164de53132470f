import { z } from 'zod';

/** The largest file `POST /images` accepts: 2 MB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Raster images are scaled down to fit this many pixels on their long side (never up). */
export const IMAGE_MAX_EDGE = 1024;

/** The kinds of image a practice may upload, as the file input's `accept` lists them. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** `POST /images` (multipart, field `file`): the stored image and where it is served. */
export const UploadedImage = z.object({
  id: z.uuid(),
  /** Path with the content's hash: the same URL always shows the same bytes, so it is cached for good. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;
