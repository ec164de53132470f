import { SUPPORTED_LANGS, translate, type SupportedLang } from '@wartefrei/shared';
import { renderHtmlMail, type HtmlMail } from '../../platform/mail-html.js';
import { appointmentDetails, placeOf, spokenTime, type AppointmentWithPlace } from '../appointments/index.js';

/*
 * The offer as the patient reads it (docs/product.md#wishes-and-offers), in their language (the
 * texts of `offer_mail`, German and English; other languages fall back to German): which time,
 * until when, the link that takes it — and that doing nothing keeps their appointment.
 */

export interface OfferMessage {
  found: AppointmentWithPlace;
  offeredStart: Date;
  expiresAt: Date;
  url: string;
}

export const langOf = (lang: string | null): SupportedLang => ((SUPPORTED_LANGS as readonly string[]).includes(lang ?? '') ? (lang as SupportedLang) : 'de');

export function offerMail(message: OfferMessage, logo: HtmlMail['logo']) {
  const { found, url } = message;
  const row = found.appointment;
  const lang = langOf(row.lang);
  const tz = found.location.timeZone;
  const m = (key: string, args: (string | number)[] = []) => translate(lang, 'offer_mail', key, args);
  const mail = (key: string, args: (string | number)[] = []) => translate(lang, 'mail', key, args);
  const offered = spokenTime(message.offeredStart, tz, lang);
  const until = spokenTime(message.expiresAt, tz, lang);
  const place = placeOf(found.location);
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  const greeting = name ? mail('greeting', [name]) : mail('greeting_anonymous');
  const subject = m('subject', [found.typeName]);
  const body = m('body', [found.typeName, spokenTime(row.startAt, tz, lang), offered, place, until, url]);
  const html = renderHtmlMail({
    lang,
    title: subject,
    greeting,
    paragraphs: body.split('\n\n'),
    action: { label: m('button'), url },
    details: [...appointmentDetails(lang, found.typeName, offered, place), [m('detail_until'), until]],
    signoff: mail('signoff'),
    logo,
  });
  return {
    subject,
    text: [greeting, '', body, '', mail('signoff')].join('\n'),
    // What the log must not show if the mail is written there: whom it greets.
    confidential: [name, row.firstName, row.lastName],
    html,
  };
}

export function offerSms(message: OfferMessage): string {
  const { found } = message;
  const lang = langOf(found.appointment.lang);
  const tz = found.location.timeZone;
  return translate(lang, 'offer_mail', 'sms', [
    found.location.name,
    found.typeName,
    spokenTime(message.offeredStart, tz, lang),
    spokenTime(message.expiresAt, tz, lang),
    message.url,
  ]);
}
