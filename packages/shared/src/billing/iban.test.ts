import { describe, expect, it } from 'vitest';
import { isValidIban } from './iban.js';

describe('isValidIban', () => {
  it.each([
    ['AT611904300234573201', true], // Stripe's test IBAN
    ['AT61 1904 3002 3457 3201', true],
    ['at611904300234573201', true],
    ['DE89370400440532013000', true],
    ['AT611904300234573202', false], // one digit off
    ['AT6119043002', false], // too short
    ['1T611904300234573201', false],
    ['', false],
  ])('%s → %s', (iban, valid) => expect(isValidIban(iban)).toBe(valid));
});
