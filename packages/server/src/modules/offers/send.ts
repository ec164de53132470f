import type { z } from 'zod';
import { hashToken } from '../../platform/crypto.js';
import type { JobHandler } from '../../platform/jobs/index.js';
import { smsOffered } from '../../platform/sms-offer.js';
import { mailLogoOf } from '../images/index.js';
import { newLinkToken } from '../patient-links/index.js';
import { findAppointmentWithPlace, findTypeWithLocation } from '../appointments/index.js';
import type { SendPayload } from './jobs.js';
import { offerMail, offerSms } from './message.js';
import { findFreedTime, lockOffer, updateOffer } from './offers.repo.js';

/** The offer page's link (the web route `/offer/:token`). */
export const offerUrl = (publicUrl: string, token: string): string => `${publicUrl}/offer/${token}`;

/*
 * Sends one offer (docs/product.md#wishes-and-offers): the link's token is minted here and only
 * its hash kept; SENT, the time and the channels commit with the job's DONE. A mail or SMS that
 * fails throws: the job is retried and the offer is PENDING again, so the retry mints a new
 * token (the failed one was never stored). The job's key is the offer: never sent twice.
 */
export const sendOffer: JobHandler<z.infer<typeof SendPayload>> = async (ctx, tx, job) => {
  const now = ctx.clock.now();
  const offer = await lockOffer(tx, job.payload.offerId);
  if (!offer || offer.state !== 'PENDING') return 'DONE';
  if (offer.expiresAt.getTime() <= now.getTime()) {
    await updateOffer(tx, offer.id, { state: 'EXPIRED' });
    return 'MISSED';
  }
  const freed = await findFreedTime(tx, offer.freedTimeId);
  const found = await findAppointmentWithPlace(tx, offer.appointmentId);
  const type = found && (await findTypeWithLocation(tx, found.appointment.appointmentTypeId, undefined));
  if (!freed || freed.state !== 'OPEN' || !found || !type) {
    await updateOffer(tx, offer.id, { state: 'LOST', answeredAt: now });
    return 'DONE';
  }
  const row = found.appointment;
  const byMail = row.notifyMail && Boolean(row.mail);
  const bySms = row.notifySms && Boolean(row.phone) && smsOffered(ctx.config, type.smsAllowed);
  const channels = [...(byMail ? ['mail'] : []), ...(bySms ? ['sms'] : [])];
  if (channels.length === 0) {
    await updateOffer(tx, offer.id, { state: 'EXPIRED' });
    return 'MISSED';
  }
  const token = newLinkToken();
  await updateOffer(tx, offer.id, { state: 'SENT', tokenHash: hashToken(token), sentAt: now, channels });
  const message = { found, offeredStart: freed.startAt, expiresAt: offer.expiresAt, url: offerUrl(ctx.config.publicUrl, token) };
  const sending: Promise<unknown>[] = [];
  if (byMail && row.mail) sending.push(ctx.mailer.send({ to: row.mail, ...offerMail(message, await mailLogoOf(ctx, tx, row.queueId)) }));
  // An SMS over its limits is not sent and not retried (platform/sms-limits.ts logs it).
  if (bySms && row.phone) sending.push(ctx.sms.send({ to: row.phone, text: offerSms(message), about: row.id }));
  await Promise.all(sending);
  return 'DONE';
};
