import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { LoggedUser } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor, givenProfile, givenQueue } from '../../test/support/factories.js';
import { givenPastTicket } from '../../test/support/reports.js';
import { users } from '../db/schema/index.js';

/*
 * The server's CSV files opened in a spreadsheet show patients' and staff's names as text, never
 * as formulas (docs/security.md, CSV injection): a text cell starting with = + - @, tab or CR is
 * marked with an apostrophe, a line break inside a cell is quoted, and numbers stay numbers.
 */

let t: TestApp;
let admin: LoggedUser;
let list: string;

const NAMES = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1', 'Anna\n=1+1'];
const at = (local: string) => new Date(`2026-11-10T${local}:00+01:00`).toISOString();
const csvOf = (body: string): string[][] => parse(body, { delimiter: ';', bom: true, relax_column_count: true, skip_empty_lines: true });

beforeAll(async () => {
  t = await startTestApp();
  const account = await givenAdmin(t);
  admin = account.user;
  const profileId = await givenProfile(t, account.accountId, { timeZone: 'Europe/Berlin' });
  list = await givenQueue(t, account.accountId, { profileId, name: '@Labor' });
  const processor = await givenProcessor(t, account.accountId, [list]);
  await t.app.ctx.db.update(users).set({ displayName: '-Dr. Minus' }).where(eq(users.id, processor.id));
  await t.app.ctx.db.update(users).set({ displayName: '=cmd|" /C calc"!A0' }).where(eq(users.id, admin.id));
  for (const [i, name] of NAMES.entries()) {
    const minute = String(10 + i).padStart(2, '0');
    await givenPastTicket(t, { queueId: list, drawn: at(`08:${minute}`), called: at(`08:${minute}`), finished: at(`08:${minute}`), firstName: name, processorId: processor.id });
  }
  // Called two minutes before it was drawn (a clock set wrong): a negative wait, still a number.
  await givenPastTicket(t, { queueId: list, drawn: at('09:10'), called: at('09:08'), finished: at('09:20'), firstName: 'Negativ' });
});
afterAll(async () => t.close());

describe('CSV exports are safe to open in a spreadsheet', () => {
  it('GET /reports/members/export: names, list and staff marked as text; numbers, negative ones too, stay numbers', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/reports/members/export?format=csv&names=true&from=2026-11-10&to=2026-11-10&queue_id=${list}`,
      headers: { ...asUser(admin), 'accept-language': 'de' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = csvOf(res.body);
    const header = rows.findIndex((row) => row.includes('Name'));
    const column = (title: string) => rows[header]!.indexOf(title);
    const records = rows.slice(header + 1);
    expect(records.map((row) => row[column('Name')])).toEqual([`'=HYPERLINK("http://x","y")`, `'+1`, `'-2+3`, `'@SUM(A1)`, `'\t=1+1`, `'\r=1+1`, 'Anna\n=1+1', 'Negativ']);
    // A line break inside a cell is quoted: a spreadsheet would start a new row (and a formula) at it.
    expect(res.body).toContain('"Anna\n=1+1"');
    expect(res.body).toContain(`"'\r=1+1"`);
    expect(records.slice(0, NAMES.length).every((row) => row[column('Bearbeiter')] === `'-Dr. Minus`)).toBe(true);
    expect(records.every((row) => row[column('Liste')] === `'@Labor`)).toBe(true);
    // The filter lines on top name the list as well.
    expect(rows.slice(0, header).some((row) => row[0]?.startsWith('#') && row[1] === `'@Labor`)).toBe(true);
    const negative = records.at(-1)!;
    expect(negative[column('Wartezeit (Min.)')]).toBe('-2');
    expect(negative[column('Nummer')]).toMatch(/^\d+$/);
  });

  it('GET /audit/export: the staff member’s name marked as text', async () => {
    // An export is always recorded: an entry with the admin's name.
    await t.inject({ method: 'GET', url: `/reports/members/export?format=csv&from=2026-11-10&to=2026-11-10&queue_id=${list}`, headers: asUser(admin) });
    const res = await t.inject({ method: 'GET', url: '/audit/export?format=csv&action=report.export', headers: { ...asUser(admin), 'accept-language': 'de' } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = csvOf(res.body);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).map((row) => row[1])).toContain(`'=cmd|" /C calc"!A0`);
    expect(res.body).not.toMatch(/(^|;)=cmd/m);
  });
});
