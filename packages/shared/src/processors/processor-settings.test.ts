import { describe, expect, it } from 'vitest';
import { buttonVisibilityFor, nameOrderFor } from './processor-settings.js';

describe('a processor’s own settings against their list’s', () => {
  it.each([
    ['EVERYBODY', null, 'EVERYBODY'],
    ['ADMINS_ONLY', null, 'ADMINS_ONLY'], // not set: the list's
    ['NOBODY', null, 'NOBODY'],
    ['EVERYBODY', 'ADMINS_ONLY', 'ADMINS_ONLY'], // set: overrides, narrowing
    ['EVERYBODY', 'NOBODY', 'NOBODY'],
    ['NOBODY', 'EVERYBODY', 'EVERYBODY'], // and widening
    ['ADMINS_ONLY', 'NOBODY', 'NOBODY'],
  ] as const)('button visibility: list %s, own %s → %s', (list, own, expected) => expect(buttonVisibilityFor(list, own)).toBe(expected));

  it.each([
    ['FIRST_LAST', null, 'FIRST_LAST'],
    ['LAST_FIRST', null, 'LAST_FIRST'], // not set: the list's
    ['FIRST_LAST', 'LAST_FIRST', 'LAST_FIRST'], // set: overrides
    ['LAST_FIRST', 'FIRST_LAST', 'FIRST_LAST'],
  ] as const)('name order: list %s, own %s → %s', (list, own, expected) => expect(nameOrderFor(list, own)).toBe(expected));
});
