import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import type { LoggedUser, UploadedImage } from '@wartefrei/shared';
import type { TestApp } from './test-app.js';
import { asUser } from './factories.js';

/** A real image of this size and kind, drawn by sharp (a coloured square with a contrasting band). */
export async function givenImageFile(kind: 'png' | 'jpeg' | 'webp', width: number, height: number): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } });
  const band = await sharp({ create: { width, height: Math.max(1, Math.floor(height / 4)), channels: 3, background: '#ffcc00' } })
    .png()
    .toBuffer();
  const drawn = base.composite([{ input: band, top: 0, left: 0 }]);
  return (kind === 'png' ? drawn.png() : kind === 'jpeg' ? drawn.jpeg() : drawn.webp()).toBuffer();
}

/** `POST /images` as a browser sends it: multipart with the file in the field `file`. */
export function postImage(t: TestApp, user: LoggedUser | undefined, bytes: Buffer, name = 'logo.png', type = 'image/png', field = 'file'): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), name);
  return t.inject({ method: 'POST', url: '/images', headers: user ? asUser(user) : {}, payload: form });
}

/** A small PNG uploaded by `user` (an admin). */
export async function uploadLogo(t: TestApp, user: LoggedUser): Promise<UploadedImage> {
  const res = await postImage(t, user, await givenImageFile('png', 40, 20));
  if (res.statusCode !== 201) throw new Error(`uploading an image failed: ${res.statusCode} ${res.body}`);
  return res.json<UploadedImage>();
}
