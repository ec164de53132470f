import { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import { formatCheckInCode, translate, type Appointment, type PatientAppointment } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments } from '../../db/schema/index.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { registerJobHandler, type JobHandler, type NewJob } from '../../platform/jobs/index.js';
import { renderHtmlMail } from '../../platform/mail-html.js';
import { mailLogoOf } from '../images/index.js';
import { appointmentUrl, mintLinks } from '../patient-links/index.js';
import { confirmSettingsOf, type ConfirmSettings } from './appointment-types.repo.js';
import { findAppointmentWithPlace, findVisibleAppointment, updateAppointmentIf, type AppointmentRow, type AppointmentWithPlace } from './appointments.repo.js';
import { announceAppointments } from './appointments.events.js';
import { appointmentIdOfLink, patientView } from './booking.service.js';
import { appointmentDetails, langOf, spokenTime } from './notify.js';
import { isOpenForPatient, placeOf, presentAppointment } from './present.js';

/*
 * Confirmations (docs/product.md#confirmations-and-no-shows): a type with `confirm_hours_before`
 * asks each patient that many hours before the start, by the channels they chose, to say "Ich
 * komme" or "Absagen". Both links open the appointment page (a GET changes nothing; the page
 * asks with one button). Asking sets `confirmation_asked_at` and `unconfirmed_from` (start minus
 * the type's mark hours), from when staff screens mark an unanswered appointment. An appointment
 * booked inside the window is not asked: it was just chosen. A move clears all three (a trigger,
 * migration 0044), and resetReminders schedules the ask of the new time.
 */

export const CONFIRM_ASK_JOB = 'appointment.confirm-ask';

const AskPayload = z.object({ appointmentId: z.uuid(), startAt: z.string() });

const HOUR = 3_600_000;

/** The ask job of an appointment as it is now, or none (confirmations off, no channel, asked or answered, or its time has passed). */
export function confirmAskJob(row: AppointmentRow, settings: ConfirmSettings | undefined, now: Date): NewJob | undefined {
  const hours = settings?.confirmHoursBefore;
  if (!hours || row.cancelState !== null || row.status !== 'BOOKED' || row.confirmationAskedAt || row.confirmedAt) return undefined;
  if (!((row.notifyMail && row.mail) || (row.notifySms && row.phone))) return undefined;
  const runAt = new Date(row.startAt.getTime() - hours * HOUR);
  if (runAt.getTime() <= now.getTime()) return undefined;
  const startAt = row.startAt.toISOString();
  return { kind: CONFIRM_ASK_JOB, key: `${row.id}:${startAt}`, runAt, payload: { appointmentId: row.id, startAt } };
}

function askMail(found: AppointmentWithPlace, confirmUrl: string, cancelUrl: string, logo: Awaited<ReturnType<typeof mailLogoOf>>) {
  const row = found.appointment;
  const lang = langOf(row);
  const when = spokenTime(row.startAt, found.location.timeZone, lang);
  const place = placeOf(found.location);
  const c = (key: string, args: (string | number)[] = []) => translate(lang, 'confirm_mail', key, args);
  const m = (key: string, args: (string | number)[] = []) => translate(lang, 'mail', key, args);
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  const greeting = name ? m('greeting', [name]) : m('greeting_anonymous');
  const subject = c('subject', [found.typeName]);
  const body = c('body', [found.typeName, when, place, confirmUrl, cancelUrl]);
  return {
    subject,
    text: [greeting, '', body, '', m('signoff')].join('\n'),
    confidential: [name, row.firstName, row.lastName, row.checkInCode, formatCheckInCode(row.checkInCode ?? '')],
    html: renderHtmlMail({
      lang,
      title: subject,
      greeting,
      paragraphs: body.split('\n\n'),
      action: { label: c('button_confirm'), url: confirmUrl },
      details: appointmentDetails(lang, found.typeName, when, place),
      signoff: m('signoff'),
      logo,
    }),
  };
}

/** The two answers' links of one fresh link token: the page opens with the question asked. */
async function answerLinks(ctx: AppContext, q: Queryable, row: AppointmentRow): Promise<{ confirm: string; cancel: string }> {
  const [token] = await mintLinks(q, [{ appointmentId: row.id }], ctx.clock.now());
  const page = appointmentUrl(ctx.config.publicUrl, token ?? '');
  return { confirm: `${page}?answer=confirm`, cancel: `${page}?answer=cancel` };
}

const ask: JobHandler<z.infer<typeof AskPayload>> = async (ctx, tx, job) => {
  const found = await findAppointmentWithPlace(tx, job.payload.appointmentId);
  const row = found?.appointment;
  if (!found || !row || row.cancelState !== null || row.status !== 'BOOKED' || row.startAt.toISOString() !== job.payload.startAt) return 'DONE';
  if (row.confirmationAskedAt || row.confirmedAt) return 'DONE';
  const now = ctx.clock.now();
  if (now.getTime() >= row.startAt.getTime()) return 'MISSED';
  const settings = await confirmSettingsOfType(tx, row.appointmentTypeId);
  const markHours = settings?.unconfirmedMarkHours ?? 24;
  const asked = await updateAppointmentIf(
    tx,
    row.id,
    and(eq(appointments.startAt, row.startAt), isNull(appointments.confirmationAskedAt)),
    { confirmationAskedAt: now, unconfirmedFrom: new Date(row.startAt.getTime() - markHours * HOUR) },
    now,
  );
  if (!asked) return 'DONE';
  const sending: Promise<unknown>[] = [];
  if (row.notifyMail && row.mail) {
    const links = await answerLinks(ctx, tx, row);
    sending.push(ctx.mailer.send({ to: row.mail, ...askMail(found, links.confirm, links.cancel, await mailLogoOf(ctx, tx, row.queueId)) }));
  }
  if (row.notifySms && row.phone) {
    const links = await answerLinks(ctx, tx, row);
    const lang = langOf(row);
    const text = translate(lang, 'confirm_mail', 'sms', [found.typeName, spokenTime(row.startAt, found.location.timeZone, lang), found.location.name, links.confirm, links.cancel]);
    sending.push(ctx.sms.send({ to: row.phone, text, about: row.id }));
  }
  // A failure throws: the job's transaction (the asked mark and the links) rolls back and it is retried.
  await Promise.all(sending);
  return 'DONE';
};

async function confirmSettingsOfType(q: Queryable, typeId: string): Promise<ConfirmSettings | undefined> {
  return (await confirmSettingsOf(q, [typeId])).get(typeId);
}

/**
 * `POST /appointments/{token}/confirm` (staff: `{id}`): "Ich komme". A booked appointment ahead
 * of its start; confirming again changes nothing. Staff confirm for a patient on the phone.
 */
export async function confirmAppointment(ctx: AppContext, actor: Actor | undefined, key: string): Promise<Appointment | PatientAppointment> {
  const staff = actor && isUuid(key) ? actor : undefined;
  const visible = staff ? await findVisibleAppointment(ctx.db, staff, key) : undefined;
  if (staff && !visible) throw new AppError('NOT_FOUND');
  const id = visible?.row.id ?? (await appointmentIdOfLink(ctx, key));
  const row = visible?.row ?? (await findAppointmentWithPlace(ctx.db, id))?.appointment;
  if (!row) throw new AppError('APPOINTMENT_NOT_FOUND');
  const now = ctx.clock.now();
  if (row.confirmedAt === null) {
    if (!isOpenForPatient(row, now)) throw new AppError('APPOINTMENT_STATE');
    const open = and(eq(appointments.status, 'BOOKED'), isNull(appointments.cancelState), isNull(appointments.confirmedAt));
    const confirmed = await updateAppointmentIf(ctx.db, row.id, open, { confirmedAt: now }, now);
    if (confirmed) await announceAppointments(ctx, [confirmed]);
  }
  if (!visible) return patientView(ctx, id, key);
  const fresh = await findVisibleAppointment(ctx.db, staff!, id);
  if (!fresh) throw new AppError('NOT_FOUND');
  return presentAppointment(fresh.row, fresh.timeZone, now);
}

export function registerConfirmationJobs(): void {
  registerJobHandler(CONFIRM_ASK_JOB, ask, AskPayload);
}
