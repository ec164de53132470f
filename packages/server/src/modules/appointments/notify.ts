import { formatCheckInCode, SUPPORTED_LANGS, translate, type SupportedLang } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import type { AppContext } from '../../platform/context.js';
import { renderHtmlMail, type HtmlMail } from '../../platform/mail-html.js';
import { mailLogoOf } from '../images/index.js';
import type { AppointmentRow, AppointmentWithPlace } from './appointments.repo.js';
import { calendarFile, type CalendarMethod } from './calendar-file.js';
import { placeOf } from './present.js';
import { appointmentUrl, mintLinks } from '../patient-links/index.js';

/*
 * What a patient is told about their appointment (docs/product.md#states-and-transitions): the
 * booking, a move, a cancel and a deletion — by mail with the calendar file when they asked for
 * mail, by SMS when they asked for SMS — in their language. A restore tells nobody. Sent after
 * the commit and not awaited by the request: a slow mail server never delays a booking. News of
 * what is still ahead carries the patient's link: each message a new one (patient-links keeps
 * only hashes, so no link can be sent twice), news of a cancel carries none.
 */

export type AppointmentNews = 'booked' | 'moved' | 'cancelled' | 'deleted' | 'reminder';

export const langOf = (row: AppointmentRow): SupportedLang => ((SUPPORTED_LANGS as readonly string[]).includes(row.lang ?? '') ? (row.lang as SupportedLang) : 'de');

/** 'Montag, 30. März 2026 um 08:00' in the patient's language and the practice's zone. */
export function spokenTime(instant: Date, timeZone: string, lang: SupportedLang): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(instant);
}

/** A mail's details block about an appointment: what, when (the time the mail speaks of) and where. */
export function appointmentDetails(lang: SupportedLang, typeName: string, when: string, place: string): [string, string][] {
  const m = (key: string) => translate(lang, 'mail', key);
  return [
    [m('detail_what'), typeName],
    [m('detail_when'), when],
    [m('detail_where'), place],
  ];
}

const METHOD: Record<AppointmentNews, CalendarMethod> = { booked: 'REQUEST', moved: 'REQUEST', reminder: 'REQUEST', cancelled: 'CANCEL', deleted: 'CANCEL' };

/**
 * The mail about one appointment or a series (`rows`, the first named), with the calendar file of
 * all of them; `links` are the rows' links (empty for a cancel).
 */
function mailOf(news: AppointmentNews, found: AppointmentWithPlace, rows: AppointmentRow[], links: string[], logo: HtmlMail['logo']) {
  const first = found.appointment;
  const lang = langOf(first);
  const tz = found.location.timeZone;
  const when = spokenTime(first.startAt, tz, lang);
  const link = links[0] ?? '';
  const place = placeOf(found.location);
  const m = (key: string, args: (string | number)[] = []) => translate(lang, 'mail', key, args);
  const name = [first.firstName, first.lastName].filter(Boolean).join(' ');
  const body: Record<AppointmentNews, string> = {
    booked: rows.length > 1 ? m('appointment_series_body', [found.typeName, rows.length, when, place, link]) : m('appointment_booked_body', [found.typeName, when, place, link]),
    moved: m('appointment_moved_body', [found.typeName, when, place, link]),
    cancelled: m('appointment_cancelled_body', [found.typeName, when, place]),
    deleted: m('appointment_deleted_body', [found.typeName, when, place]),
    reminder: m('appointment_reminder_body', [found.typeName, when, place, link]),
  };
  const subjectKey = {
    booked: 'appointment_booked_subject',
    moved: 'appointment_moved_subject',
    cancelled: 'appointment_cancelled_subject',
    deleted: 'appointment_cancelled_subject',
    reminder: 'appointment_reminder_subject',
  }[news];
  const method = METHOD[news];
  const ics = calendarFile(
    rows.map((row, i) => ({
      id: row.id,
      startAt: row.startAt,
      endAt: row.endAt,
      summary: `${found.typeName} – ${found.location.name}`,
      location: place,
      ...(links[i] ? { url: links[i] } : {}),
      sequence: row.version,
      cancelled: method === 'CANCEL',
    })),
    tz,
    method,
  );
  // The way in at the kiosk, for what is still ahead.
  const code = news === 'booked' || news === 'moved' || news === 'reminder' ? m('appointment_code', [formatCheckInCode(first.checkInCode ?? '')]) : undefined;
  const greeting = name ? m('greeting', [name]) : m('greeting_anonymous');
  const subject = m(subjectKey, [found.typeName]);
  const html = renderHtmlMail({
    lang,
    title: subject,
    greeting,
    paragraphs: [...body[news].split('\n\n'), ...(code ? [code] : [])],
    ...(METHOD[news] === 'REQUEST' ? { action: { label: m('appointment_button'), url: link } } : {}),
    details: appointmentDetails(lang, found.typeName, when, place),
    signoff: m('signoff'),
    logo,
  });
  return {
    subject,
    text: [greeting, '', body[news], ...(code ? ['', code] : []), '', m('signoff')].join('\n'),
    // What the log must not show if the mail is written there: whom it greets, the kiosk's way in.
    confidential: [name, first.firstName, first.lastName, first.checkInCode, formatCheckInCode(first.checkInCode ?? '')],
    html,
    attachments: [{ filename: 'termin.ics', content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` }],
  };
}

function smsOf(news: AppointmentNews, found: AppointmentWithPlace, link: string | undefined): string | undefined {
  const row = found.appointment;
  const lang = langOf(row);
  const when = spokenTime(row.startAt, found.location.timeZone, lang);
  const key = {
    booked: 'appointment_sms_booked',
    reminder: 'appointment_sms_reminder',
    cancelled: 'appointment_sms_cancelled',
    deleted: 'appointment_sms_cancelled',
    moved: 'appointment_sms_moved',
  }[news];
  return translate(lang, 'mail', key, [found.typeName, when, found.location.name, link ?? '']);
}

/**
 * Sends the news of an appointment (or a series: `rows`) by the channels the patient chose; a
 * failure is thrown (a reminder job retries) — the fire-and-forget callers log it.
 */
export async function sendNews(
  ctx: AppContext,
  news: AppointmentNews,
  found: AppointmentWithPlace,
  rows: AppointmentRow[] = [found.appointment],
  q: Queryable = ctx.db,
): Promise<void> {
  const row = found.appointment;
  const sending: Promise<unknown>[] = [];
  const withLinks = METHOD[news] === 'REQUEST';
  // `q`: a job's transaction reads the logo and writes the links within it — on the embedded
  // database a second connection would wait for that very transaction.
  const linksOf = async (of: AppointmentRow[]) =>
    withLinks
      ? (
          await mintLinks(
            q,
            of.map((r) => ({ appointmentId: r.id })),
            ctx.clock.now(),
          )
        ).map((token) => appointmentUrl(ctx.config.publicUrl, token))
      : [];
  if (row.notifyMail && row.mail) sending.push(ctx.mailer.send({ to: row.mail, ...mailOf(news, found, rows, await linksOf(rows), await mailLogoOf(ctx, q, row.queueId)) }));
  const text = row.notifySms && row.phone ? smsOf(news, found, (await linksOf([row]))[0]) : undefined;
  // An SMS over its limits is not sent and not retried (platform/sms-limits.ts logs it).
  if (text && row.phone) sending.push(ctx.sms.send({ to: row.phone, text, about: row.id }));
  await Promise.all(sending);
}

/** sendNews after the request, its failure logged: the booking, move or cancel stands either way. */
export function tell(ctx: AppContext, news: AppointmentNews, found: AppointmentWithPlace | undefined, rows?: AppointmentRow[]): void {
  if (!found) return;
  sendNews(ctx, news, found, rows).catch((error: unknown) => {
    ctx.log.error({ err: error, appointmentId: found.appointment.id, news }, 'the patient could not be told about their appointment');
  });
}
