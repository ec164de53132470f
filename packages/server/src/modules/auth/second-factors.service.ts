import type { ActivatedSecondFactor, NewTotp, NewTotpInput, PasskeyOptionsInput, RecoveryCodes, RegisterPasskeyInput, SecondFactor } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { sessionStartedAt } from '../../platform/sign-in-sessions.js';
import { findUserById, refuseOnDemo } from '../accounts/index.js';
import { assertLoginAllowed, recordLoginFailure } from './login-limiter.js';
import { passkeyRegistrationOptions, verifyPasskeyRegistration } from './passkeys.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import {
  activeFactorsOfUser,
  claimTotpStep,
  confirmFactor,
  deleteFactor,
  deleteRecoveryCodes,
  findFactorOfUser,
  insertFactor,
  renameFactor,
  replaceRecoveryCodes,
  type SecondFactorRow,
} from './second-factors.repo.js';
import { matchingTotpStep, newTotpSecret, otpauthUri } from './totp.js';

function present(row: SecondFactorRow): SecondFactor {
  return { id: row.id, kind: row.kind, name: row.name, created_at: row.createdAt.toISOString(), last_used_at: row.lastUsedAt?.toISOString() ?? null };
}

async function callerOf(ctx: AppContext, actor: Actor) {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/** `GET /users/me/second-factors`: the caller's active factors. */
export async function listSecondFactors(ctx: AppContext, actor: Actor): Promise<SecondFactor[]> {
  return (await activeFactorsOfUser(ctx.db, actor.userId)).map(present);
}

/**
 * A factor became active: with the user's first, a set of recovery codes — answered this once,
 * stored as hashes only.
 */
async function activated(ctx: AppContext, userId: string, factor: SecondFactorRow, wasFirst: boolean): Promise<ActivatedSecondFactor> {
  if (!wasFirst) return { factor: present(factor) };
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(ctx.db, userId, codes.map(hashRecoveryCode), ctx.clock.now());
  return { factor: present(factor), recovery_codes: codes };
}

/**
 * How long after signing in a factor may be added without the password again. A factor is a way
 * in (a passkey even without the password): a session stolen later — a device left signed in,
 * a token taken from a page — must not add one of its own (docs/security.md#sign-in).
 */
export const RECENT_SIGN_IN_MINUTES = 10;

/** Adding a factor: a sign-in of the last ten minutes, or the password again. */
async function assertRecentSignInOrPassword(ctx: AppContext, actor: Actor, password: string | undefined, ip: string): Promise<void> {
  if (password !== undefined) return assertPasswordAgain(ctx, actor, password, ip);
  const startedAt = await sessionStartedAt(ctx.db, actor.sessionId);
  const recent = startedAt && ctx.clock.now().getTime() - startedAt.getTime() <= RECENT_SIGN_IN_MINUTES * 60_000;
  if (!recent) throw new AppError('VALIDATION', { fields: { password: 'REQUIRED' } });
}

/**
 * `POST /users/me/second-factors/totp`: a new secret, inactive until a code confirms it. The demo
 * practice refuses: a visitor's factor would lock the next one out.
 */
export async function startTotp(ctx: AppContext, actor: Actor, input: NewTotpInput, ip: string): Promise<NewTotp> {
  await refuseOnDemo(ctx.db, actor.accountId);
  await assertRecentSignInOrPassword(ctx, actor, input.password, ip);
  const user = await callerOf(ctx, actor);
  const secret = newTotpSecret();
  const row = await insertFactor(ctx.db, { userId: user.id, kind: 'TOTP', name: input.name ?? 'Authenticator', totpSecret: secret, createdAt: ctx.clock.now() });
  return { id: row.id, secret, otpauth_uri: otpauthUri(secret, user.username, new URL(ctx.config.publicUrl).host) };
}

/** `POST /users/me/second-factors/{id}/confirm`: a right code makes the TOTP active (and takes its time step). */
export async function confirmTotp(ctx: AppContext, actor: Actor, id: string, code: string): Promise<ActivatedSecondFactor> {
  const factor = await findFactorOfUser(ctx.db, actor.userId, id);
  if (!factor || factor.kind !== 'TOTP' || factor.confirmedAt || !factor.totpSecret) throw new AppError('NOT_FOUND');
  const now = ctx.clock.now();
  const step = matchingTotpStep(factor.totpSecret, code, now);
  if (step === undefined || !(await claimTotpStep(ctx.db, factor.id, step, now))) throw new AppError('VALIDATION', { fields: { code: 'CODE_WRONG' } });
  const wasFirst = (await activeFactorsOfUser(ctx.db, actor.userId)).length === 0;
  const confirmed = await confirmFactor(ctx.db, factor.id, now);
  return activated(ctx, actor.userId, confirmed!, wasFirst);
}

/** `POST /users/me/second-factors/passkey/options`: WebAuthn creation options. */
export async function passkeyOptions(ctx: AppContext, actor: Actor, input: PasskeyOptionsInput, ip: string) {
  await refuseOnDemo(ctx.db, actor.accountId);
  await assertRecentSignInOrPassword(ctx, actor, input.password, ip);
  const user = await callerOf(ctx, actor);
  return { options: { ...(await passkeyRegistrationOptions(ctx, user, await activeFactorsOfUser(ctx.db, user.id))) } };
}

/** `POST /users/me/second-factors/passkey`: the browser's answer checked, the passkey stored and active. */
export async function registerPasskey(ctx: AppContext, actor: Actor, input: RegisterPasskeyInput): Promise<ActivatedSecondFactor> {
  await refuseOnDemo(ctx.db, actor.accountId);
  const credential = await verifyPasskeyRegistration(ctx, actor.userId, input.response);
  const wasFirst = (await activeFactorsOfUser(ctx.db, actor.userId)).length === 0;
  const now = ctx.clock.now();
  const row = await insertFactor(ctx.db, { userId: actor.userId, kind: 'PASSKEY', name: input.name, ...credential, confirmedAt: now, createdAt: now });
  return activated(ctx, actor.userId, row, wasFirst);
}

export async function renameSecondFactor(ctx: AppContext, actor: Actor, id: string, name: string): Promise<SecondFactor> {
  const row = await renameFactor(ctx.db, actor.userId, id, name);
  if (!row) throw new AppError('NOT_FOUND');
  return present(row);
}

/** The password again (a stolen session alone cannot weaken the sign-in); wrong ones count as failed sign-ins. */
async function assertPasswordAgain(ctx: AppContext, actor: Actor, password: string, ip: string): Promise<void> {
  const user = await callerOf(ctx, actor);
  const username = user.username.toLowerCase();
  await assertLoginAllowed(ctx, username, ip);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(ctx, username, ip);
    throw new AppError('VALIDATION', { fields: { password: 'PASSWORD_WRONG' } });
  }
}

/** `DELETE /users/me/second-factors/{id}`: with the last factor its recovery codes go too. */
export async function removeSecondFactor(ctx: AppContext, actor: Actor, id: string, password: string, ip: string): Promise<void> {
  if (!(await findFactorOfUser(ctx.db, actor.userId, id))) throw new AppError('NOT_FOUND');
  await assertPasswordAgain(ctx, actor, password, ip);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteFactor(tx, actor.userId, id))) throw new AppError('NOT_FOUND');
    if ((await activeFactorsOfUser(tx, actor.userId)).length === 0) await deleteRecoveryCodes(tx, actor.userId);
  });
}

/** `POST /users/me/second-factors/recovery-codes`: a new set of ten; the old set stops working. */
export async function renewRecoveryCodes(ctx: AppContext, actor: Actor, password: string, ip: string): Promise<RecoveryCodes> {
  await assertPasswordAgain(ctx, actor, password, ip);
  if ((await activeFactorsOfUser(ctx.db, actor.userId)).length === 0) throw new AppError('NOT_FOUND');
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(ctx.db, actor.userId, codes.map(hashRecoveryCode), ctx.clock.now());
  return { recovery_codes: codes };
}
