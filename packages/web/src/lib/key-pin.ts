import { readStored, STORAGE_KEYS, writeStored } from './storage';

/*
 * The practice key this device trusts (docs/security.md#encryption): at the first unlock the
 * short fingerprint (crypto keyTag) of the public key derived from the unlocked private key is
 * pinned here per practice. A served key that differs later is warned of and not sealed for.
 */

type Pins = Record<string, string>;

export function pinnedTag(accountId: string): string | undefined {
  return readStored<Pins>(STORAGE_KEYS.practiceKeyPins)?.[accountId];
}

export function pinTag(accountId: string, tag: string): void {
  writeStored(STORAGE_KEYS.practiceKeyPins, { ...readStored<Pins>(STORAGE_KEYS.practiceKeyPins), [accountId]: tag });
}

/** Forgets a practice's pin: encryption was switched off for good (the practice says so, or this device did it). */
export function forgetPin(accountId: string): void {
  const { [accountId]: _forgotten, ...rest } = readStored<Pins>(STORAGE_KEYS.practiceKeyPins) ?? {};
  writeStored(STORAGE_KEYS.practiceKeyPins, Object.keys(rest).length > 0 ? rest : undefined);
}
