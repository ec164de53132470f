import { pickLanguage, translate, type PasswordResetInput } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { hashPasswords } from '../../platform/passwords.js';
import { endSessions } from '../../platform/sign-in-sessions.js';
import { countOneTimeTokensSince, findUserByUsername, passwordResetTokens, setUserPassword } from './accounts.repo.js';
import { issueOneTimeToken, redeemOneTimeToken } from './one-time-tokens.js';
import { sendMail } from './mails.js';
import { accountHooks } from './hooks.js';
import { isDemoAccount } from './demo-account.js';

export const RESET_TOKEN_SECONDS = 3600;
/**
 * At most this many reset mails per address and hour, so the form cannot flood a mailbox. The
 * caller still gets 204 (no hint that the limit, or the address, exists). Two requests at the
 * same instant may both pass the count: the bound is soft by a mail or two, which is enough.
 */
export const RESET_MAILS_PER_HOUR = 5;

/**
 * `POST /password-reset`: mails a reset link when the username exists. The caller always gets
 * 204 and the mail goes out after the answer, so neither content nor timing tells whether an
 * address is registered.
 */
export function requestPasswordReset(ctx: AppContext, username: string): void {
  const work = async () => {
    const user = await findUserByUsername(ctx.db, username);
    // The demo's published logins get no mail: a reset would hand its password to whoever asked.
    if (!user || (await isDemoAccount(ctx.db, user.accountId))) return;
    const hourAgo = new Date(ctx.clock.now().getTime() - 3600_000);
    if ((await countOneTimeTokensSince(ctx.db, passwordResetTokens, user.id, hourAgo)) >= RESET_MAILS_PER_HOUR) {
      ctx.log.warn({ userId: user.id }, 'password reset mails limited for this address this hour');
      return;
    }
    await sendPasswordResetMail(ctx, user);
  };
  work().catch((error: unknown) => ctx.log.error({ err: error }, 'password reset request failed'));
}

/**
 * The reset mail itself, in the user's language, with a new link (an hour, spent once): for the
 * form above and for an admin who sends it to a processor (modules/processors).
 */
export async function sendPasswordResetMail(ctx: AppContext, user: { id: string; username: string; displayName: string; lang: string | null }): Promise<void> {
  const secret = await issueOneTimeToken(ctx, ctx.db, passwordResetTokens, user.id, RESET_TOKEN_SECONDS);
  const lang = pickLanguage(user.lang);
  await sendMail(ctx, {
    to: user.username,
    lang,
    subject: translate(lang, 'mail', 'reset_subject'),
    greetingName: user.displayName,
    body: translate(lang, 'mail', 'reset_body', [`${ctx.config.publicUrl}/passwordReset/${encodeURIComponent(secret)}`]),
  });
}

/**
 * A reset link for the operator to hand over (`npm run admin -- reset-link`): for a server without
 * mail, whose mails are only logged with their links masked. Undefined for an unknown username.
 * Like a mailed one it lives an hour, is spent once and dies with the next new password.
 */
export async function issueResetLink(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, username: string): Promise<string | undefined> {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) return undefined;
  const secret = await issueOneTimeToken(ctx, ctx.db, passwordResetTokens, user.id, RESET_TOKEN_SECONDS);
  return `${ctx.config.publicUrl}/passwordReset/${encodeURIComponent(secret)}`;
}

/**
 * `POST /password-reset/{token}`: sets the new password once and ends every open login, and
 * every other reset or invitation link of the user (`setUserPassword`).
 */
export async function resetPassword(ctx: AppContext, token: string, input: PasswordResetInput): Promise<void> {
  const hashes = await hashPasswords(input.password);
  await ctx.db.transaction(async (tx) => {
    const used = await redeemOneTimeToken(ctx, tx, passwordResetTokens, token);
    // Whoever could open the reset mail owns the address: that verifies it as well.
    await setUserPassword(tx, used.userId, hashes, ctx.clock.now(), { verified: true });
    await endSessions(tx, used.userId, { all: true });
    await ctx.hooks.of(accountHooks.passwordReplaced)(tx, used.userId);
  });
}
