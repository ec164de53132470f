import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { recentlyAgo } from './key-facts';
import { MIN_PASSPHRASE_SCORE, passphraseProblems } from './PassphraseFields';
import { generatePassphrase, passphraseScore } from './strength';

// The rules of a new passphrase and how recent a key replacement reads, in both languages.

const t = ((key: string) => key) as unknown as TFunction<'encryption'>;
const now = Date.parse('2026-03-02T10:00:00Z');
const before = (ms: number) => new Date(now - ms).toISOString();

describe('recentlyAgo', () => {
  it.each([
    ['de', 0, 'vor 0 Minuten'],
    ['de', 5 * 60_000, 'vor 5 Minuten'],
    ['en', 5 * 60_000, '5 minutes ago'],
    ['de', 3 * 3600_000 + 59_000, 'vor 3 Stunden'],
    ['en', 23 * 3600_000, '23 hours ago'],
  ])('%s, %i ms ago → %s', (lang, ms, expected) => {
    expect(recentlyAgo(before(ms), lang, now)).toBe(expected);
  });

  it('says nothing after a day, for no time, or for one in the future', () => {
    expect(recentlyAgo(before(24 * 3600_000), 'de', now)).toBeUndefined();
    expect(recentlyAgo(null, 'de', now)).toBeUndefined();
    expect(recentlyAgo(before(-3600_000), 'de', now)).toBeUndefined();
  });
});

describe('a new passphrase', () => {
  it('needs 12 characters, a score of 3 and the same twice', async () => {
    expect(await passphraseProblems({ passphrase: 'kurz', repeat: 'kurz' }, t)).toEqual({ passphrase: 'own.tooShort' });
    expect(await passphraseProblems({ passphrase: 'passwort12345', repeat: 'passwort12345' }, t)).toEqual({ passphrase: 'own.tooWeak' });
    // The user's own address counts as a known word.
    expect(await passphraseProblems({ passphrase: 'anna.berg@praxis.example', repeat: 'anna.berg@praxis.example' }, t, ['anna.berg@praxis.example'])).toEqual({
      passphrase: 'own.tooWeak',
    });
    expect(await passphraseProblems({ passphrase: 'Eine ganz neue Passphrase', repeat: 'Eine ganz neue' }, t)).toEqual({ repeat: 'own.mismatch' });
    expect(await passphraseProblems({ passphrase: 'Eine ganz neue Passphrase', repeat: 'Eine ganz neue Passphrase' }, t)).toEqual({});
  });

  it('a generated one is six diceware words, different each time, and strong', () => {
    const one = generatePassphrase();
    expect(one).toMatch(/^[a-z]+(-[a-z]+){5}$/);
    expect(generatePassphrase()).not.toBe(one);
    expect(passphraseScore(one)).toBeGreaterThanOrEqual(MIN_PASSPHRASE_SCORE);
  });
});
