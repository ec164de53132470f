import {
  hasMeaningfulCharacters,
  isRefusedIdentifier,
  pickLanguage,
  sanitizeIdentifier,
  translate,
  TRIAL_DAYS,
  type SignupInput,
  type SignupResult,
  type SupportedLang,
} from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import type { accounts, users } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isUniqueViolation, violatedConstraint, type FieldProblem } from '../../platform/errors.js';
import { hashPasswords, type PasswordHashes } from '../../platform/passwords.js';
import {
  countOneTimeTokensSince,
  findAccountById,
  findUserById,
  findUserByUsername,
  insertAccount,
  insertUser,
  isAccountIdentifierTaken,
  markUserVerified,
  signupTokens,
} from './accounts.repo.js';
import { issueOneTimeToken, redeemOneTimeToken } from './one-time-tokens.js';
import { sendMail } from './mails.js';
import { accountHooks } from './hooks.js';

type AccountRow = typeof accounts.$inferSelect;
type UserRow = typeof users.$inferSelect;

export const VERIFY_TOKEN_SECONDS = 48 * 3600;

/** Sanitises an account identifier and refuses one that is empty or shadows a route. */
export function checkAccountIdentifier(raw: string): { identifier: string; problem?: FieldProblem } {
  const identifier = sanitizeIdentifier(raw);
  if (!hasMeaningfulCharacters(identifier)) return { identifier, problem: 'IDENTIFIER_INVALID' };
  if (isRefusedIdentifier(identifier)) return { identifier, problem: 'IDENTIFIER_RESERVED' };
  return { identifier };
}

/** Maps a unique violation on sign-up to the field the user has to change. */
function uniqueViolationFields(error: unknown): Record<string, FieldProblem> | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = violatedConstraint(error) ?? '';
  if (constraint.startsWith('accounts_identifier')) return { account_identifier: 'IDENTIFIER_IN_USE' };
  if (constraint.startsWith('users_username')) return { username: 'MAIL_IN_USE' };
  return undefined;
}

interface NewAccount {
  accountName: string;
  identifier: string;
  displayName: string;
  username: string;
  password: string;
  lang: SupportedLang;
  verified: boolean;
}

/**
 * Creates an account and its first admin: in its trial where payment is configured, else
 * payment-exempt (a self-hosted server has nobody to pay). The friendly pre-check reports both
 * taken fields at once; the unique indexes decide races between two sign-ups.
 */
export async function createAccountWithAdmin(
  ctx: AppContext,
  input: NewAccount,
  alsoInTransaction?: (tx: Transaction, created: { account: AccountRow; user: UserRow }) => Promise<void>,
) {
  const fields: Record<string, FieldProblem> = {};
  if (await isAccountIdentifierTaken(ctx.db, input.identifier)) fields.account_identifier = 'IDENTIFIER_IN_USE';
  if (await findUserByUsername(ctx.db, input.username)) fields.username = 'MAIL_IN_USE';
  if (Object.keys(fields).length > 0) throw new AppError('UNIQUE', { fields });

  const hashes = await hashPasswords(input.password);
  try {
    return await ctx.db.transaction((tx) => insertAccountWithAdmin(ctx, tx, input, hashes, alsoInTransaction));
  } catch (error) {
    const conflict = uniqueViolationFields(error);
    if (conflict) throw new AppError('UNIQUE', { fields: conflict });
    throw error;
  }
}

/** `POST /signup`: creates the account and mails the verification link. */
export async function signUp(ctx: AppContext, input: SignupInput, lang: SupportedLang): Promise<SignupResult> {
  const { identifier, problem } = checkAccountIdentifier(input.account_identifier);
  if (problem) throw new AppError('VALIDATION', { fields: { account_identifier: problem } });
  const { account, user, verifyToken } = await createAccountWithAdmin(ctx, {
    accountName: input.account_name,
    identifier,
    displayName: input.display_name,
    username: input.username,
    password: input.password,
    lang,
    verified: false,
  });
  await mailVerifyLink(ctx, user, account.displayName, lang, verifyToken ?? '');
  return { account_id: account.id, user_id: user.id, username: user.username };
}

/** Confirmation mails per address and hour, as for password resets: the form cannot flood a mailbox. */
export const VERIFY_MAILS_PER_HOUR = 5;

/** The confirmation mail with its link, in the user's language. */
async function mailVerifyLink(ctx: AppContext, user: { username: string; displayName: string }, accountName: string, lang: SupportedLang, token: string) {
  const link = `${ctx.config.publicUrl}/verify?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, {
    to: user.username,
    lang,
    subject: translate(lang, 'mail', 'verify_subject'),
    greetingName: user.displayName,
    body: translate(lang, 'mail', 'verify_body', [accountName, link]),
  });
}

/**
 * `POST /verify/resend`: a new confirmation link for a sign-up not yet confirmed. The caller
 * always gets 204 and the mail goes out after the answer, so neither tells whether the address
 * is registered or already confirmed (as `POST /password-reset`).
 */
export function resendVerification(ctx: AppContext, username: string): void {
  const work = async () => {
    const user = await findUserByUsername(ctx.db, username);
    if (!user || user.verified) return;
    const hourAgo = new Date(ctx.clock.now().getTime() - 3600_000);
    if ((await countOneTimeTokensSince(ctx.db, signupTokens, user.id, hourAgo)) >= VERIFY_MAILS_PER_HOUR) {
      ctx.log.warn({ userId: user.id }, 'confirmation mails limited for this address this hour');
      return;
    }
    const account = await findAccountById(ctx.db, user.accountId);
    const token = await issueOneTimeToken(ctx, ctx.db, signupTokens, user.id, VERIFY_TOKEN_SECONDS);
    await mailVerifyLink(ctx, user, account?.displayName ?? '', pickLanguage(user.lang), token);
  };
  work().catch((error: unknown) => ctx.log.error({ err: error }, 'resending the confirmation mail failed'));
}

/** `POST /verify`: activates the admin behind a verification link, once. */
export async function verifySignup(ctx: AppContext, token: string): Promise<{ verified: true; username: string }> {
  return ctx.db.transaction(async (tx) => {
    const used = await redeemOneTimeToken(ctx, tx, signupTokens, token);
    await markUserVerified(tx, used.userId);
    const user = await findUserById(tx, used.userId);
    return { verified: true as const, username: user?.username ?? '' };
  });
}

/**
 * The writes of `createAccountWithAdmin` inside a transaction the caller holds (the demo's
 * nightly reset runs in its job's transaction); the unique indexes still refuse a taken name.
 */
export async function insertAccountWithAdmin(
  ctx: AppContext,
  tx: Transaction,
  input: NewAccount,
  hashes: PasswordHashes,
  alsoInTransaction?: (tx: Transaction, created: { account: AccountRow; user: UserRow }) => Promise<void>,
) {
  const subscription = ctx.config.paymentConfigured
    ? { subscriptionState: 'trial' as const, trialEnd: new Date(ctx.clock.now().getTime() + TRIAL_DAYS * 24 * 3600 * 1000) }
    : { subscriptionState: 'paymentExempt' as const, trialEnd: null };
  const account = await insertAccount(tx, {
    identifier: input.identifier,
    displayName: input.accountName,
    ...subscription,
  });
  if (subscription.trialEnd) await ctx.hooks.of(accountHooks.trialStarted)(tx, account.id, subscription.trialEnd);
  const user = await insertUser(tx, {
    accountId: account.id,
    username: input.username,
    displayName: input.displayName,
    ...hashes,
    isAdmin: true,
    lang: input.lang,
    verified: input.verified,
  });
  const verifyToken = input.verified ? undefined : await issueOneTimeToken(ctx, tx, signupTokens, user.id, VERIFY_TOKEN_SECONDS);
  await alsoInTransaction?.(tx, { account, user });
  return { account, user, verifyToken };
}
