import { z } from 'zod';
import { SECTORS } from './sectors.js';
import { SUBSCRIPTION_STATES } from '../enums.js';
import { RetentionDays } from '../privacy/privacy.schemas.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../validation/password.js';

const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** `POST /signup`: a new account in its trial, with its first admin. */
export const SignupInput = z
  .strictObject({
    account_name: z.string().trim().min(1).max(100),
    account_identifier: z.string().trim().min(1).max(50),
    display_name: z.string().trim().min(1).max(100),
    username: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    password,
    password_repeat: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    accept_terms: z.literal(true, 'CONSENT_REQUIRED'),
    accept_data_usage: z.literal(true, 'CONSENT_REQUIRED'),
  })
  .refine((v) => v.password === v.password_repeat, {
    path: ['password_repeat'],
    message: 'PASSWORD_MISMATCH',
  });
export type SignupInput = z.infer<typeof SignupInput>;

export const SignupResult = z.object({
  account_id: z.uuid(),
  user_id: z.uuid(),
  username: z.string(),
});
export type SignupResult = z.infer<typeof SignupResult>;

/** `POST /verify`: the token from the verification mail. */
export const VerifyInput = z.strictObject({
  token: z.string('TOKEN_MISSING').trim().min(1, 'TOKEN_MISSING').max(200),
});
export type VerifyInput = z.infer<typeof VerifyInput>;

export const VerifyResult = z.object({ verified: z.literal(true), username: z.string() });

/** `POST /password-reset`: ask for a reset mail. Always answered 204. */
export const PasswordResetRequestInput = z.strictObject({
  username: z.string().trim().toLowerCase().min(1).max(254),
});
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestInput>;

/**
 * `POST /verify/resend`: the sign-up's confirmation mail again (the first one expired or went
 * astray). Always 204: whether the address is registered, or already confirmed, is not told.
 */
export const VerifyResendInput = z.strictObject({
  username: z.string().trim().toLowerCase().min(1, 'REQUIRED').max(254),
});
export type VerifyResendInput = z.infer<typeof VerifyResendInput>;

/** `POST /password-reset/{token}`: set a new password. */
export const PasswordResetInput = z
  .strictObject({
    password,
    password_repeat: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.password_repeat, {
    path: ['password_repeat'],
    message: 'PASSWORD_MISMATCH',
  });
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

export const SubscriptionState = z.enum(SUBSCRIPTION_STATES);
export type SubscriptionState = z.infer<typeof SubscriptionState>;

/**
 * `PATCH /accounts/{id}` (admins): the practice's name as patients and staff see it, and how
 * many days personal data of finished tickets and past appointments is kept. Either or both.
 */
export const UpdateAccountInput = z
  .strictObject({
    display_name: z.string().trim().min(1).max(100).optional(),
    retention_days: RetentionDays.optional(),
    /** The practice's field; null: not chosen. */
    sector: z.enum(SECTORS).nullable().optional(),
    /** The practice's logo: an image uploaded by `POST /images`; null removes it. */
    logo_image_id: z.uuid().nullable().optional(),
    /** Every member must sign in with a second factor (docs/security.md#sign-in); admin only. */
    require_second_factor: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: 'REQUIRED',
    path: ['display_name'],
  });
export type UpdateAccountInput = z.infer<typeof UpdateAccountInput>;

/** `GET /accounts/{id}`. */
export const Account = z.object({
  id: z.uuid(),
  identifier: z.string(),
  display_name: z.string(),
  subscription_state: SubscriptionState,
  trial_end: z.string().nullable(),
  /** While `notPaid`: when public intake will be locked (docs/product.md#billing). */
  deactivation_at: z.string().nullable(),
  /** Days after which personal data of finished tickets and past appointments is erased. */
  retention_days: z.number().int(),
  sector: z.enum(SECTORS).nullable(),
  logo_image_id: z.uuid().nullable(),
  /** Where the logo is served (with its content hash); null without a logo. */
  logo_url: z.string().nullable(),
  /** Members without a second factor can only set one up (403 SECOND_FACTOR_SETUP_REQUIRED elsewhere). */
  require_second_factor: z.boolean(),
  created_at: z.string(),
});
export type Account = z.infer<typeof Account>;
