import { pickLanguage, translate } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { findUserById, sendMail } from '../accounts/index.js';

/**
 * Tells a user that their encryption key was replaced (`PUT /encryption/my-key` over an earlier
 * key): if it was not them, a stolen session is about to ask for the practice key with its own.
 * No key, fingerprint or link in it — only what happened and what to do.
 */
export async function mailKeyReplaced(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return;
  const lang = pickLanguage(user.lang);
  await sendMail(ctx, {
    to: user.username,
    lang,
    subject: translate(lang, 'mail', 'key_replaced_subject'),
    greetingName: user.displayName,
    body: translate(lang, 'mail', 'key_replaced_body'),
  });
}
