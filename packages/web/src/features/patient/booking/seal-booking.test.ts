import { describe, expect, it } from 'vitest';
import { sealedFieldProblems } from './seal-booking';

// While the practice encrypts the server cannot judge the sealed fields: the booking page does,
// with the server's own rules for birth dates and insurance numbers.
describe('sealedFieldProblems', () => {
  it('passes what the server would take', () => {
    expect(sealedFieldProblems({ first_name: 'Anna', last_name: 'Berg', birth_date: '1980-02-29', insurance_number: '1237 010180' })).toEqual({});
    expect(sealedFieldProblems({ last_name: 'Berg', birth_date: '', insurance_number: '' })).toEqual({});
  });

  it('names what the server would refuse, with its codes', () => {
    expect(sealedFieldProblems({ first_name: 'A'.repeat(101), birth_date: '1981-02-29', insurance_number: '1234010180' })).toEqual({
      first_name: 'MAX_LENGTH',
      birth_date: 'INVALID_DATE',
      insurance_number: 'SVNR_CHECK_DIGIT',
    });
    expect(sealedFieldProblems({ birth_date: '2999-01-01' })).toEqual({ birth_date: 'BIRTH_DATE_FUTURE' });
  });
});
