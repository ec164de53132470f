import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppContext } from '../../platform/context.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { users } from '../../db/schema/index.js';
import { relyingParty } from './relying-party.js';
import { findLiveChallenge, findPasskey, insertChallenge, pruneChallenges, recordPasskeyUse, spendChallenge, type SecondFactorRow } from './second-factors.repo.js';

/*
 * Passkeys (WebAuthn) through @simplewebauthn/server, the maintained reference library: it
 * builds the options and checks attestation and assertion (origin, RP id, challenge, signature,
 * counter); we keep only the credential id, public key and counter. A ceremony's challenge lives
 * five minutes in sign_in_challenges, found by its hash.
 */

export const CHALLENGE_MINUTES = 5;

type UserRow = typeof users.$inferSelect;

const transportsOf = (factor: SecondFactorRow) => (factor.transports ? (factor.transports.split(',') as AuthenticatorTransport[]) : undefined);

/** The challenge inside a browser's answer (its clientDataJSON), to find the ceremony it answers. */
export function challengeOfResponse(response: Record<string, unknown>): string | undefined {
  try {
    const inner = response.response as { clientDataJSON?: unknown } | undefined;
    if (typeof inner?.clientDataJSON !== 'string') return undefined;
    const clientData = JSON.parse(Buffer.from(inner.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown } | null;
    return typeof clientData?.challenge === 'string' ? clientData.challenge : undefined;
  } catch {
    return undefined;
  }
}

async function storeCeremony(ctx: AppContext, values: { purpose: 'passkey_sign_in' | 'passkey_registration'; challenge: string; userId?: string }): Promise<void> {
  const now = ctx.clock.now();
  await pruneChallenges(ctx.db, now);
  await insertChallenge(ctx.db, {
    purpose: values.purpose,
    challengeHash: hashToken(values.challenge),
    userId: values.userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
    createdAt: now,
  });
}

/** Creation options for a new passkey of the user: discoverable (sign-in without a username), none of theirs twice. */
export async function passkeyRegistrationOptions(ctx: AppContext, user: UserRow, existing: SecondFactorRow[]) {
  const rp = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.filter((f) => f.credentialId).map((f) => ({ id: f.credentialId!, transports: transportsOf(f) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeCeremony(ctx, { purpose: 'passkey_registration', challenge: options.challenge, userId: user.id });
  return options;
}

/** Checks the browser's registration answer against a ceremony of this user; the credential to store. */
export async function verifyPasskeyRegistration(ctx: AppContext, userId: string, response: Record<string, unknown>) {
  const challenge = challengeOfResponse(response);
  const ceremony = challenge ? await findLiveChallenge(ctx.db, hashToken(challenge), 'passkey_registration', ctx.clock.now()) : undefined;
  if (!challenge || !ceremony || ceremony.userId !== userId) throw new AppError('VALIDATION', { fields: { response: 'INVALID_VALUE' } });
  const rp = relyingParty(ctx);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new AppError('VALIDATION', { fields: { response: 'INVALID_VALUE' } });
  }
  if (!verification.verified || !(await spendChallenge(ctx.db, ceremony.id))) throw new AppError('VALIDATION', { fields: { response: 'INVALID_VALUE' } });
  const { credential } = verification.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    signCount: credential.counter,
    transports: credential.transports?.join(',') ?? null,
  };
}

/** Request options: for the user's own passkeys (second step), or any discoverable one (sign-in without a password). */
export async function passkeyRequestOptions(ctx: AppContext, passkeys?: SecondFactorRow[]) {
  return generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    allowCredentials: passkeys?.map((f) => ({ id: f.credentialId!, transports: transportsOf(f) })),
    userVerification: passkeys ? 'preferred' : 'required',
  });
}

/** Options for "Mit Passkey anmelden", their ceremony stored. */
export async function passkeySignInOptions(ctx: AppContext) {
  const options = await passkeyRequestOptions(ctx);
  await storeCeremony(ctx, { purpose: 'passkey_sign_in', challenge: options.challenge });
  return options;
}

/**
 * Checks an assertion for the expected challenge; answers the passkey's row and user, or
 * undefined when it is not a passkey we know, not the user's (`userId`), or does not verify.
 * A passkey alone (no password) must have verified the person (PIN, biometrics).
 */
export async function verifyPasskeyAssertion(
  ctx: AppContext,
  assertion: Record<string, unknown>,
  expectedChallenge: string,
  opts: { userId?: string; requireUserVerification: boolean },
) {
  if (typeof assertion.id !== 'string') return undefined;
  const found = await findPasskey(ctx.db, assertion.id);
  if (!found?.factor.publicKey || !found.factor.confirmedAt || (opts.userId && found.user.id !== opts.userId)) return undefined;
  const rp = relyingParty(ctx);
  try {
    const verification = await verifyAuthenticationResponse({
      response: assertion as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: found.factor.credentialId!,
        publicKey: new Uint8Array(Buffer.from(found.factor.publicKey, 'base64url')),
        counter: found.factor.signCount ?? 0,
        transports: transportsOf(found.factor),
      },
      requireUserVerification: opts.requireUserVerification,
    });
    if (!verification.verified) return undefined;
    await recordPasskeyUse(ctx.db, found.factor.id, verification.authenticationInfo.newCounter, ctx.clock.now());
    return found;
  } catch {
    return undefined;
  }
}
