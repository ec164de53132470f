import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedUser, ReportEarlier } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { report } from '../../../test/support/reports.js';
import { appointmentOffers, appointments, appointmentTypes, freedTimes } from '../../db/schema/index.js';

/*
 * The figures of earlier appointments and confirmations on one hand-made day in Vienna (20
 * October 2026, UTC+2). FIXTURE DATA: the offers engine is not on main yet, so the freed times
 * and offers are rows this test inserts into the tables as that engine writes them (state,
 * filled_at, sent_at, channels); so are the appointments' confirmation marks and no-shows.
 */

let t: TestApp;
let admin: LoggedUser;
let queueId: string;
let otherQueueId: string;
let typeIds: { talk: string; vaccine: string; lab: string };

const at = (day: string, local: string) => new Date(`2026-10-${day}T${local}:00+02:00`);

async function fixtureAppointment(typeId: string, start: Date, fields: Partial<typeof appointments.$inferInsert> = {}): Promise<string> {
  const [type] = await t.app.ctx.db.select().from(appointmentTypes).where(eq(appointmentTypes.id, typeId));
  if (!type) throw new Error('no type');
  const [row] = await t.app.ctx.db
    .insert(appointments)
    .values({
      accountId: type.accountId,
      profileId: type.profileId,
      queueId: type.queueId,
      appointmentTypeId: type.id,
      startAt: start,
      endAt: new Date(start.getTime() + 15 * 60_000),
      source: 'FRONTEND',
      ...fields,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('no appointment');
  return row.id;
}

async function fixtureFreedTime(typeId: string, processorId: string, start: Date, fields: Partial<typeof freedTimes.$inferInsert> = {}): Promise<string> {
  const [type] = await t.app.ctx.db.select().from(appointmentTypes).where(eq(appointmentTypes.id, typeId));
  if (!type) throw new Error('no type');
  const [row] = await t.app.ctx.db
    .insert(freedTimes)
    .values({
      accountId: type.accountId,
      profileId: type.profileId,
      appointmentTypeId: typeId,
      processorId,
      startAt: start,
      endAt: new Date(start.getTime() + 15 * 60_000),
      reason: 'CANCELLED',
      freedAt: new Date(start.getTime() - 72 * 3_600_000),
      ...fields,
    })
    .returning({ id: freedTimes.id });
  if (!row) throw new Error('no freed time');
  return row.id;
}

async function fixtureOffer(freedTimeId: string, appointmentId: string, fields: Partial<typeof appointmentOffers.$inferInsert> = {}): Promise<void> {
  const [freed] = await t.app.ctx.db.select().from(freedTimes).where(eq(freedTimes.id, freedTimeId));
  if (!freed) throw new Error('no freed time');
  await t.app.ctx.db.insert(appointmentOffers).values({ accountId: freed.accountId, freedTimeId, appointmentId, round: 1, expiresAt: freed.startAt, ...fields });
}

beforeAll(async () => {
  t = await startTestApp();
  const account = await givenAdmin(t);
  admin = account.user;
  const profileId = await givenProfile(t, account.accountId, { timeZone: 'Europe/Vienna' });
  queueId = await givenQueue(t, account.accountId, { profileId, name: 'Hausarzt' });
  otherQueueId = await givenQueue(t, account.accountId, { profileId, name: 'Labor' });
  const processor = await givenProcessor(t, account.accountId, [queueId, otherQueueId]);
  const type = async (queue: string, name: string) =>
    (
      await t.app.ctx.db.insert(appointmentTypes).values({ accountId: account.accountId, profileId, queueId: queue, name, durationMinutes: 15, confirmHoursBefore: 48 }).returning()
    )[0]!.id;
  typeIds = { talk: await type(queueId, 'Gespräch'), vaccine: await type(queueId, 'Impfung'), lab: await type(otherQueueId, 'Blutabnahme') };

  // Waiting patients, later in the month, who get the offers.
  const waiting = [];
  for (let i = 0; i < 3; i++) waiting.push(await fixtureAppointment(typeIds.talk, at('28', `${String(8 + i).padStart(2, '0')}:00`)));
  // Four times freed on the 20th: one re-filled 30 hours ahead after offers by mail and SMS to
  // two patients, one re-filled 10 hours ahead after an offer by mail, one offered (push) that
  // lapsed, one never offered (an offer created but not sent yet counts for nothing).
  const filled30 = await fixtureFreedTime(typeIds.talk, processor.id, at('20', '08:00'), { state: 'FILLED', filledAt: at('19', '02:00') });
  await fixtureOffer(filled30, waiting[0]!, { sentAt: at('18', '01:00'), channels: ['mail', 'sms'], state: 'ACCEPTED' });
  await fixtureOffer(filled30, waiting[1]!, { sentAt: at('18', '01:00'), channels: ['mail', 'sms'], state: 'LOST' });
  const filled10 = await fixtureFreedTime(typeIds.talk, processor.id, at('20', '09:00'), { state: 'FILLED', filledAt: at('19', '23:00') });
  await fixtureOffer(filled10, waiting[2]!, { sentAt: at('19', '22:00'), channels: ['mail'], state: 'ACCEPTED' });
  const lapsed = await fixtureFreedTime(typeIds.vaccine, processor.id, at('20', '10:00'), { state: 'LAPSED' });
  await fixtureOffer(lapsed, waiting[0]!, { sentAt: at('20', '08:00'), channels: ['push'], state: 'EXPIRED' });
  const unsent = await fixtureFreedTime(typeIds.lab, processor.id, at('20', '11:00'));
  await fixtureOffer(unsent, waiting[1]!);
  // Freed on the 21st: outside the day.
  await fixtureFreedTime(typeIds.talk, processor.id, at('21', '08:00'), { state: 'FILLED', filledAt: at('20', '08:00') });

  // The day's appointments: three asked (two confirmed), one confirmed by staff without being
  // asked (not in the rate); no-shows: one of Gespräch, one of Blutabnahme; a cancelled no-show counts for nothing.
  await fixtureAppointment(typeIds.talk, at('20', '12:00'), { confirmationAskedAt: at('18', '12:00'), confirmedAt: at('18', '13:00'), status: 'CHECKED_IN' });
  await fixtureAppointment(typeIds.talk, at('20', '12:30'), { confirmationAskedAt: at('18', '12:30'), confirmedAt: at('19', '09:00'), status: 'CHECKED_IN' });
  await fixtureAppointment(typeIds.talk, at('20', '13:00'), { confirmationAskedAt: at('18', '13:00'), status: 'NO_SHOW' });
  await fixtureAppointment(typeIds.vaccine, at('20', '13:30'), { confirmedAt: at('20', '08:00'), status: 'CHECKED_IN' });
  await fixtureAppointment(typeIds.lab, at('20', '14:00'), { status: 'NO_SHOW' });
  await fixtureAppointment(typeIds.lab, at('20', '14:30'), { status: 'NO_SHOW', cancelState: 'STAFF' });
});
afterAll(async () => t.close());

const day = { from: '2026-10-20', to: '2026-10-20' };

describe('GET /reports/earlier', () => {
  it('freed, offered, re-filled with its median lead, messages, confirmation rate and no-shows per type and list', async () => {
    const figures = await report<ReportEarlier>(t, admin, 'earlier', day);
    expect(figures).toEqual({
      from: '2026-10-20',
      to: '2026-10-20',
      freed: 4,
      offered: 3,
      refilled: 2,
      // 30 and 10 hours before their times.
      refill_lead_p50_hours: 20,
      // mail + sms twice, mail, push.
      offer_messages: 6,
      confirmations_asked: 3,
      confirmations_confirmed: 2,
      confirmation_rate: 0.667,
      no_shows_by_type: [
        { id: typeIds.lab, name: 'Blutabnahme', appointments: 1, no_shows: 1 },
        { id: typeIds.talk, name: 'Gespräch', appointments: 3, no_shows: 1 },
        { id: typeIds.vaccine, name: 'Impfung', appointments: 1, no_shows: 0 },
      ],
      no_shows_by_queue: [
        { id: queueId, name: 'Hausarzt', appointments: 4, no_shows: 1 },
        { id: otherQueueId, name: 'Labor', appointments: 1, no_shows: 1 },
      ],
    });
  });

  it('follows the filters: a list, and an origin other than appointments', async () => {
    const lab = await report<ReportEarlier>(t, admin, 'earlier', { ...day, queue_id: otherQueueId });
    expect(lab).toMatchObject({ freed: 1, offered: 0, refilled: 0, refill_lead_p50_hours: null, offer_messages: 0, confirmations_asked: 0, confirmation_rate: null });
    expect(lab.no_shows_by_queue).toEqual([{ id: otherQueueId, name: 'Labor', appointments: 1, no_shows: 1 }]);
    const walkIns = await report<ReportEarlier>(t, admin, 'earlier', { ...day, origin: 'ONLINE' });
    expect(walkIns).toMatchObject({ freed: 0, confirmations_asked: 0, no_shows_by_type: [], no_shows_by_queue: [] });
  });

  it('another account sees none of it; a foreign list is a 404', async () => {
    const other = await givenAdmin(t);
    expect(await report<ReportEarlier>(t, other.user, 'earlier', day)).toMatchObject({ freed: 0, offer_messages: 0, no_shows_by_type: [] });
    const res = await t.inject({ method: 'GET', url: `/reports/earlier?from=2026-10-20&to=2026-10-20&queue_id=${queueId}`, headers: asUser(other.user) });
    expect(res.statusCode).toBe(404);
  });

  it('the spreadsheet export carries the figures below its filters', async () => {
    const res = await t.inject({ method: 'GET', url: '/reports/members/export?from=2026-10-20&to=2026-10-20&format=csv', headers: { ...asUser(admin), 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Times freed');
    expect(res.body).toMatch(/Confirmation rate \(confirmed \/ asked\)[";,]+66\.7\s?% \(2 \/ 3\)/);
    expect(res.body).toContain('No-shows – list Labor (of appointments)');
  });
});
