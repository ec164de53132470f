import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

/*
 * Serving the built web app: a small build of our own (the real one is checked end-to-end), so
 * the headers can be read exactly — precompressed assets and who may frame which page.
 */
let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('wartefrei '.repeat(200))});`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>wartefrei</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script));
  t = await startTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web app as served', () => {
  it.each([
    ['br, gzip', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
  ])('hands out the precompressed file to a client accepting %s', async (accept, encoding, decode) => {
    const res = await t.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(decode(res.rawPayload).toString()).toBe(script);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await t.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('lets any website frame the embed, and keeps every other page to its own origin', async () => {
    const embed = await t.inject({ method: 'GET', url: '/embed/queue/iframe/abc?hideCalled=true', headers: { accept: 'text/html' } });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');

    for (const url of ['/ticket/abc', '/praxis-demo/wien/kiosk', '/backend/dashboard', '/embedded']) {
      const page = await t.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    }
  });

  it('allows no inline script on any page: the Content-Security-Policy names only the server itself', async () => {
    const pages = ['/', '/login', '/ticket/abc', '/praxis-demo/wien/kiosk', '/monitor/abc', '/embed/queue/iframe/abc', '/backend/audit', '/docs/', '/docs/static/index.html'];
    for (const url of pages) {
      const res = await t.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const policy = String(res.headers['content-security-policy']);
      const directive = (name: string) =>
        policy
          .split(';')
          .map((part) => part.trim())
          .find((part) => part.startsWith(`${name} `)) ?? '';
      expect(directive('script-src'), url).toMatch(/^script-src 'self'\s*$/);
      expect(directive('script-src-attr'), url).toBe("script-src-attr 'none'");
      expect(directive('object-src'), url).toBe("object-src 'none'");
    }
  });

  it('the page the app is built from carries no inline script (the policy would block it)', () => {
    const html = fs.readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !/\bsrc=/.test(tag))).toEqual([]);
  });
});
