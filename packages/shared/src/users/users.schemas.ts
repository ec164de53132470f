import { z } from 'zod';
import { SUPPORTED_LANGS } from '../i18n/translate.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../validation/password.js';

/** `PATCH /users/me`: the signed-in user's own display name and language; both optional. */
export const UpdateOwnProfileInput = z.strictObject({
  display_name: z.string().trim().min(1).max(100).optional(),
  lang: z.enum(SUPPORTED_LANGS).optional(),
  /** true: the tutorial was finished or dismissed, it is not offered again; false: offer it again. */
  tutorial_dismissed: z.boolean().optional(),
});
export type UpdateOwnProfileInput = z.infer<typeof UpdateOwnProfileInput>;

/**
 * `POST /users/me/password`: a new password, proven by the current one. The new one follows
 * the rules of sign-up and reset.
 */
export const ChangeOwnPasswordInput = z
  .strictObject({
    current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
    password_repeat: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.password_repeat, {
    path: ['password_repeat'],
    message: 'PASSWORD_MISMATCH',
  });
export type ChangeOwnPasswordInput = z.infer<typeof ChangeOwnPasswordInput>;
