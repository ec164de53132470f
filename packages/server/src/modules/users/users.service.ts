import type { ChangeOwnPasswordInput, LoggedUser, UpdateOwnProfileInput } from '@wartefrei/shared';
import { parseBasicAuth, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPasswords, verifyPassword } from '../../platform/passwords.js';
import { endSessions } from '../../platform/sign-in-sessions.js';
import { refuseOnDemo, setUserPassword } from '../accounts/index.js';
import { assertLoginAllowed, findLoginTokenById, presentLoggedUser, recordLoginFailure } from '../auth/index.js';
import { findUserById, updateUser, type UserRow } from './users.repo.js';

/**
 * The user as `GET /auth` shows them, with the token the caller signed this request with: the
 * client stores the answer as its logged user, so the session goes on unchanged.
 */
async function presentWithCallersToken(ctx: AppContext, actor: Actor, authorization: string | undefined, user: UserRow): Promise<LoggedUser> {
  const secret = parseBasicAuth(authorization)?.secret;
  const token = await findLoginTokenById(ctx.db, actor.tokenId);
  // Both were checked by requireUser a moment ago; gone now means a parallel logout.
  if (!secret || !token) throw new AppError('UNAUTHORIZED');
  return presentLoggedUser(user, secret, token.validUntil);
}

/** `PATCH /users/me`: changes the caller's own display name and language. */
export async function updateOwnProfile(ctx: AppContext, actor: Actor, authorization: string | undefined, input: UpdateOwnProfileInput): Promise<LoggedUser> {
  const values: Partial<Pick<UserRow, 'displayName' | 'lang' | 'tutorialDismissedAt'>> = {};
  if (input.display_name !== undefined) values.displayName = input.display_name;
  if (input.lang !== undefined) values.lang = input.lang;
  if (input.tutorial_dismissed !== undefined) values.tutorialDismissedAt = input.tutorial_dismissed ? ctx.clock.now() : null;
  const user = Object.keys(values).length > 0 ? await updateUser(ctx.db, actor.userId, values) : await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return presentWithCallersToken(ctx, actor, authorization, user);
}

/**
 * `POST /users/me/password`: a new password for the caller, proven by the current one. Every
 * other session of the user ends (a stolen session does not outlive the change; this one stays),
 * and so does every reset or invitation link still open (an old mail must not undo the change).
 * Wrong current passwords count as failed sign-ins, so a stolen session cannot guess it freely.
 */
export async function changeOwnPassword(ctx: AppContext, actor: Actor, input: ChangeOwnPasswordInput, ip: string): Promise<void> {
  await refuseOnDemo(ctx.db, actor.accountId);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const username = user.username.toLowerCase();
  await assertLoginAllowed(ctx, username, ip);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    await recordLoginFailure(ctx, username, ip);
    throw new AppError('VALIDATION', { fields: { current_password: 'PASSWORD_WRONG' } });
  }
  const hashes = await hashPasswords(input.password);
  await ctx.db.transaction(async (tx) => {
    await setUserPassword(tx, user.id, hashes, ctx.clock.now());
    await endSessions(tx, user.id, { except: actor.sessionId });
  });
}
