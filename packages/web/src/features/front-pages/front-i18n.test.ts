import { describe, expect, it } from 'vitest';
import { loadTexts, translate } from './front-i18n';

describe('front page texts', () => {
  it('reads a language’s catalogue, German where it has no such key, and fills placeholders', async () => {
    await loadTexts(['landing', 'common'], 'en');
    expect(translate('en', 'landing', 'hero.title')).toBe('Waiting without sitting in the waiting room');
    expect(translate('de', 'landing', 'hero.signup', { days: 14 })).toBe('14 Tage kostenlos testen');
    expect(translate('en', 'landing', 'common:routes.landing')).toBe('Home');
    expect(translate('en', 'landing', 'no.such.key')).toBe('no.such.key');
  });
});
