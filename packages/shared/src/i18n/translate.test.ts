import { describe, expect, it } from 'vitest';
import { pickLanguage, textDirection, translate } from './translate.js';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'de'],
    ['fr-FR,fr;q=0.9', 'de'],
    ['en-GB,en;q=0.9,de;q=0.8', 'en'],
    ['fr;q=1,ar;q=0.5', 'ar'],
    // Croatian and Serbian read the one Bosnian/Croatian/Serbian catalogue.
    ['hr-HR,hr;q=0.9', 'bs'],
    ['sr-Latn-RS', 'bs'],
    ['uk;q=0.2,pl;q=0.8', 'pl'],
    ['de;q=0,hu', 'hu'],
  ] as const)('%s → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('the server’s texts in the patients’ languages', () => {
  it('answers a patient in their language, with the German text where a staff-only one is not translated', () => {
    expect(translate('ar', 'validation', 'REQUIRED', ['X'])).toContain('X');
    expect(translate('ar', 'validation', 'REQUIRED', ['X'])).not.toBe(translate('de', 'validation', 'REQUIRED', ['X']));
    expect(translate('uk', 'reports', 'sheet')).toBe(translate('de', 'reports', 'sheet'));
  });

  it('names the writing direction', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('hu')).toBe('ltr');
  });
});
