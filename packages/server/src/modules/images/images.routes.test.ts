import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Account, ApiError, LoggedUser, UploadedImage } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';
import { givenInvitedProcessor } from '../../../test/support/processors.js';
import { givenImageFile, postImage, uploadLogo } from '../../../test/support/images.js';

let t: TestApp;
let admin: LoggedUser;
beforeAll(async () => {
  t = await startTestApp();
  ({ user: admin } = await givenAdmin(t));
});
afterAll(async () => t.close());

const fetchImage = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

describe('POST /images', () => {
  it.each([
    ['png', 'image/png', 'png', 2400, 1200, 1024, 512],
    ['jpeg', 'image/jpeg', 'jpg', 900, 1800, 512, 1024],
    ['webp', 'image/webp', 'webp', 300, 200, 300, 200],
  ] as const)('stores a %s scaled to fit 1024 px (never enlarged), served with its hash and for good', async (kind, mime, ext, w, h, storedW, storedH) => {
    const res = await postImage(t, admin, await givenImageFile(kind, w, h), `logo.${ext}`, mime);
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<UploadedImage>();
    expect(image).toEqual({ id: expect.any(String), url: expect.stringMatching(new RegExp(`^/images/${image.id}/[0-9a-f]{64}\\.${ext}$`)), width: storedW, height: storedH });

    const served = await fetchImage(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([kind, storedW, storedH]);
    // A revalidation (a browser that ignores immutable) is answered without the bytes.
    const again = await fetchImage(image.url, { 'if-none-match': served.headers.etag as string });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
  });

  it('judges the type by the bytes: a PNG named .txt is a PNG, text named .png is refused', async () => {
    const png = await postImage(t, admin, await givenImageFile('png', 10, 10), 'notes.txt', 'text/plain');
    expect(png.statusCode).toBe(201);
    expect(png.json<UploadedImage>().url).toMatch(/\.png$/);
    const text = await postImage(t, admin, Buffer.from('GIF89a not really'), 'logo.png', 'image/png');
    expect([text.statusCode, text.json<ApiError>().code]).toEqual([415, 'IMAGE_TYPE_UNSUPPORTED']);
    expect(text.json<ApiError>().message).toBe('Falscher Dateityp: erlaubt sind PNG, JPEG, WebP und SVG.');
  });

  it('refuses a broken image as unreadable and a file over 2 MB as too large', async () => {
    const png = await givenImageFile('png', 50, 50);
    const broken = await postImage(t, admin, png.subarray(0, 60));
    expect([broken.statusCode, broken.json<ApiError>().code]).toEqual([422, 'IMAGE_UNREADABLE']);
    const huge = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 1 - png.length)]);
    const tooLarge = await postImage(t, admin, huge);
    expect([tooLarge.statusCode, tooLarge.json<ApiError>().code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    const json = await t.inject({ method: 'POST', url: '/images', headers: asUser(admin), payload: { file: 'x' } });
    expect([json.statusCode, json.json<ApiError>().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const otherField = await postImage(t, admin, png, 'logo.png', 'image/png', 'picture');
    expect(otherField.json<ApiError>()).toMatchObject({ code: 'VALIDATION', fields: { file: { code: 'REQUIRED' } } });
  });

  it('stores an SVG without its script, handlers and outside references, and serves it under a policy that runs nothing', async () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" onload="alert(1)">
      <script>alert(2)</script><rect width="200" height="100" fill="#0a5" onclick="alert(3)"/>
      <image href="https://tracker.example/pixel.png" width="1" height="1"/><circle cx="50" cy="50" r="40" style="fill:url(https://tracker.example/x)"/></svg>`;
    const res = await postImage(t, admin, Buffer.from(svg), 'logo.svg', 'image/svg+xml');
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<UploadedImage>();
    expect([image.width, image.height]).toEqual([200, 100]);
    const served = await fetchImage(image.url);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(served.body).toContain('<rect width="200" height="100" fill="#0a5"/>');
    for (const gone of ['script', 'alert', 'onload', 'onclick', 'tracker.example']) expect(served.body).not.toContain(gone);

    const notSvg = await postImage(t, admin, Buffer.from('<svg><script>only</script'), 'x.svg', 'image/svg+xml');
    expect(notSvg.json<ApiError>().code).toBe('IMAGE_UNREADABLE');
  });

  it('stores the same file once per account', async () => {
    const file = await givenImageFile('png', 33, 11);
    const first = (await postImage(t, admin, file)).json<UploadedImage>();
    expect((await postImage(t, admin, file)).json<UploadedImage>()).toEqual(first);
  });
});

describe('GET /images/{id}/{hash}.{ext}', () => {
  it('is public, and answers 404 for a wrong hash, extension or id', async () => {
    const image = await uploadLogo(t, admin);
    expect((await fetchImage(image.url)).statusCode).toBe(200);
    const [, , id, file] = image.url.split('/');
    for (const url of [
      `/images/${id}/${'0'.repeat(64)}.png`,
      `/images/${id}/${file!.replace('.png', '.jpg')}`,
      `/images/${crypto.randomUUID()}/${file}`,
      `/images/kein-uuid/${file}`,
    ]) {
      const res = await fetchImage(url);
      expect([url, res.statusCode, res.json<ApiError>().code]).toEqual([url, 404, 'NOT_FOUND']);
    }
  });
});

describe('the logo of the account', () => {
  it('is set by PATCH /accounts, shown with its URL, and cleared when the image is deleted', async () => {
    const { user, accountId: own } = await givenAdmin(t);
    const image = await uploadLogo(t, user);
    const patch = (body: Record<string, unknown>, who = user, id = own) => t.inject({ method: 'PATCH', url: `/accounts/${id}`, headers: asUser(who), payload: body });
    const set = await patch({ logo_image_id: image.id });
    expect(set.json<Account>()).toMatchObject({ logo_image_id: image.id, logo_url: image.url });

    const deleted = await t.inject({ method: 'DELETE', url: `/images/${image.id}`, headers: asUser(user) });
    expect(deleted.statusCode).toBe(204);
    expect((await fetchImage(image.url)).statusCode).toBe(404);
    const account = await t.inject({ method: 'GET', url: `/accounts/${own}`, headers: asUser(user) });
    expect(account.json<Account>()).toMatchObject({ logo_image_id: null, logo_url: null });
    expect((await t.inject({ method: 'DELETE', url: `/images/${image.id}`, headers: asUser(user) })).statusCode).toBe(404);
  });

  it('refuses another account’s image as the logo, and lets only admins upload or delete', async () => {
    const foreign = await uploadLogo(t, admin);
    const { user } = await givenAdmin(t);
    const me = (await t.inject({ method: 'GET', url: '/auth', headers: asUser(user) })).json<{ account_id: string }>();
    const res = await t.inject({ method: 'PATCH', url: `/accounts/${me.account_id}`, headers: asUser(user), payload: { logo_image_id: foreign.id } });
    expect(res.json<ApiError>()).toMatchObject({ code: 'VALIDATION', fields: { logo_image_id: { code: 'INVALID_VALUE' } } });
    expect((await t.inject({ method: 'DELETE', url: `/images/${foreign.id}`, headers: asUser(user) })).statusCode).toBe(404);
    expect((await fetchImage(foreign.url)).statusCode).toBe(200);

    const { user: processor } = await givenInvitedProcessor(t, admin);
    const upload = await postImage(t, processor, await givenImageFile('png', 5, 5));
    expect([upload.statusCode, upload.json<ApiError>().code]).toEqual([403, 'FORBIDDEN']);
    expect((await t.inject({ method: 'DELETE', url: `/images/${foreign.id}`, headers: asUser(processor) })).statusCode).toBe(403);
    expect((await postImage(t, undefined, await givenImageFile('png', 5, 5))).statusCode).toBe(401);
  });
});
