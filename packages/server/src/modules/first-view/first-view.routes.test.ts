import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketView } from '@wartefrei/shared';
import { buildFirstViewModule } from '../../../../web/first-view-build.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { givenAdmin } from '../../../test/support/factories.js';
import { givenOpenQueue, givenTicket, linkKey } from '../../../test/support/tickets.js';

// The ticket and draw pages served with their first view: the real SSR module of the web app,
// built into a folder of this test beside a minimal index.html (the browser build's CSS is left
// out: no manifest entries), served by a real app on the embedded database.
let t: TestApp;
let webDir: string;
let queueId: string;
const HOSTILE_NAME = 'Allgemein </script><script>alert(1)</script> & <!--';

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wartefrei-first-view-'));
  await buildFirstViewModule(webDir);
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="de"><head><title>wartefrei</title><script type="module" src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{}');
  t = await startTestApp({ webDistDir: webDir });
  const { accountId } = await givenAdmin(t);
  queueId = await givenOpenQueue(t, accountId, { name: HOSTILE_NAME });
}, 300_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) => t.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie && { cookie }) } });

/** The JSON the page carries for the screen, as the browser reads it. */
function firstViewOf(html: string): { screen: string; state: { kind: string; ticket?: TicketView; queue?: { name: string } } } {
  const match = /<script type="application\/json" id="first-view">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no first view in the page');
  return JSON.parse(match[1]) as ReturnType<typeof firstViewOf>;
}

describe('the ticket page with its first view', () => {
  it('shows number, place and state in the HTML, kept by no cache, the data escaped', async () => {
    const ticket = await givenTicket(t, queueId);
    const res = await page(`/ticket/${linkKey(ticket)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The JSON is not executed; the one inline script allowed is the boot script, by its hash,
    // and it starts the page's own entry module after the first paint.
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[\w+/=]+'(;|$)/);
    const hash = /'sha256-([\w+/=]+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    const boot = /<script id="wartefrei-boot" data-src="\/assets\/index-a.js">([^<]*)<\/script>/.exec(res.body)?.[1];
    expect(boot).toBeTruthy();
    expect(
      createHash('sha256')
        .update(boot ?? '')
        .digest('base64'),
    ).toBe(hash);
    expect(res.body.match(/<script\b[^>]*>(?!<\/script>)[^<]/g)?.length).toBe(2);
    expect(res.body).not.toContain('<script type="module"');
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toContain(`<p class="ticket-number">${ticket.number}</p>`);
    expect(root).toContain('Sie warten');
    expect(root).toMatch(/Sie sind als Nächstes dran|Vor Ihnen/);
    // The list's name cannot end the script element or open a comment, and comes back whole.
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).not.toMatch(/id="first-view">[^<]*<!--/);
    const view = firstViewOf(res.body);
    expect(view.screen).toBe('ticket');
    expect(view.state.ticket?.queue.name).toBe(HOSTILE_NAME);
    // Exactly what the link's holder fetches: the public ticket view, nothing more.
    const api = await t.inject({ method: 'GET', url: `/members/${linkKey(ticket)}`, headers: { accept: 'application/json' } });
    expect(Object.keys(view.state.ticket ?? {}).sort()).toEqual(Object.keys(api.json<object>()).sort());
  });

  it("writes times in the location's zone, whatever the server's zone", async () => {
    const ticket = await givenTicket(t, queueId);
    const res = await page(`/ticket/${linkKey(ticket)}`);
    const shown = firstViewOf(res.body).state.ticket;
    expect(shown?.queue.time_zone).toBe('Europe/Vienna');
    expect(shown?.estimated_start).toBeTruthy();
    const at = new Date(shown?.estimated_start ?? 0);
    const vienna = new Intl.DateTimeFormat('de', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Vienna' }).format(at);
    expect(res.body).toContain(`Voraussichtlicher Beginn: ${vienna} Uhr`);
    // Proven apart from the machine's zone: the same instant in UTC reads otherwise (Vienna is +1 or +2).
    expect(new Intl.DateTimeFormat('de', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(at)).not.toBe(vienna);
  });

  it('comes in the language chosen on the device (its cookie), German without one', async () => {
    const ticket = await givenTicket(t, queueId);
    const english = await page(`/ticket/${linkKey(ticket)}`, 'other=1; wartefrei-lang=en');
    expect(english.headers.vary).toMatch(/cookie/i);
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain('You are waiting');
    expect(english.body).not.toContain('Sie warten');
    const arabic = await page(`/ticket/${linkKey(ticket)}`, 'wartefrei-lang=ar');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    // A value that is no language of ours is German, as without the cookie.
    const forged = await page(`/ticket/${linkKey(ticket)}`, 'wartefrei-lang=%3Cscript%3E');
    expect(forged.body).toContain('<html lang="de" dir="ltr">');
    expect(forged.body).toContain('Sie warten');
  });

  it('answers an unknown or malformed key with 404 and the not-found state', async () => {
    const unknown = await page(`/ticket/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Ticket nicht gefunden');
    expect(firstViewOf(unknown.body).state.kind).toBe('not-found');
    const malformed = await page('/ticket/nope');
    expect(malformed.statusCode).toBe(404);
    expect(firstViewOf(malformed.body).state.kind).toBe('invalid');
  });
});

describe('the draw page with its first view', () => {
  it('shows the list and its draw button in the HTML', async () => {
    const res = await page(`/queue/${queueId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toContain('Allgemein &lt;/script&gt;');
    expect(root).toMatch(/<button[^>]*type="submit"[^>]*>[^<]*Ticket ziehen/);
    expect(firstViewOf(res.body).state.queue?.name).toBe(HOSTILE_NAME);
  });

  it('answers a list that does not exist with 404', async () => {
    const res = await page('/queue/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});

describe('the page on the wire', () => {
  it('comes compressed in the coding the phone takes, the same page unpacked', async () => {
    const ticket = await givenTicket(t, queueId);
    const url = `/ticket/${linkKey(ticket)}`;
    const plain = await page(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const at = (encoding: string) => t.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': encoding } });
    const br = await at('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    const unpacked = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(unpacked.replace(/"created_at":"[^"]+"|"wait_minutes":\d+/g, '')).toBe(plain.body.replace(/"created_at":"[^"]+"|"wait_minutes":\d+/g, ''));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await at('gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain(`<p class="ticket-number">${ticket.number}</p>`);
  });
});

describe('what stays as before', () => {
  it('never serves the server module, and API clients still get the JSON 404', async () => {
    expect((await page('/.ssr/first-view.js')).body).not.toContain('renderFirstView');
    const api = await t.inject({ method: 'GET', url: `/ticket/${'A'.repeat(43)}`, headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(404);
    expect(api.json<{ code: string }>().code).toBe('NOT_FOUND');
  });
});
