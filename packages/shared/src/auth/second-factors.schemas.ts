import { z } from 'zod';

/*
 * Second factors of staff sign-in (docs/security.md#sign-in): one-time codes (TOTP, RFC 6238)
 * and passkeys (WebAuthn), with ten single-use recovery codes beside them. WebAuthn's option and
 * response objects are passed through as JSON: the browser library builds them and the server's
 * library checks them, so the contract only names their envelope.
 */

export const SECOND_FACTOR_KINDS = ['TOTP', 'PASSKEY'] as const;
export const SecondFactorKind = z.enum(SECOND_FACTOR_KINDS);
export type SecondFactorKind = z.infer<typeof SecondFactorKind>;

/** What a sign-in's second step may be answered with. */
export const CHALLENGE_KINDS = ['TOTP', 'PASSKEY', 'RECOVERY_CODE'] as const;
export const ChallengeKind = z.enum(CHALLENGE_KINDS);
export type ChallengeKind = z.infer<typeof ChallengeKind>;

export const RECOVERY_CODE_COUNT = 10;

/** The longest name of a second factor ("Handy", "YubiKey am Schlüsselbund"). */
export const SECOND_FACTOR_NAME_MAX_LENGTH = 60;
const FactorName = z.string().trim().min(1).max(SECOND_FACTOR_NAME_MAX_LENGTH);
/** A WebAuthn JSON object (options from the server, a response from the browser). */
const WebAuthnJson = z.record(z.string(), z.unknown());

/** `GET /users/me/second-factors`: active factors only (a TOTP not yet confirmed is not listed). */
export const SecondFactor = z.object({
  id: z.uuid(),
  kind: SecondFactorKind,
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type SecondFactor = z.infer<typeof SecondFactor>;
export const SecondFactorList = z.array(SecondFactor);

/** `POST /users/me/second-factors/totp`: a new secret, not active until confirmed with a code. */
/**
 * Adding a factor is open without the password only shortly after signing in (`password`
 * otherwise, docs/security.md#sign-in): a stolen session alone must not add a way in.
 */
const PasswordIfNotRecent = z.string().min(1).max(200).optional();
export const NewTotpInput = z.strictObject({ name: FactorName.optional(), password: PasswordIfNotRecent });
export const PasskeyOptionsInput = z.strictObject({ password: PasswordIfNotRecent });
export type PasskeyOptionsInput = z.infer<typeof PasskeyOptionsInput>;
export type NewTotpInput = z.infer<typeof NewTotpInput>;
export const NewTotp = z.object({ id: z.uuid(), secret: z.string(), otpauth_uri: z.string() });
export type NewTotp = z.infer<typeof NewTotp>;

/** A six-digit one-time code; spaces a person types between the groups are dropped. */
export const OneTimeCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'INVALID_VALUE'));

/** `POST /users/me/second-factors/{id}/confirm`. */
export const ConfirmTotpInput = z.strictObject({ code: OneTimeCode });
export type ConfirmTotpInput = z.input<typeof ConfirmTotpInput>;

/**
 * The answer of a step that made a factor active: the factor, and with the user's first active
 * factor their recovery codes — shown this once, only their hashes are kept.
 */
export const ActivatedSecondFactor = z.object({
  factor: SecondFactor,
  recovery_codes: z.array(z.string()).optional(),
});
export type ActivatedSecondFactor = z.infer<typeof ActivatedSecondFactor>;

/** `PATCH /users/me/second-factors/{id}`: a new name. */
export const RenameSecondFactorInput = z.strictObject({ name: FactorName });
export type RenameSecondFactorInput = z.infer<typeof RenameSecondFactorInput>;

/** `DELETE /users/me/second-factors/{id}`, `POST /users/me/second-factors/recovery-codes`: the password again. */
export const PasswordAgainInput = z.strictObject({ password: z.string().min(1).max(200) });
export type PasswordAgainInput = z.infer<typeof PasswordAgainInput>;
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** `POST /users/me/second-factors/passkey/options`: WebAuthn creation options for the browser. */
export const PasskeyRegistrationOptions = z.object({ options: WebAuthnJson });
/** `POST /users/me/second-factors/passkey`: the browser's registration response and a name. */
export const RegisterPasskeyInput = z.strictObject({ name: FactorName, response: WebAuthnJson });
export type RegisterPasskeyInput = z.infer<typeof RegisterPasskeyInput>;

/**
 * The body of 401 SECOND_FACTOR_REQUIRED: the challenge the second step names, what may answer
 * it, and with a passkey the WebAuthn request options.
 */
export const SecondFactorChallenge = z.object({
  challenge: z.string(),
  kinds: z.array(ChallengeKind),
  passkey_options: WebAuthnJson.optional(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallenge>;

/** `POST /auth/login/second-factor`: a code (TOTP or recovery code) or a passkey's assertion. */
export const SecondFactorLoginInput = z.union([
  z.strictObject({ challenge: z.string().min(1).max(200), code: z.string().min(1).max(40) }),
  z.strictObject({ challenge: z.string().min(1).max(200), assertion: WebAuthnJson }),
]);
export type SecondFactorLoginInput = z.infer<typeof SecondFactorLoginInput>;

/** `POST /auth/passkey/options`: sign-in with a passkey alone (no username, no password). */
export const PasskeySignInOptions = z.object({ challenge: z.string(), options: WebAuthnJson });
export type PasskeySignInOptions = z.infer<typeof PasskeySignInOptions>;
/** `POST /auth/passkey?ttl=&stay=`: the browser's assertion for those options. */
export const PasskeySignInInput = z.strictObject({ challenge: z.string().min(1).max(200), assertion: WebAuthnJson });
export type PasskeySignInInput = z.infer<typeof PasskeySignInInput>;
