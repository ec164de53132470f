import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

const page = (url: string) => t.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

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
    // The CSP stays as it was: the JSON is not executed, so no inline script is allowed.
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
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

describe('what stays as before', () => {
  it('never serves the server module, and API clients still get the JSON 404', async () => {
    expect((await page('/.ssr/first-view.js')).body).not.toContain('renderFirstView');
    const api = await t.inject({ method: 'GET', url: `/ticket/${'A'.repeat(43)}`, headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(404);
    expect(api.json<{ code: string }>().code).toBe('NOT_FOUND');
  });
});
