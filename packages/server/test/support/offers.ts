import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PatientAppointment } from '@wartefrei/shared';
import { appointmentOffers, appointmentTypes, freedTimes, profiles } from '../../src/db/schema/index.js';
import { runDueJobs } from '../../src/platform/jobs/index.js';
import type { TestApp } from './test-app.js';
import { bookingBody } from './appointments.js';
import { linkKey } from './tickets.js';

/*
 * Earlier appointments in tests (modules/offers): bookings that wait for an earlier time, the
 * offers the jobs make of freed times, and the offer links read back from the real mails.
 */

let mailbox = 0;
/** A mail address of its own per patient: their mails are easy to find. */
export const newAddress = () => `wartende-${mailbox++}@example.com`;

/** A patient's booking (their own address unless given); `earlier` asks for an earlier time with it. */
export async function book(t: TestApp, typeId: string, start: string, overrides: Record<string, unknown> = {}): Promise<PatientAppointment & { address: string }> {
  const address = typeof overrides.mail === 'string' ? overrides.mail : newAddress();
  const res = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(typeId, start, { mail: address, ...overrides }) });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<PatientAppointment>(), address };
}

/** `PUT /appointments/{token}/earlier` by the patient's link. */
export async function askEarlier(t: TestApp, booked: { patient_url?: string | undefined }, wish: Record<string, unknown> = {}): Promise<PatientAppointment> {
  const res = await t.inject({ method: 'PUT', url: `/appointments/${linkKey(booked)}/earlier`, payload: wish });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PatientAppointment>();
}

export const cancelByPatient = async (t: TestApp, booked: { patient_url?: string | undefined }) => {
  const res = await t.inject({ method: 'POST', url: `/appointments/${linkKey(booked)}/cancel` });
  expect(res.statusCode, res.body).toBe(200);
};

/** Runs what is due now, as a job runner node does. */
export const runJobs = (t: TestApp, runnerId = 'runner-a') => runDueJobs(t.app.ctx, { runnerId });

/** The token of the offer link (`…/offer/{token}`) in a mail's or an SMS's text. */
export function offerKeyIn(text: string | undefined): string {
  const token = /\/offer\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(text ?? '')?.[1];
  if (!token) throw new Error(`no offer link in ${JSON.stringify(text)}`);
  return token;
}

/** The offer mails that reached an address so far (the mailer is done once the job is). */
export const offerMailsTo = (t: TestApp, address: string) => t.smtp.mails.filter((m) => m.to.includes(address) && /\/offer\//.test(m.text));

/** The one offer mail to an address (fails if there is none or more than one). */
export function theOfferMailTo(t: TestApp, address: string) {
  const mails = offerMailsTo(t, address);
  expect(mails, `offer mails to ${address}`).toHaveLength(1);
  return mails[0]!;
}

/** The freed times of a type, by start. */
export const freedTimesOf = (t: TestApp, typeId: string) =>
  t.app.ctx.db.select().from(freedTimes).where(eq(freedTimes.appointmentTypeId, typeId)).orderBy(asc(freedTimes.startAt), asc(freedTimes.freedAt));

/** The offers of a freed time: to which appointment, in which round and state. */
export const offersOf = async (t: TestApp, freedTimeId: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(appointmentOffers)
      .where(and(eq(appointmentOffers.freedTimeId, freedTimeId)))
      .orderBy(asc(appointmentOffers.round), asc(appointmentOffers.createdAt))
  ).map((offer) => ({ appointmentId: offer.appointmentId, round: offer.round, state: offer.state }));

/** Sets the type's offer settings (the API's mapping of them is another part's). */
export async function setOffers(t: TestApp, typeId: string, settings: { offerCount?: number; offerMinutes?: number }): Promise<void> {
  await t.app.ctx.db.update(appointmentTypes).set(settings).where(eq(appointmentTypes.id, typeId));
}

export async function setQuietHours(t: TestApp, profileId: string, start: string, end: string): Promise<void> {
  await t.app.ctx.db.update(profiles).set({ quietHoursStart: start, quietHoursEnd: end }).where(eq(profiles.id, profileId));
}

/** `GET /appointment-offers/{token}` or an answer to it. */
export const offerRequest = (t: TestApp, token: string, action?: 'accept' | 'decline') =>
  t.inject({ method: action ? 'POST' : 'GET', url: `/appointment-offers/${token}${action ? `/${action}` : ''}` });
