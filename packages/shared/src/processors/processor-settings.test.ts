import { describe, expect, it } from 'vitest';
import { buttonVisibilityFor, nameOrderFor } from './processor-settings.js';

describe('a processor’s own settings against their list’s', () => {
  it.each([
    ['EVERYBODY', 'EVERYBODY', 'EVERYBODY'],
    ['ADMINS_ONLY', 'EVERYBODY', 'ADMINS_ONLY'], // the default leaves the list's
    ['NOBODY', 'EVERYBODY', 'NOBODY'],
    ['EVERYBODY', 'ADMINS_ONLY', 'ADMINS_ONLY'], // set: narrows
    ['EVERYBODY', 'NOBODY', 'NOBODY'],
    ['NOBODY', 'ADMINS_ONLY', 'NOBODY'], // never widens
  ] as const)('button visibility: list %s, own %s → %s', (list, own, expected) => expect(buttonVisibilityFor(list, own)).toBe(expected));

  it.each([
    ['FIRST_LAST', 'FIRST_LAST', 'FIRST_LAST'],
    ['LAST_FIRST', 'FIRST_LAST', 'LAST_FIRST'], // the default leaves the list's
    ['FIRST_LAST', 'LAST_FIRST', 'LAST_FIRST'], // set: replaces
  ] as const)('name order: list %s, own %s → %s', (list, own, expected) => expect(nameOrderFor(list, own)).toBe(expected));
});
