import { SUPPORTED_LANGS, translate, type SupportedLang } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import type { MemberRow } from './tickets.repo.js';

const langOf = (member: MemberRow): SupportedLang =>
  (SUPPORTED_LANGS as readonly string[]).includes(member.lang ?? '') ? (member.lang as SupportedLang) : 'de';

/**
 * Tells a patient who left a mail address that the practice cancelled their ticket (the ticket
 * page learns it live; the mail reaches one who closed it). Sent after the commit and not
 * awaited by the request: a slow or failing mail server never delays the processor's click.
 */
export function notifyCancelled(ctx: AppContext, member: MemberRow, queueName: string): void {
  if (!member.mail) return;
  const lang = langOf(member);
  const name = member.displayName ?? ([member.firstName, member.lastName].filter(Boolean).join(' ') || undefined);
  const text = [
    name ? translate(lang, 'mail', 'greeting', [name]) : translate(lang, 'mail', 'greeting_anonymous'),
    '',
    translate(lang, 'mail', 'ticket_cancelled_body', [member.number, queueName, `${ctx.config.publicUrl}/t/${member.id}`]),
    '',
    translate(lang, 'mail', 'signoff'),
  ].join('\n');
  const subject = translate(lang, 'mail', 'ticket_cancelled_subject');
  const confidential = [name, member.firstName, member.lastName];
  ctx.mailer.send({ to: member.mail, subject, text, confidential }).catch((error: unknown) => {
    ctx.log.error({ err: error, memberId: member.id }, 'ticket cancellation mail could not be delivered');
  });
}
