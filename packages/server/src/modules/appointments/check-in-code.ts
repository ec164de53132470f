import { randomInt } from 'node:crypto';
import { CHECK_IN_CODE_ALPHABET, CHECK_IN_CODE_LENGTH } from '@wartefrei/shared';

/**
 * A new appointment's kiosk check-in code: 8 characters drawn at random from Crockford's base32
 * (40 bits). It is tried only at its own location on its own day, behind a cap of failed tries
 * per location (day.service.ts), so 40 bits leave a guesser nothing to hope for.
 */
export function newCheckInCode(): string {
  let code = '';
  for (let i = 0; i < CHECK_IN_CODE_LENGTH; i++) code += CHECK_IN_CODE_ALPHABET[randomInt(CHECK_IN_CODE_ALPHABET.length)];
  return code;
}
