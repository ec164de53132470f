import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { LoggedUser, MemberReport, ReportSummary } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenProcessor } from '../../../test/support/factories.js';
import { givenAnswer, givenGeneralAndLab, givenMemberTag, givenPastAppointment, givenPastTicket, MEMBERS_DAY, onMembersDay, report } from '../../../test/support/reports.js';
import { infoTags } from '../../db/schema/index.js';

/** The member analysis and its export: which rows, which columns, who sees names, the file read back. */

const t = useTestApp();
let admin: LoggedUser;
let processor: LoggedUser;
let ownList: string;
let otherList: string;
let tagId: string;

const at = onMembersDay;
const day = MEMBERS_DAY;

beforeAll(async () => {
  const account = await givenGeneralAndLab(t);
  ({ admin, general: ownList, lab: otherList } = account);
  processor = await givenProcessor(t, account.accountId, [ownList]);
  const [tag] = await t.app.ctx.db.insert(infoTags).values({ accountId: account.accountId, name: 'Rezept' }).returning({ id: infoTags.id });
  tagId = tag!.id;
  const anna = await givenPastTicket(t, {
    queueId: ownList,
    drawn: at('08:00'),
    called: at('08:12'),
    finished: at('08:30'),
    processorId: processor.id,
    firstName: 'Anna',
    lastName: 'Alt',
  });
  await givenMemberTag(t, anna, tagId);
  await givenAnswer(t, anna, 1, 'Worum geht es?', 'Rezept');
  await givenPastTicket(t, { queueId: ownList, drawn: at('08:05'), called: at('08:40'), status: 'FINISHED_BY_TIMEOUT', cancelState: 'TIMEOUT', finished: at('09:10') });
  // Checked in: one row, the ticket, with the appointment's start.
  const checkedIn = await givenPastAppointment(t, ownList, at('09:00'), { status: 'CHECKED_IN' });
  await givenPastTicket(t, { queueId: ownList, drawn: at('08:55'), origin: 'APPOINTMENT', appointmentId: checkedIn, status: 'WAITING' });
  await givenPastAppointment(t, ownList, at('11:00'), { status: 'NO_SHOW', lastName: 'Berger' });
  await givenPastTicket(t, { queueId: otherList, drawn: at('10:00'), called: at('10:03'), finished: at('10:10'), firstName: 'Lena', lastName: 'Labor' });
});

describe('GET /reports/members', () => {
  it('a row per ticket and per appointment not checked in; no names unless asked', async () => {
    const page = await report<MemberReport>(t, admin, 'members', { ...day, sort: 'at', dir: 'asc' });
    expect(page).toMatchObject({ total: 5, page: 1, page_size: 50 });
    expect(page.rows.map((row) => [row.kind, row.queue_name, row.origin, row.status])).toEqual([
      ['ticket', 'Allgemein', 'ONLINE', 'FINISHED_BY_PROCESSOR'],
      ['ticket', 'Allgemein', 'ONLINE', 'FINISHED_BY_TIMEOUT'],
      ['ticket', 'Allgemein', 'APPOINTMENT', 'WAITING'],
      ['ticket', 'Labor', 'ONLINE', 'FINISHED_BY_PROCESSOR'],
      ['appointment', 'Allgemein', 'APPOINTMENT', 'NO_SHOW'],
    ]);
    const [first, , checkedIn] = page.rows;
    expect(first).toMatchObject({
      at: at('08:00'),
      called_at: at('08:12'),
      finished_at: at('08:30'),
      wait_min: 12,
      processing_min: 18,
      info_tags: ['Rezept'],
      answers: ['Worum geht es?: Rezept'],
      processor_name: 'Bearbeiter',
      time_zone: 'Europe/Vienna',
    });
    expect(checkedIn?.appointment_start).toBe(at('09:00'));
    expect(page.rows.every((row) => !('name' in row))).toBe(true);
    expect(JSON.stringify(page)).not.toContain('Anna');
  });

  it('names when asked; sorting by wait and paging', async () => {
    const named = await report<MemberReport>(t, admin, 'members', { ...day, names: 'true', sort: 'wait', dir: 'desc', page_size: '2' });
    expect(named.rows.map((row) => [row.wait_min, row.name])).toEqual([
      [35, null],
      [12, 'Anna Alt'],
    ]);
    const second = await report<MemberReport>(t, admin, 'members', { ...day, names: 'true', sort: 'wait', dir: 'desc', page_size: '2', page: '2' });
    expect(second.rows.map((row) => row.wait_min)).toEqual([3, null]);
  });

  it('a processor sees the rows of their lists only, and no other list by its id', async () => {
    const page = await report<MemberReport>(t, processor, 'members', { ...day, names: 'true' });
    expect(page.total).toBe(4);
    expect(JSON.stringify(page)).not.toContain('Lena');
    const summary = await report<ReportSummary>(t, processor, 'summary', day);
    expect(summary.current.drawn).toBe(3);
    const foreign = await t.inject({ method: 'GET', url: `/reports/summary?from=2026-11-10&to=2026-11-10&queue_id=${otherList}`, headers: asUser(processor) });
    expect(foreign.statusCode).toBe(404);
    const exported = await t.inject({ method: 'GET', url: `/reports/members/export?format=csv&from=2026-11-10&to=2026-11-10&queue_id=${otherList}`, headers: asUser(processor) });
    expect(exported.statusCode).toBe(404);
  });

  it('the info tag filter keeps the tagged', async () => {
    const page = await report<MemberReport>(t, admin, 'members', { ...day, info_tag_id: tagId });
    expect(page.rows.map((row) => row.wait_min)).toEqual([12]);
  });
});

describe('GET /reports/members/export', () => {
  it('xlsx: the filters on top, typed columns, every row; a file name', async () => {
    const res = await t.inject({ method: 'GET', url: `/reports/members/export?format=xlsx&names=true&from=2026-11-10&to=2026-11-10&queue_id=${ownList}`, headers: asUser(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="wartefrei-auswertung-2026-11-10_2026-11-10.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (row: number) => (sheet.getRow(row).values as ExcelJS.CellValue[]).slice(1);
    expect(values(2)).toEqual(['Zeitraum', '2026-11-10 – 2026-11-10']);
    expect(values(4)).toEqual(['Liste', 'Allgemein']);
    // Below the filters, the figures of earlier appointments (reports/earlier), then the header.
    expect(values(9)).toEqual(['Frei gewordene Termine', '0']);
    const headerRow = Array.from({ length: sheet.rowCount }, (_, i) => i + 1).find((row) => values(row)[0] === 'Art') ?? 0;
    expect(headerRow).toBeGreaterThan(10);
    expect(values(headerRow)).toEqual(expect.arrayContaining(['Nummer', 'Gezogen / Termin', 'Wartezeit (Min.)', 'Name']));
    const header = values(headerRow);
    const column = (title: string) => header.indexOf(title) + 1;
    const anna = sheet.getRow(headerRow + 1);
    // The practice's clock, as the spreadsheet shows it: 08:00 in Vienna.
    expect(anna.getCell(column('Gezogen / Termin')).value).toEqual(new Date('2026-11-10T08:00:00Z'));
    expect(anna.getCell(column('Wartezeit (Min.)')).value).toBe(12);
    expect(anna.getCell(column('Behandlungsdauer (Min.)')).value).toBe(18);
    expect(anna.getCell(column('Name')).value).toBe('Anna Alt');
    expect(anna.getCell(column('Status')).value).toBe('Abgeschlossen');
    expect(sheet.rowCount - headerRow).toBe(4);
  });

  it('csv: semicolons, the filters as comment lines, numbers with a decimal comma in German', async () => {
    const res = await t.inject({ method: 'GET', url: '/reports/members/export?format=csv&from=2026-11-10&to=2026-11-10', headers: { ...asUser(admin), 'accept-language': 'de' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const records = parse<Record<string, string>>(res.body, { delimiter: ';', comment: '#', bom: true, columns: true, skip_empty_lines: true });
    expect(records).toHaveLength(5);
    expect(records[0]).toMatchObject({ Art: 'Ticket', Liste: 'Allgemein', 'Gezogen / Termin': '2026-11-10 08:00:00', 'Wartezeit (Min.)': '12' });
    expect(records.map((record) => record['Art'])).toEqual(['Ticket', 'Ticket', 'Ticket', 'Ticket', 'Termin']);
    expect(res.body).not.toContain('Anna');
    const english = await t.inject({
      method: 'GET',
      url: '/reports/members/export?format=csv&from=2026-11-10&to=2026-11-10',
      headers: { ...asUser(admin), 'accept-language': 'en' },
    });
    expect(english.headers['content-disposition']).toContain('wartefrei-analysis-');
  });
});
