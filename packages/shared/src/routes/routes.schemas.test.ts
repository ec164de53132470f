import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from '../profiles/profiles.schemas.js';
import { isReservedLocationIdentifier } from './routes.schemas.js';

describe('isReservedLocationIdentifier', () => {
  it.each([
    ['null', true],
    ['NULL', true],
    ['Monitor', true],
    ['sunmi_kiosk', true],
    ['labor', false],
    ['nullpunkt', false],
  ])('%s → %s', (identifier, reserved) => expect(isReservedLocationIdentifier(identifier)).toBe(reserved));
});

describe('canonicalTimeZone', () => {
  it.each([
    ['Europe/Vienna', 'Europe/Vienna'],
    ['Europe/Zurich', 'Europe/Zurich'],
    ['UTC', 'UTC'],
    ['Europe/Atlantis', undefined],
    ['', undefined],
  ])('%s → %s', (value, canonical) => expect(canonicalTimeZone(value)).toBe(canonical));
});
