import { describe, expect, it } from 'vitest';
import { appointmentKeyOf, checkInCodeOf } from './check-in.js';

const id = '8dcde275-f0cf-4259-ac6e-b047ec1a777f';

describe('the kiosk’s check-in code', () => {
  it('is the id’s first eight characters in capitals', () => {
    expect(checkInCodeOf(id)).toBe('8DCDE275');
  });

  it('reads an id from a scanned page address, and a typed code with spaces, dashes or small letters', () => {
    expect(appointmentKeyOf(`https://praxis.example/a/${id}`)).toEqual({ id });
    expect(appointmentKeyOf(id.toUpperCase())).toEqual({ id });
    expect(appointmentKeyOf(' 8dcd-E275 ')).toEqual({ prefix: '8dcde275' });
    expect(appointmentKeyOf('8DCD E275')).toEqual({ prefix: '8dcde275' });
  });

  it('finds nothing in what is no code', () => {
    for (const code of ['ABC', '8DCDE27', '8DCDE2755', 'GHIJKLMN', 'https://praxis.example/a/']) expect(appointmentKeyOf(code)).toBeUndefined();
  });
});
