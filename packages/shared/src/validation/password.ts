/** Shortest password we accept; long passphrases beat complexity rules. */
export const PASSWORD_MIN_LENGTH = 10;
/** Upper bound so that hashing cost stays bounded. */
export const PASSWORD_MAX_LENGTH = 200;

export type PasswordProblem = 'MIN_LENGTH' | 'MAX_LENGTH' | 'PASSWORD_MISMATCH';

/** The password rules of sign-up and reset, in the order a form should report them. */
export function checkPassword(password: string, repeat: string): PasswordProblem | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'MIN_LENGTH';
  if (password.length > PASSWORD_MAX_LENGTH) return 'MAX_LENGTH';
  if (password !== repeat) return 'PASSWORD_MISMATCH';
  return undefined;
}
