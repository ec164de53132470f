import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/support/test-app.js';
import { useTestApp } from '../../../test/support/use-test-app.js';

const t = useTestApp();

describe('system information and API docs', () => {
  it('answers the version hash, with or without account_id', async () => {
    const plain = await t.inject({ method: 'GET', url: '/system-information' });
    const withAccount = await t.inject({ method: 'GET', url: '/system-information?account_id=42' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json<{ versionHash: string }>().versionHash).toMatch(/^([0-9a-f]{16}|no-web-build)$/);
    expect(withAccount.json()).toEqual(plain.json());
    expect(plain.json()).toMatchObject({ microsoft_login_enabled: false, public_url: t.config.publicUrl });
    expect(t.config.publicUrl).toMatch(/^https?:\/\//);
  });

  it('serves an OpenAPI document generated from the zod schemas, and its UI at /docs', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[]; properties: Record<string, unknown> } }> } }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/signup',
      '/verify',
      '/password-reset',
      '/password-reset/{token}',
      '/auth',
      '/auth/login',
      '/auth/logout',
      '/credentials/logout',
      '/accounts/{id}',
      '/countries',
      '/system-information',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const signup = doc.paths['/signup']?.post?.requestBody?.content['application/json']?.schema;
    expect(signup?.required).toEqual(
      expect.arrayContaining(['account_name', 'account_identifier', 'display_name', 'username', 'password', 'password_repeat', 'accept_terms', 'accept_data_usage']),
    );
    const ui = await t.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('the version after a deploy', () => {
  it('changes when a new web build replaces index.html under the running server', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wartefrei-web-'));
    const app = await startTestApp({ webDistDir: dir });
    try {
      const version = async () => (await app.inject({ method: 'GET', url: '/system-information' })).json<{ versionHash: string }>().versionHash;
      expect(await version()).toBe('no-web-build');
      fs.writeFileSync(path.join(dir, 'index.html'), '<script type="module" src="/assets/index-a.js"></script>');
      const first = await version();
      expect(first).toMatch(/^[0-9a-f]{16}$/);
      expect(await version()).toBe(first);
      // The next build names other assets (and is longer: no wait for a coarse file clock).
      fs.writeFileSync(path.join(dir, 'index.html'), '<script type="module" src="/assets/index-b2.js"></script>');
      const second = await version();
      expect(second).toMatch(/^[0-9a-f]{16}$/);
      expect(second).not.toBe(first);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
