import { describe, expect, it } from 'vitest';
import { SignupInput, PasswordResetInput } from '../accounts/accounts.schemas.js';
import { checkPassword } from './password.js';
import { installZodErrorCodes } from './zod-codes.js';

installZodErrorCodes();

describe('checkPassword', () => {
  it.each([
    ['123456789', '123456789', 'MIN_LENGTH'],
    ['1234567890', '1234567890', undefined],
    ['correct horse battery', 'correct horse battery', undefined],
    ['correct horse battery', 'correct horse batterY', 'PASSWORD_MISMATCH'],
    ['x'.repeat(201), 'x'.repeat(201), 'MAX_LENGTH'],
    ['short', 'other', 'MIN_LENGTH'],
  ])('%s / %s → %s', (password, repeat, problem) => {
    expect(checkPassword(password, repeat)).toBe(problem);
  });
});

describe('password rules in the shared schemas', () => {
  const base = {
    account_name: 'Praxis',
    account_identifier: 'praxis',
    display_name: 'Dr. Muster',
    username: 'a@b.at',
    accept_terms: true,
    accept_data_usage: true,
  } as const;

  it.each([
    ['123456789', '123456789', { password: 'MIN_LENGTH' }],
    ['1234567890', '1234567890', {}],
    ['1234567890', '0987654321', { password_repeat: 'PASSWORD_MISMATCH' }],
    ['', '', { password: 'MIN_LENGTH', password_repeat: 'REQUIRED' }],
  ])('sign-up %s / %s → %o', (password, password_repeat, expected) => {
    const result = SignupInput.safeParse({ ...base, password, password_repeat });
    const codes = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(codes).toEqual(expected);
  });

  it('reset applies the same rules', () => {
    const result = PasswordResetInput.safeParse({ password: 'kurz', password_repeat: 'kurz' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', 'MIN_LENGTH']]);
  });
});
