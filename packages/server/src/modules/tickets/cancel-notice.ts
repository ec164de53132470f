import { SUPPORTED_LANGS, translate, type SupportedLang } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { smsOffered } from '../../platform/sms-offer.js';
import type { ListSettings, MemberRow } from './tickets.repo.js';
import type { AlertTargets } from './alert-view.js';
import { mintLink, ticketUrl } from '../patient-links/index.js';

/** How long a push service may hold the news for a phone that is offline: a day later it is stale. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

const langOf = (member: MemberRow): SupportedLang => ((SUPPORTED_LANGS as readonly string[]).includes(member.lang ?? '') ? (member.lang as SupportedLang) : 'de');

/**
 * Tells a patient that the practice cancelled their ticket, on every channel they gave: mail
 * (their address), and the push subscription and SMS number they gave for "almost your turn"
 * (`targets`, read before the cancel ended them) — SMS only where the list allows SMS and the
 * server sends them. In the ticket's language, each message with a link of its own (only
 * hashes are kept): the ticket page says why. The ticket page learns it live; these reach a
 * patient who closed it. Sent after the commit and not awaited by the request: a slow or
 * failing mail server, gateway or push service never delays the processor's click.
 */
export function notifyCancelled(ctx: AppContext, member: MemberRow, list: Pick<ListSettings, 'name' | 'mayActivateSmsNotifications'> | undefined, targets: AlertTargets): void {
  const lang = langOf(member);
  const listName = list?.name ?? '';
  const link = async () => ticketUrl(ctx.config.publicUrl, await mintLink(ctx.db, { memberId: member.id }, ctx.clock.now()));
  const fail = (channel: string) => (error: unknown) => {
    ctx.log.error({ err: error, memberId: member.id, channel }, 'ticket cancellation notice could not be delivered');
  };
  if (member.mail) sendMail(ctx, member, member.mail, lang, listName, link).catch(fail('MAIL'));
  const smsPhone = targets.smsPhone;
  if (smsPhone && smsOffered(ctx.config, list?.mayActivateSmsNotifications ?? false)) {
    // An SMS over its limits is not sent (platform/sms-limits.ts logs it).
    (async () => {
      const text = translate(lang, 'mail', 'ticket_cancelled_sms', [listName, member.number, await link()]);
      await ctx.sms.send({ to: smsPhone, text, about: member.id });
    })().catch(fail('SMS'));
  }
  const push = targets.push;
  if (push) {
    (async () => {
      const payload = JSON.stringify({
        title: translate(lang, 'mail', 'ticket_cancelled_push_title', [listName]),
        body: translate(lang, 'mail', 'ticket_cancelled_push', [member.number]),
        url: await link(),
        tag: `wartefrei-${member.id}`,
        lang,
      });
      await ctx.push.send({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth }, payload, ttlSeconds: PUSH_TTL_SECONDS });
    })().catch(fail('PUSH'));
  }
}

async function sendMail(ctx: AppContext, member: MemberRow, to: string, lang: SupportedLang, queueName: string, link: () => Promise<string>): Promise<void> {
  const name = member.displayName ?? ([member.firstName, member.lastName].filter(Boolean).join(' ') || undefined);
  const text = [
    name ? translate(lang, 'mail', 'greeting', [name]) : translate(lang, 'mail', 'greeting_anonymous'),
    '',
    translate(lang, 'mail', 'ticket_cancelled_body', [member.number, queueName, await link()]),
    '',
    translate(lang, 'mail', 'signoff'),
  ].join('\n');
  // What names the patient is masked where the mail is only logged (no SMTP_URL).
  const confidential = [name, member.firstName, member.lastName];
  await ctx.mailer.send({ to, subject: translate(lang, 'mail', 'ticket_cancelled_subject'), text, confidential });
}
