import type { ChallengeKind, PasskeySignInInput, PasskeySignInOptions, SecondFactorLoginInput } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { hashToken, newSecretToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { users } from '../../db/schema/index.js';
import { findUserById } from '../accounts/index.js';
import { assertLoginAllowed, recordLoginFailure } from './login-limiter.js';
import { CHALLENGE_MINUTES, passkeyRequestOptions, passkeySignInOptions, verifyPasskeyAssertion } from './passkeys.js';
import { hashRecoveryCode, isTotpCode } from './recovery-codes.js';
import {
  activeFactorsOfUser,
  claimTotpStep,
  countChallengeFailure,
  findLiveChallenge,
  hasUnusedRecoveryCodes,
  insertChallenge,
  pruneChallenges,
  spendChallenge,
  spendRecoveryCode,
} from './second-factors.repo.js';
import type { SignedIn } from './renewal-cookie.js';
import { issueTokens, type SignInMeta, type StayMode } from './sign-in.js';
import { matchingTotpStep } from './totp.js';

type UserRow = typeof users.$inferSelect;

/** What a login asked for (`ttl`, `stay`), kept in its challenge until the second step answers it. */
export interface LoginAsked {
  ttl: number;
  stay: StayMode;
}

const storedStay = (stay: StayMode) => (stay === 'cookie' ? 'cookie' : stay ? 'body' : 'no');
const stayOfStored = (stored: 'no' | 'body' | 'cookie'): StayMode => (stored === 'cookie' ? 'cookie' : stored === 'body');

/**
 * After a right password: a user with an active second factor gets no token yet but 401
 * SECOND_FACTOR_REQUIRED with a challenge (its hash stored, five minutes, the login's
 * `ttl`/`stay` kept in its row), what may answer it, and for passkeys the WebAuthn options.
 */
export async function startSecondStepIfNeeded(ctx: AppContext, user: UserRow, login: LoginAsked): Promise<void> {
  const factors = await activeFactorsOfUser(ctx.db, user.id);
  if (factors.length === 0) return;
  const passkeys = factors.filter((f) => f.kind === 'PASSKEY');
  const kinds: ChallengeKind[] = [];
  if (factors.some((f) => f.kind === 'TOTP')) kinds.push('TOTP');
  if (passkeys.length > 0) kinds.push('PASSKEY');
  if (await hasUnusedRecoveryCodes(ctx.db, user.id)) kinds.push('RECOVERY_CODE');
  const options = passkeys.length > 0 ? await passkeyRequestOptions(ctx, passkeys) : undefined;

  const challenge = newSecretToken();
  const now = ctx.clock.now();
  await pruneChallenges(ctx.db, now);
  await insertChallenge(ctx.db, {
    purpose: 'login',
    challengeHash: hashToken(challenge),
    userId: user.id,
    webauthnChallenge: options?.challenge,
    ttlSeconds: login.ttl,
    stay: storedStay(login.stay),
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
    createdAt: now,
  });
  throw new AppError('SECOND_FACTOR_REQUIRED', { secondFactor: { challenge, kinds, ...(options ? { passkey_options: { ...options } } : {}) } });
}

/** A six-digit code against each of the user's TOTPs; each time step is taken once per factor (replay refused). */
async function acceptTotp(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  for (const factor of await activeFactorsOfUser(ctx.db, userId)) {
    if (factor.kind !== 'TOTP' || !factor.totpSecret) continue;
    const step = matchingTotpStep(factor.totpSecret, code, now);
    if (step !== undefined && (await claimTotpStep(ctx.db, factor.id, step, now))) return true;
  }
  return false;
}

/**
 * `POST /auth/login/second-factor`: a TOTP code, a recovery code or a passkey's assertion for
 * a live challenge answers what the login would have (same `ttl`/`stay`). A wrong answer counts
 * against the challenge (the fifth ends it) and as a failed sign-in of the user.
 */
export async function answerSecondStep(ctx: AppContext, input: SecondFactorLoginInput, meta: SignInMeta): Promise<SignedIn> {
  const { ip } = meta;
  const now = ctx.clock.now();
  const challenge = await findLiveChallenge(ctx.db, hashToken(input.challenge), 'login', now);
  const user = challenge?.userId ? await findUserById(ctx.db, challenge.userId) : undefined;
  if (!challenge || !user || user.deactivatedAt) throw new AppError('SECOND_FACTOR_CHALLENGE_INVALID');
  const username = user.username.toLowerCase();
  await assertLoginAllowed(ctx, username, ip);

  let accepted: boolean;
  if ('code' in input) {
    const code = input.code.replace(/\s+/g, '');
    accepted = isTotpCode(code) ? await acceptTotp(ctx, user.id, code) : await spendRecoveryCode(ctx.db, user.id, hashRecoveryCode(code), now);
  } else {
    accepted =
      challenge.webauthnChallenge !== null &&
      (await verifyPasskeyAssertion(ctx, input.assertion, challenge.webauthnChallenge, { userId: user.id, requireUserVerification: false })) !== undefined;
  }
  if (!accepted) {
    await countChallengeFailure(ctx.db, challenge.id);
    await recordLoginFailure(ctx, username, ip);
    throw new AppError('SECOND_FACTOR_INVALID');
  }
  // Spent once: a second answer with the same challenge (or a race of two) finds nothing.
  if (!(await spendChallenge(ctx.db, challenge.id))) throw new AppError('SECOND_FACTOR_CHALLENGE_INVALID');
  return issueTokens(ctx, user, { ttl: challenge.ttlSeconds ?? ctx.config.tokenTtlSeconds, stay: stayOfStored(challenge.stay), meta, via: 'second_factor' });
}

/** `POST /auth/passkey/options`: a ceremony for signing in with a passkey alone. */
export async function startPasskeySignIn(ctx: AppContext): Promise<PasskeySignInOptions> {
  const options = await passkeySignInOptions(ctx);
  return { challenge: options.challenge, options: { ...options } };
}

/**
 * `POST /auth/passkey`: a discoverable passkey that verified its person (PIN, biometrics) signs
 * in without username or password — possession and the person's verification are two factors.
 */
export async function finishPasskeySignIn(ctx: AppContext, input: PasskeySignInInput, meta: SignInMeta, login: LoginAsked): Promise<SignedIn> {
  const challenge = await findLiveChallenge(ctx.db, hashToken(input.challenge), 'passkey_sign_in', ctx.clock.now());
  if (!challenge) throw new AppError('SECOND_FACTOR_CHALLENGE_INVALID');
  const found = await verifyPasskeyAssertion(ctx, input.assertion, input.challenge, { requireUserVerification: true });
  if (!found) {
    await countChallengeFailure(ctx.db, challenge.id);
    throw new AppError('SECOND_FACTOR_INVALID');
  }
  await assertLoginAllowed(ctx, found.user.username.toLowerCase(), meta.ip);
  if (!(await spendChallenge(ctx.db, challenge.id))) throw new AppError('SECOND_FACTOR_CHALLENGE_INVALID');
  return issueTokens(ctx, found.user, { ...login, meta, via: 'passkey' });
}
