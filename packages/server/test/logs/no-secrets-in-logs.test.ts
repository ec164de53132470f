import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentType, LoggedUser, PatientAppointment, TicketView } from '@wartefrei/shared';
import { createAccountWithAdmin, issueOneTimeToken, passwordResetTokens } from '../../src/modules/accounts/index.js';
import { recipientRef } from '../../src/platform/log-redaction.js';
import { basic, startTestApp, type TestApp } from '../support/test-app.js';
import { asUser, givenProcessor, givenProfile, givenQueue, givenVerifiedAdmin, linkIn, logIn } from '../support/factories.js';
import { givenOpenQueue } from '../support/tickets.js';
import { bookingBody, SPRING } from '../support/appointments.js';
import { setNow } from '../support/test-clock.js';
import { startSmsGateway } from '../support/sms.js';
import { captureLog } from '../support/log-capture.js';
import { alertSubscriptions } from '../../src/db/schema/index.js';
import { checkQueueAlerts } from '../../src/modules/alerts/index.js';

/*
 * Issue 39 §5, docs/security.md#logs: a run that signs in, draws, books, resets a password and
 * texts, with the log at its most verbose, must leave no secret and no personal value it used in
 * the log — once with a mail server and an SMS gateway, once without (then mail and SMS are
 * written to the log, masked).
 */

const TICKET_PATIENT = {
  display_name: 'Henni Q.',
  first_name: 'Henrike',
  last_name: 'Quellmalz',
  birth_date: '1961-07-14',
  insurance_number: '4914140761',
  mail: 'henrike.quellmalz@example.org',
  phone: '+43 664 7654321',
};
const TICKET_PHONE = '+436647654321';
const BOOKING_PATIENT = {
  first_name: 'Ottokar',
  last_name: 'Brezelmeier',
  birth_date: '1975-03-09',
  insurance_number: '5834090375',
  mail: 'ottokar.brezelmeier@example.net',
  phone: '+43 660 9876543',
};
const BOOKING_PHONE = '+436609876543';
const STAFF = {
  display_name: 'Wilfriede Staffelstein',
  username: 'wilfriede.staffelstein@praxis-log.example',
  password: 'altes-langes-passwort-42',
  newPassword: 'neues-langes-passwort-43',
};

/** Every personal value and secret the run sends or receives; the tokens join as they are issued. */
const PERSONAL_VALUES = [
  ...Object.values(TICKET_PATIENT),
  ...Object.values(BOOKING_PATIENT),
  TICKET_PHONE,
  BOOKING_PHONE,
  // The numbers without country code or separators, and the addresses' names.
  '6647654321',
  '6609876543',
  'henrike.quellmalz',
  'ottokar.brezelmeier',
  STAFF.display_name,
  'Staffelstein',
  STAFF.username,
  'wilfriede.staffelstein',
  STAFF.password,
  STAFF.newPassword,
];

/** The key of a patient's link: the token of `patient_url` where the answer has one, else the record's id. */
function patientKey(answer: { id: string; patient_url?: string }): string {
  return answer.patient_url ? decodeURIComponent(new URL(answer.patient_url).pathname.split('/').pop() ?? '') : answer.id;
}

describe.each([
  { mode: 'with a mail server and an SMS gateway', delivered: true },
  { mode: 'without (mail and SMS written to the log)', delivered: false },
])('the log of a run $mode', ({ delivered }) => {
  const log = captureLog();
  const secrets: string[] = [];
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  let t: TestApp;
  let user: LoggedUser;
  let accountId: string;
  let userId: string;

  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await startTestApp(
      { drawLimit: { perIp: 100_000, windowSeconds: 600 }, smsUrl: delivered ? sms.url : undefined, ...(delivered ? {} : { smtpUrl: undefined }) },
      { logger: { level: 'trace', stream: log.stream } },
    );
    setNow(t.clock, SPRING.now);
    if (delivered) {
      const admin = await givenVerifiedAdmin(t, { display_name: STAFF.display_name, username: STAFF.username, password: STAFF.password, password_repeat: STAFF.password });
      const verifyLink = linkIn(t.smtp.mails.find((m) => m.to.includes(STAFF.username))?.text ?? '', 'http://wartefrei.test/verify?token=');
      secrets.push(new URL(verifyLink).searchParams.get('token') ?? 'no verify token');
      ({ account_id: accountId, user_id: userId } = admin);
    } else {
      // Without mail an operator makes the account this way (docs/operations.md, "Accounts for self-hosters").
      const created = await createAccountWithAdmin(t.app.ctx, {
        accountName: 'Praxis Log',
        identifier: 'praxis-log',
        displayName: STAFF.display_name,
        username: STAFF.username,
        password: STAFF.password,
        lang: 'de',
        verified: true,
      });
      ({ id: accountId } = created.account);
      ({ id: userId } = created.user);
    }
    user = await logIn(t, STAFF.username, STAFF.password);
    secrets.push(user.token);
  });
  afterAll(async () => {
    await sms.close();
  });

  it('draws a ticket with patient data; the patient opens it and subscribes an SMS; staff search and cancel it', async () => {
    const queueId = await givenOpenQueue(t, accountId, {
      mayActivateSmsNotifications: true,
      patientInputs: { display_name: 'OPTIONAL', first_name: 'OPTIONAL', birth_date: 'OPTIONAL', insurance_number: 'OPTIONAL', mail: 'OPTIONAL', phone: 'OPTIONAL' },
    });
    const drawn = await t.inject({ method: 'POST', url: `/queues/${queueId}/members`, payload: { origin: 'ONLINE', ...TICKET_PATIENT }, remoteAddress: '198.51.100.7' });
    expect(drawn.statusCode).toBe(201);
    const key = patientKey(drawn.json<TicketView & { patient_url?: string }>());
    secrets.push(key);

    expect((await t.inject({ method: 'GET', url: `/members/${key}` })).statusCode).toBe(200);
    await t.inject({ method: 'GET', url: `/ticket/${key}`, headers: { accept: 'text/html' } });
    const subscribed = await t.inject({ method: 'PUT', url: `/members/${key}/alerts`, payload: { sms: { phone: TICKET_PATIENT.phone } } });
    // Without SMS_URL an SMS is refused when asked for; one asked for before (a server that
    // lost its gateway) is still written to the log, masked.
    expect(subscribed.statusCode).toBe(delivered ? 200 : 400);
    if (!delivered) {
      await t.app.ctx.db.insert(alertSubscriptions).values({ accountId, memberId: drawn.json<TicketView>().id, channel: 'SMS', phone: TICKET_PHONE });
      await checkQueueAlerts(t.app.ctx, queueId);
    }
    // Nobody ahead: the alert goes out at once.
    if (delivered) await sms.waitFor(TICKET_PHONE, 1);
    else await log.waitFor(`SMS to ${recipientRef(TICKET_PHONE)}`);

    const searched = await t.inject({ method: 'GET', url: `/queues/${queueId}/members?q=${TICKET_PATIENT.last_name}`, headers: asUser(user) });
    expect(searched.json<unknown[]>()).toHaveLength(1);
    const cancelled = await t.inject({ method: 'POST', url: `/members/${drawn.json<TicketView>().id}/cancel`, headers: asUser(user) });
    expect(cancelled.statusCode).toBe(200);
    if (delivered) await t.smtp.waitForMail(TICKET_PATIENT.mail);
    else await log.waitFor(`mail to ${recipientRef(TICKET_PATIENT.mail)}`);
  });

  it('books an appointment with patient data, mailed and texted; the patient and staff open it', async () => {
    const profileId = await givenProfile(t, accountId, { timeZone: 'Europe/Vienna', country: 'AT', region: '9' });
    const queueId = await givenQueue(t, accountId, { profileId, mayActivateSmsNotifications: true });
    const processor = await givenProcessor(t, accountId, [queueId]);
    secrets.push(processor.token);
    const type = await t.inject({ method: 'POST', url: '/appointment-types', headers: asUser(user), payload: { queue_id: queueId, duration_minutes: 60 } });
    expect(type.statusCode).toBe(201);
    const required_fields = { first_name: 'REQUIRED', last_name: 'REQUIRED', birth_date: 'REQUIRED', insurance_number: 'REQUIRED', mail: 'REQUIRED', phone: 'OPTIONAL' };
    const slot = { profile_id: profileId, processor_id: processor.id, kind: 'WEEK', weekday: 1, start_time: '08:00', end_time: '10:00', required_fields };
    expect((await t.inject({ method: 'POST', url: '/appointment-slots', headers: asUser(user), payload: slot })).statusCode).toBe(201);

    // Texted only where the server sends SMS (without SMS_URL notify_sms is refused).
    const body = bookingBody(type.json<AppointmentType>().id, SPRING.monday8, { ...BOOKING_PATIENT, notify_mail: true, notify_sms: delivered });
    const booked = await t.inject({ method: 'POST', url: '/appointments', payload: body, remoteAddress: '198.51.100.8' });
    expect(booked.statusCode).toBe(201);
    const appointment = booked.json<PatientAppointment & { patient_url?: string }>();
    const key = patientKey(appointment);
    secrets.push(key, appointment.check_in_code);
    if (delivered) await Promise.all([t.smtp.waitForMail(BOOKING_PATIENT.mail), sms.waitFor(BOOKING_PHONE, 1)]);
    else await log.waitFor(`mail to ${recipientRef(BOOKING_PATIENT.mail)}`);

    expect((await t.inject({ method: 'GET', url: `/appointments/${key}` })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/appointments/${key}/calendar.ics` })).statusCode).toBe(200);
    await t.inject({ method: 'GET', url: `/a/${key}`, headers: { accept: 'text/html' } });
    const list = await t.inject({ method: 'GET', url: '/appointments?from=2026-03-30&to=2026-03-30', headers: asUser(user) });
    expect(list.statusCode).toBe(200);

    const feed = await t.inject({ method: 'POST', url: '/calendar/feed', headers: asUser(user) });
    const feedPath = new URL(feed.json<{ url: string }>().url).pathname;
    secrets.push(feedPath.replace(/^\/calendar\//, '').replace(/\.ics$/, ''));
    expect((await t.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
  });

  it('resets a staff password by its mailed token and signs in anew, on the socket too', async () => {
    const since = t.smtp.mails.length;
    expect((await t.inject({ method: 'POST', url: '/password-reset', payload: { username: STAFF.username } })).statusCode).toBe(204);
    let token: string;
    if (delivered) {
      const mail = await t.smtp.waitForMail(STAFF.username, { since });
      token = decodeURIComponent(linkIn(mail.text, 'http://wartefrei.test/passwordReset/').split('/').pop() ?? '');
    } else {
      // The mailed link is masked in the log; the token comes as the mail's would.
      await log.waitFor(`mail to ${recipientRef(STAFF.username)} (no SMTP_URL set, so it is written here, masked): Passwort`);
      token = await issueOneTimeToken(t.app.ctx, t.app.ctx.db, passwordResetTokens, userId, 3600);
    }
    secrets.push(token);
    await t.inject({ method: 'GET', url: `/passwordReset/${encodeURIComponent(token)}`, headers: { accept: 'text/html' } });
    const reset = await t.inject({
      method: 'POST',
      url: `/password-reset/${encodeURIComponent(token)}`,
      payload: { password: STAFF.newPassword, password_repeat: STAFF.newPassword },
    });
    expect(reset.statusCode).toBe(204);
    const again = await logIn(t, STAFF.username, STAFF.newPassword);
    secrets.push(again.token);
    // The socket's sign-in rides in its URL (its request lines are logged at warn only, today).
    await t.inject({ method: 'GET', url: `/ws?username=${encodeURIComponent(STAFF.username)}&token=${again.token}` });
  });

  it('stays signed in by the renewal cookie, and a reused key ends its session (logged, without the key)', async () => {
    const keyOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!.split('.').pop()!;
    const stay = await t.inject({ method: 'POST', url: '/auth/login?stay=cookie', headers: { authorization: basic(STAFF.username, STAFF.newPassword) } });
    expect(stay.statusCode).toBe(200);
    const cookie = String(stay.headers['set-cookie']).split(';')[0]!;
    secrets.push(keyOf(stay), stay.json<LoggedUser>().token);
    const renewal = { cookie, 'x-wartefrei-renewal': 'cookie' };
    const renewed = await t.inject({ method: 'POST', url: '/auth/renew', headers: renewal });
    expect(renewed.statusCode).toBe(200);
    secrets.push(keyOf(renewed), renewed.json<LoggedUser>().token);
    expect((await t.inject({ method: 'POST', url: '/auth/renew', headers: renewal })).statusCode).toBe(401);
    await log.waitFor('renewal key used twice: session ended');
  });

  it('leaves none of the run’s secrets and personal values in the log, and says what it did', async () => {
    await t.close();
    const text = log.text();
    const lower = text.toLowerCase();
    const found = [...PERSONAL_VALUES, ...secrets].filter((value) => lower.includes(value.toLowerCase()));
    expect(found).toEqual([]);
    // Not an empty log: the requests and the messages are there, their keys and recipients masked.
    expect(text).toContain('"url":"/members/*/alerts"');
    expect(text).toContain(`"url":"/queues/`);
    expect(text).toContain('/members?q=*"');
    expect(text).toContain('"url":"/password-reset/*"');
    // The booking is texted only where the server sends SMS.
    const recipients = [TICKET_PATIENT.mail, BOOKING_PATIENT.mail, ...(delivered ? [BOOKING_PHONE] : []), TICKET_PHONE, STAFF.username];
    for (const recipient of recipients) expect(text).toContain(recipientRef(recipient));
    if (!delivered) {
      expect(text).toContain('/ticket/*');
      expect(text).toContain('http://wartefrei.test/a/*');
      expect(text).toContain('http://wartefrei.test/passwordReset/*');
      expect(text).toContain('Hallo *,');
    }
  });
});
