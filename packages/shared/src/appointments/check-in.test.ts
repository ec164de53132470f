import { describe, expect, it } from 'vitest';
import { CHECK_IN_CODE_ALPHABET, checkInKeyOf, formatCheckInCode, normalizeCheckInCode } from './check-in.js';

describe('the kiosk check-in key', () => {
  const token = 'q3Vd9kX0_bA-7hZ2mN4pRw';

  it.each([
    [`https://praxis.example/a/${token}`, { token }],
    [`https://praxis.example/appointment/${token}?x=1`, { token }],
    [`http://10.0.0.5:3000/ticket/${token}`, { token }],
    ['AB12-CD34', { code: 'AB12CD34' }],
    [' ab12 cd34 ', { code: 'AB12CD34' }],
    // Look-alikes typed are read as Crockford reads them.
    ['OILU-0000', undefined],
    ['OIL2-3456', { code: '0112' + '3456' }],
    // Codes mailed before the change were hex: they are Crockford strings as they are.
    ['8DCDE275', { code: '8DCDE275' }],
  ])('%s → %j', (scanned, key) => expect(checkInKeyOf(scanned)).toEqual(key));

  it.each(['ABC', 'AB12CD3', 'AB12CD345', 'AB12CD3U', 'https://praxis.example/a/', 'https://praxis.example/a/short', ''])('refuses %j', (scanned) =>
    expect(checkInKeyOf(scanned)).toBeUndefined(),
  );

  it('leaves out the look-alikes I, L, O and U', () => {
    expect(CHECK_IN_CODE_ALPHABET).toHaveLength(32);
    for (const c of 'ILOU') expect(CHECK_IN_CODE_ALPHABET).not.toContain(c);
  });

  it('shows a code in two groups and reads it back', () => {
    expect(formatCheckInCode('AB12CD34')).toBe('AB12-CD34');
    expect(normalizeCheckInCode(formatCheckInCode('AB12CD34'))).toBe('AB12CD34');
  });
});
