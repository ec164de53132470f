import { Writable } from 'node:stream';
import pino from 'pino';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { maskLinks, maskText, maskUrl, recipientRef } from './log-redaction.js';
import { loggerOptions, serializeError } from './log-options.js';

const UUID = '3f2b8c1e-9a4d-4e1f-8b2a-6c5d7e8f9a0b';
const TOKEN = 'q7Xv_2LmR9sK-4nPz8WbYc';

describe('which URLs the log shows, and how', () => {
  it.each([
    // Patient routes of the API: the key (an id today, a token later) is masked, the action stays.
    [`/members/${UUID}`, '/members/*'],
    [`/members/${TOKEN}/restore`, '/members/*/restore'],
    [`/members/${TOKEN}/alerts`, '/members/*/alerts'],
    [`/appointments/${TOKEN}/calendar.ics`, '/appointments/*/calendar.ics'],
    [`/appointments/${TOKEN}/check-in`, '/appointments/*/check-in'],
    // Staff routes with the same words and plain ids: masked alike.
    [`/members/${UUID}/call`, '/members/*/call'],
    [`/queues/${UUID}/members`, `/queues/${UUID}/members`],
    [`/members/${UUID}/info-tags/${UUID}`, `/members/*/info-tags/${UUID}`],
    // Route words after a key word are no key.
    ['/appointments/check-in', '/appointments/check-in'],
    ['/appointments/import?dry_run=true', '/appointments/import?dry_run=*'],
    ['/calendar/feed', '/calendar/feed'],
    // The patient app's links, old and new forms, any case.
    [`/ticket/${TOKEN}`, '/ticket/*'],
    [`/t/${UUID}`, '/t/*'],
    [`/a/${TOKEN}`, '/a/*'],
    [`/appointment/${UUID}`, '/appointment/*'],
    [`/queue/${UUID}/ticket/${TOKEN}`, `/queue/${UUID}/ticket/*`],
    [`/TICKET/${TOKEN}`, '/TICKET/*'],
    [`/%74/${TOKEN}`, '/%74/*'],
    [`//members/${TOKEN}`, '//members/*'],
    [`/backend/appointments/${UUID}`, '/backend/appointments/*'],
    // One-time tokens and feeds.
    [`/password-reset/${TOKEN}`, '/password-reset/*'],
    [`/passwordReset/${TOKEN}`, '/passwordReset/*'],
    [`/calendar/${TOKEN}.ics`, '/calendar/*'],
    [`/offer/${TOKEN}`, '/offer/*'],
    [`/appointment-offers/${TOKEN}/accept`, '/appointment-offers/*/accept'],
    // Query strings keep their names only: tokens, searched names, anything.
    [`/verify?token=${TOKEN}`, '/verify?token=*'],
    [`/ws?username=maria%40example.com&token=${TOKEN}`, '/ws?username=*&token=*'],
    [`/queues/${UUID}/members?q=Mustermann&status=WAITING`, `/queues/${UUID}/members?q=*&status=*`],
    ['/reports/members?from=2026-01-01&to=2026-01-31', '/reports/members?from=*&to=*'],
    // A bare key, an encoded or odd name, a fragment: masked whole.
    [`/verify?${TOKEN}`, '/verify?*'],
    ['/x?na%6De=Maria&a[]=1', '/x?*&*'],
    [`/ticket/${TOKEN}#k=${TOKEN}`, '/ticket/*#*'],
    ['/queues/abc/public', '/queues/abc/public'],
    ['/', '/'],
    ['/members', '/members'],
    ['/members/', '/members/'],
    ['/search?', '/search?'],
    // Absolute URLs keep their origin; credentials before the host do not.
    [`https://wartefrei.example/a/${TOKEN}`, 'https://wartefrei.example/a/*'],
    [`https://user:pass@wartefrei.example/t/${UUID}?lang=de`, 'https://*@wartefrei.example/t/*?lang=*'],
  ])('%s → %s', (url, logged) => {
    expect(maskUrl(url)).toBe(logged);
  });
});

describe('what the log shows of a mail or an SMS text', () => {
  it('masks every link with a key, keeping the sentence around it', () => {
    const text = `Ihr Ticket: http://wartefrei.test/t/${UUID}.\nBestätigen: https://x.example/verify?token=${TOKEN}, dann (https://x.example/passwordReset/${TOKEN})`;
    expect(maskLinks(text)).toBe('Ihr Ticket: http://wartefrei.test/t/*.\nBestätigen: https://x.example/verify?token=*, dann (https://x.example/passwordReset/*)');
  });

  it('leaves prose with slashes and links without keys alone', () => {
    const text = 'Kommen Sie und/oder rufen Sie an: https://wartefrei.example/backend/management/billing';
    expect(maskLinks(text)).toBe(text);
  });

  it('masks mail addresses and the values the writer names, the longest first', () => {
    const text = 'Hallo Maria Muster,\nIhr Benutzername ist maria@example.com. Code: 3F2B8C1E. Maria kommt.';
    expect(maskText(text, ['Maria Muster', 'Maria', null, undefined, '', 'x', '3F2B8C1E'])).toBe('Hallo *,\nIhr Benutzername ist *@*. Code: *. * kommt.');
  });
});

describe('how the log names a recipient', () => {
  it('by the first 12 hex digits of the SHA-256 of the lowercased address, the same each time', () => {
    // printf %s maria@example.com | sha256sum | cut -c1-12
    expect(recipientRef('maria@example.com')).toBe('10ef04a5a1ac');
    expect(recipientRef(' Maria@Example.com ')).toBe(recipientRef('maria@example.com'));
    expect(recipientRef('+436641234567')).toMatch(/^[0-9a-f]{12}$/);
    expect(recipientRef('+436641234567')).not.toBe(recipientRef('+436641234568'));
  });
});

describe('what the log shows of an error', () => {
  it('drops the parameters drizzle puts into a failed query’s message, and the row PostgreSQL quotes', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_username_unique"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_username_unique',
      detail: 'Key (username)=(maria@example.com) already exists.',
    });
    const error = new DrizzleQueryError('insert into "users" ("username", "display_name") values ($1, $2)', ['maria@example.com', 'Maria Muster'], cause);
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toMatch(/maria@example\.com|Maria Muster/);
    expect(logged).toContain('Failed query: insert into \\"users\\"');
    expect(logged).toContain('users_username_unique');
    expect(logged).toContain('DrizzleQueryError');
    // The error itself is untouched: a caller may still read it.
    expect(error.params).toEqual(['maria@example.com', 'Maria Muster']);
    expect(cause.detail).toContain('maria@example.com');
  });

  it('masks the value a data error quotes, addresses in an SMTP answer, and keeps the frames', () => {
    const refused = Object.assign(new Error(`invalid input syntax for type uuid: "${TOKEN}"`), { code: '22P02', severity: 'ERROR' });
    const smtp = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <maria@example.com>: no such user"), {
      code: 'EENVELOPE',
      response: '550 <maria@example.com>: no such user',
      rejected: ['maria@example.com'],
    });
    const logged = JSON.stringify([serializeError(refused), serializeError(smtp)]);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain('maria@example.com');
    expect(logged).toContain('invalid input syntax for type uuid: \\"*\\"');
    expect(logged).toContain('EENVELOPE');
    expect(logged).toMatch(/at .*log-redaction\.unit\.test\.ts/);
  });
});

describe('a server logger', () => {
  it('censors headers, bodies and patient fields wherever a log call passes them', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const log = pino(loggerOptions('info'), stream);
    log.info({ request: { headers: { authorization: `Basic ${TOKEN}`, cookie: `s=${TOKEN}`, 'x-forwarded-for': '203.0.113.9', accept: 'text/html' } } }, 'request');
    log.info({ body: { first_name: 'Maria' }, phone: '+436641234567', patient: { last_name: 'Muster', birth_date: '1980-02-29', insurance_number: '1237010180' } }, 'careless');
    log.info({ headers: { cookie: `s=${TOKEN}` }, req: { url: `/t/${TOKEN}`, headers: { authorization: TOKEN } } }, 'a request as such');
    const text = lines.join('');
    for (const secret of [TOKEN, '203.0.113.9', 'Maria', '+436641234567', 'Muster', '1980-02-29', '1237010180']) expect(text).not.toContain(secret);
    expect(text).toContain('text/html');
    expect(text).toContain('[redacted]');
  });
});
