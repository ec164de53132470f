// The patient pages' baselines: the same content as plain server-rendered HTML — no JavaScript,
// no live updates — served gzipped from a bare node:http server. What Lighthouse says of them is
// the best a page with this content could score on this machine; the real pages are reported
// beside them in the same run (first-view.mjs).
import http from 'node:http';
import { gzipSync } from 'node:zlib';

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One plain page: a title, a small inline style and the body's markup. */
function plainPage(title, body) {
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1a1a1a;background:#fff}
main{max-width:28rem;margin:0 auto;text-align:center}.number{font-size:5rem;font-weight:800;margin:.25em 0;color:#0b5c56}
p{font-size:1.125rem;margin:.5em 0}a,button{display:block;margin:.75em 0;padding:1em;font-size:1.125rem;border:2px solid #0b5c56;border-radius:8px;background:#fff;color:#0b5c56}</style></head>
<body><main>
${body}
</main></body></html>`;
}

/** The ticket page's visible content (number, list, people ahead, estimate, called numbers). */
export function plainTicketHtml(ticket) {
  const time = ticket.estimated_start
    ? new Intl.DateTimeFormat('de-AT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Vienna' }).format(new Date(ticket.estimated_start))
    : '–';
  return plainPage(
    `Ihre Nummer ${ticket.number} – ${ticket.queue.name}`,
    `<h1>${escape(ticket.queue.name)}</h1>
<p>Ihre Nummer</p>
<p class="number">${escape(ticket.number)}</p>
<p>Vor Ihnen: ${escape(ticket.ahead ?? 0)}</p>
<p>Voraussichtlich dran um ${escape(time)} (in etwa ${escape(ticket.wait_minutes ?? 0)} Minuten)</p>
<p>Aufgerufen: ${escape(ticket.called_numbers.join(', ') || '–')}</p>`,
  );
}

/** The draw page's visible content: the list's name and the two ways on (a ticket, a booking). */
export function plainDrawHtml(queue) {
  return plainPage(
    `${queue.name} – Ticket ziehen`,
    `<p>Ticket ziehen</p>
<h1>${escape(queue.name)}</h1>
<p>Was möchten Sie tun?</p>
<button type="button"><strong>Ticket ziehen</strong><br>Jetzt anstellen und die Wartezeit auf dem Handy verfolgen</button>
<a href="book"><strong>Termin buchen</strong><br>Einen freien Termin für später wählen</a>`,
  );
}

/** The booking page's visible content: the type, the next free days and the first day's times. */
export function plainBookHtml(type, availability) {
  const days = [...new Set(availability.slots.map((slot) => slot.start.slice(0, 10)))];
  const time = (iso) => new Intl.DateTimeFormat('de-AT', { hour: '2-digit', minute: '2-digit', timeZone: availability.time_zone }).format(new Date(iso));
  const first = availability.slots.filter((slot) => slot.start.startsWith(days[0] ?? '-'));
  return plainPage(
    `Termin buchen – ${type.name}`,
    `<h1>Termin buchen</h1>
<p>${escape(type.name)}</p>
<h2>Tag wählen</h2>
${days.map((day) => `<button type="button">${escape(day)}</button>`).join('\n')}
<h2>Uhrzeit wählen</h2>
${first.map((slot) => `<button type="button">${escape(time(slot.start))}</button>`).join('\n')}`,
  );
}

/** Serves `html` at `/` on a free loopback port; resolves with its URL and close(). */
export function servePlainPage(html) {
  const body = gzipSync(html, { level: 9 });
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
