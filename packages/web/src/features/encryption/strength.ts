import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';

/*
 * Passphrase strength and generation, loaded only when a passphrase is typed (PassphraseFields
 * imports this lazily): the dictionaries are large, and the staff bundle's first load stays as it
 * was. zxcvbn-ts is a maintained estimator (dictionaries, keyboard patterns, dates) that judges a
 * passphrase by the guesses it would take, not by which characters it has.
 */

const zxcvbn = new ZxcvbnFactory({
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...de.dictionary, ...en.dictionary },
});

/** zxcvbn's score, 0 (guessed at once) to 4 (very hard); the user's own name and address count as known words. */
export function passphraseScore(passphrase: string, knownWords: string[] = []): number {
  return zxcvbn.check(
    passphrase,
    knownWords.filter((word) => word !== ''),
  ).score;
}

const WORDS = common.dictionary['diceware-common'];

/** A uniform random index below `n` from the browser's CSPRNG (rejection sampling: no modulo bias). */
function randomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % n;
  }
}

/** Six words of the EFF diceware list (7,776 words: 77 bits), easy to type and to remember. */
export function generatePassphrase(words = 6): string {
  return Array.from({ length: words }, () => WORDS[randomBelow(WORDS.length)]).join('-');
}
