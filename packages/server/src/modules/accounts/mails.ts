import { translate, type SupportedLang } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';

interface AccountMail {
  to: string;
  lang: SupportedLang;
  subject: string;
  greetingName: string;
  body: string;
}

/**
 * Sends an account mail with greeting and sign-off. A failed delivery is logged with the
 * recipient and does not undo what the request already committed.
 */
export async function sendMail(ctx: AppContext, mail: AccountMail): Promise<void> {
  const text = [
    translate(mail.lang, 'mail', 'greeting', [mail.greetingName]),
    '',
    mail.body,
    '',
    translate(mail.lang, 'mail', 'signoff'),
  ].join('\n');
  try {
    await ctx.mailer.send({ to: mail.to, subject: mail.subject, text });
  } catch (error) {
    ctx.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be delivered');
  }
}
