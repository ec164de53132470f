import { translate, type SupportedLang } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { recipientRef } from '../../platform/log-redaction.js';

interface AccountMail {
  to: string;
  lang: SupportedLang;
  subject: string;
  greetingName: string;
  body: string;
  /** Further names in the body (an inviting admin's), masked where the mail is logged; the greeted name always is. */
  confidential?: string[];
}

/**
 * Sends an account mail with greeting and sign-off. A failed delivery is logged with the
 * recipient's hash and does not undo what the request already committed.
 */
export async function sendMail(ctx: AppContext, mail: AccountMail): Promise<void> {
  const text = [translate(mail.lang, 'mail', 'greeting', [mail.greetingName]), '', mail.body, '', translate(mail.lang, 'mail', 'signoff')].join('\n');
  try {
    await ctx.mailer.send({ to: mail.to, subject: mail.subject, text, confidential: [mail.greetingName, ...(mail.confidential ?? [])] });
  } catch (error) {
    ctx.log.error({ err: error, recipient: recipientRef(mail.to), subject: mail.subject }, 'mail could not be delivered');
  }
}
