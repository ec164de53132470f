import { describe, expect, it } from 'vitest';
import { hasMeaningfulCharacters, isReservedAccountIdentifier, sanitizeIdentifier } from './identifier.js';

describe('sanitizeIdentifier', () => {
  it.each([
    ['praxis-mueller', 'praxis-mueller'],
    ['Praxis Müller', 'Praxis_Mueller'],
    ['Ärztehaus Öd Übel', 'Aerztehaus_Oed_Uebel'],
    ['dr.huber', 'dr_huber'],
    ['ordination/wien#1', 'ordination_wien_1'],
    ['  spaces  ', 'spaces'],
    ['Straße', 'Stra_e'],
    ['keep_under-score', 'keep_under-score'],
    ['été', '_t_'],
    ['a😀b', 'a__b'],
  ])('%s → %s', (raw, expected) => {
    expect(sanitizeIdentifier(raw)).toBe(expected);
  });
});

describe('identifier checks', () => {
  it.each([
    ['backend', true],
    ['Login', true],
    ['passwordreset', true],
    ['Impressum', true],
    ['datenschutz', true],
    ['praxis', false],
  ])('reserved %s → %s', (id, reserved) => expect(isReservedAccountIdentifier(id)).toBe(reserved));

  it.each([
    ['___', false],
    ['-_-', false],
    ['a__', true],
    ['_1_', true],
  ])('meaningful %s → %s', (id, ok) => expect(hasMeaningfulCharacters(id)).toBe(ok));
});
