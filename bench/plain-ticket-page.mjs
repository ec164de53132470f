// The patient page's baseline: the same ticket as plain server-rendered HTML — no JavaScript,
// no live updates — served gzipped from a bare node:http server. What Lighthouse says of it is
// the best any ticket page could score on this machine; the real page is reported beside it.
import http from 'node:http';
import { gzipSync } from 'node:zlib';

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The ticket page's visible content (number, list, people ahead, estimate, called numbers) as one HTML document. */
export function plainTicketHtml(ticket) {
  const time = ticket.estimated_start
    ? new Intl.DateTimeFormat('de-AT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Vienna' }).format(new Date(ticket.estimated_start))
    : '–';
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ihre Nummer ${escape(ticket.number)} – ${escape(ticket.queue.name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1a1a1a;background:#fff}
main{max-width:28rem;margin:0 auto;text-align:center}.number{font-size:5rem;font-weight:800;margin:.25em 0;color:#0b5c56}
p{font-size:1.125rem;margin:.5em 0}</style></head>
<body><main>
<h1>${escape(ticket.queue.name)}</h1>
<p>Ihre Nummer</p>
<p class="number">${escape(ticket.number)}</p>
<p>Vor Ihnen: ${escape(ticket.ahead ?? 0)}</p>
<p>Voraussichtlich dran um ${escape(time)} (in etwa ${escape(ticket.wait_minutes ?? 0)} Minuten)</p>
<p>Aufgerufen: ${escape(ticket.called_numbers.join(', ') || '–')}</p>
</main></body></html>`;
}

/** Serves the page at `/` on a free loopback port; resolves with its URL and close(). */
export function servePlainTicket(ticket) {
  const body = gzipSync(plainTicketHtml(ticket), { level: 9 });
  const server = http.createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'cache-control': 'no-cache' });
    res.end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}
