import { pickLanguage, translate } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hitOrRefuse, type RateLimiter } from '../../platform/rate-limit.js';
import { endSessions } from '../../platform/sign-in-sessions.js';
import { findAccountById, issueOneTimeToken, passwordResetTokens, refuseOnDemo, sendMail, sendPasswordResetMail } from '../accounts/index.js';
import { findProcessor, type ProcessorRow } from './processors.repo.js';

/** How long the invitation link works; afterwards "forgot password" sends a fresh one. */
export const INVITE_TOKEN_SECONDS = 7 * 24 * 3600;

/** Mails an admin may send to one processor, invitations and resets together, per hour. */
export const PROCESSOR_MAILS_PER_HOUR = 3;

/** Invited and not yet accepted: no password set and no Microsoft account bound (either is a sign-in). */
export const invitationPending = (row: Pick<ProcessorRow, 'passwordHash' | 'microsoftOid'>): boolean => row.passwordHash === null && row.microsoftOid === null;

/** The invitation in the processor's language, naming the practice and the inviting admin. */
export async function sendInvitation(ctx: AppContext, actor: Actor, processor: ProcessorRow, secret: string): Promise<void> {
  const account = await findAccountById(ctx.db, actor.accountId);
  const inviter = await findProcessor(ctx.db, actor.accountId, actor.userId);
  const lang = pickLanguage(processor.lang);
  const practice = account?.displayName ?? '';
  const link = `${ctx.config.publicUrl}/passwordReset/${encodeURIComponent(secret)}`;
  await sendMail(ctx, {
    to: processor.username,
    lang,
    subject: translate(lang, 'mail', 'invite_subject', [practice]),
    greetingName: processor.displayName,
    body: translate(lang, 'mail', 'invite_body', [inviter?.displayName ?? '', practice, processor.username, link]),
    confidential: inviter ? [inviter.displayName] : [],
  });
}

/**
 * The admin's processor of the account (a foreign or unknown id is a 404), counted against the
 * mail limit only once it is theirs: another practice cannot use up a processor's mails.
 */
async function processorForMail(ctx: AppContext, actor: Actor, id: string, limiter: RateLimiter): Promise<ProcessorRow> {
  if (!actor.isAdmin) throw new AppError('FORBIDDEN');
  const row = await findProcessor(ctx.db, actor.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  // The public demo sends no mail: its processor's address is nobody's.
  await refuseOnDemo(ctx.db, actor.accountId);
  await hitOrRefuse(limiter, row.id, ctx.clock.now());
  return row;
}

/**
 * `POST /processors/{id}/invitation`: a fresh invitation link (seven days) by mail, for a processor
 * who has not accepted yet — the first mail went astray or its link expired. The earlier links
 * keep working until the password is set, which ends them all.
 */
export async function resendInvitation(ctx: AppContext, actor: Actor, id: string, limiter: RateLimiter): Promise<void> {
  const row = await processorForMail(ctx, actor, id, limiter);
  if (!invitationPending(row)) throw new AppError('INVITATION_ACCEPTED');
  const secret = await issueOneTimeToken(ctx, ctx.db, passwordResetTokens, row.id, INVITE_TOKEN_SECONDS);
  await sendInvitation(ctx, actor, row, secret);
}

/**
 * `POST /processors/{id}/password-reset`: the "forgot password" mail, sent by an admin for a
 * processor who has signed in before. Their sessions end at once (docs/security.md#sessions: an
 * admin resets a member whose device was lost or whose session may be someone else's); the
 * password stays until the processor follows the link: the admin never sees or sets one.
 */
export async function sendProcessorPasswordReset(ctx: AppContext, actor: Actor, id: string, limiter: RateLimiter): Promise<void> {
  const row = await processorForMail(ctx, actor, id, limiter);
  if (invitationPending(row)) throw new AppError('INVITATION_PENDING');
  // An admin resetting themselves keeps the session they do it from.
  await endSessions(ctx.db, row.id, row.id === actor.userId ? { except: actor.sessionId } : { all: true });
  await sendPasswordResetMail(ctx, row);
}
