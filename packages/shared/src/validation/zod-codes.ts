import { z } from 'zod';

/**
 * Makes zod report stable codes (`REQUIRED`, `MIN_LENGTH`, ...) instead of English sentences, so
 * that server and web translate the same code with the same catalogue. Messages set on a schema
 * itself (e.g. `'PASSWORD_MISMATCH'`) take precedence.
 */
export function installZodErrorCodes(): void {
  z.config({
    customError: (issue) => {
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined || issue.input === null ? 'REQUIRED' : 'INVALID_TYPE';
        case 'too_small':
          if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'REQUIRED' : 'MIN_LENGTH';
          return 'INVALID_VALUE';
        case 'too_big':
          return issue.origin === 'string' ? 'MAX_LENGTH' : 'INVALID_VALUE';
        case 'invalid_format':
          return issue.format === 'email' ? 'INVALID_EMAIL' : 'INVALID_VALUE';
        case 'unrecognized_keys':
          return 'UNKNOWN_FIELD';
        case 'invalid_value':
          // A missing enum or literal is a missing field, not a wrong one.
          return issue.input === undefined ? 'REQUIRED' : 'INVALID_VALUE';
        default:
          return 'INVALID_VALUE';
      }
    },
  });
}
