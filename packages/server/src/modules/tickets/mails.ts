import { SUPPORTED_LANGS, translate, type SupportedLang } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import type { MemberRow } from './tickets.repo.js';
import { mintLink, ticketUrl } from '../patient-links/index.js';

const langOf = (member: MemberRow): SupportedLang =>
  (SUPPORTED_LANGS as readonly string[]).includes(member.lang ?? '') ? (member.lang as SupportedLang) : 'de';

/**
 * Tells a patient who left a mail address that the practice cancelled their ticket (the ticket
 * page learns it live; the mail reaches one who closed it). Sent after the commit and not
 * awaited by the request: a slow or failing mail server never delays the processor's click.
 */
export function notifyCancelled(ctx: AppContext, member: MemberRow, queueName: string): void {
  if (!member.mail) return;
  const to = member.mail;
  const lang = langOf(member);
  const name = member.displayName ?? ([member.firstName, member.lastName].filter(Boolean).join(' ') || undefined);
  const send = async () => {
    // A link of its own (only hashes are kept): the patient sees the ticket page say why.
    const link = ticketUrl(ctx.config.publicUrl, await mintLink(ctx.db, { memberId: member.id }, ctx.clock.now()));
    const text = [
      name ? translate(lang, 'mail', 'greeting', [name]) : translate(lang, 'mail', 'greeting_anonymous'),
      '',
      translate(lang, 'mail', 'ticket_cancelled_body', [member.number, queueName, link]),
      '',
      translate(lang, 'mail', 'signoff'),
    ].join('\n');
    // What names the patient is masked where the mail is only logged (no SMTP_URL).
    const confidential = [name, member.firstName, member.lastName];
    await ctx.mailer.send({ to, subject: translate(lang, 'mail', 'ticket_cancelled_subject'), text, confidential });
  };
  send().catch((error: unknown) => {
    ctx.log.error({ err: error, memberId: member.id }, 'ticket cancellation mail could not be delivered');
  });
}
