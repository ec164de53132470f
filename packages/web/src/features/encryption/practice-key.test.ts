import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportPublicKey, generateKeyPair, keyTag, type CryptoKeyPair, type LoggedUser } from '@wartefrei/shared';
import { forgetAccountKey, holdAccountKey } from '../../lib/keyring';
import { pinnedTag } from '../../lib/key-pin';
import { clearUser, setUser } from '../../lib/session';
import { judgePracticeKey, PracticeKeyRefused, trustedSealingKey, trustServedKey } from './practice-key';

// Whether a staff tab trusts the practice key the server serves: the one derived from the key it
// holds unlocked, and the one this device pinned at its first unlock — never the server's word alone.
const user = { id: 'u-1', account_id: '5d1b7a3e-6f2c-4c1a-9b7e-2f0e8d1c4a10' } as LoggedUser;
const keyId = '0b0e5c1e-8f1a-4c55-9a3e-5a7d2b1c9e01';
let practice: CryptoKeyPair;
let other: CryptoKeyPair;
let served: { key_id: string; public_key: string };
let foreign: { key_id: string; public_key: string };

beforeAll(async () => {
  [practice, other] = await Promise.all([generateKeyPair(), generateKeyPair()]);
  served = { key_id: keyId, public_key: await exportPublicKey(practice.publicKey) };
  foreign = { key_id: keyId, public_key: await exportPublicKey(other.publicKey) };
});
beforeEach(() => {
  localStorage.clear();
  forgetAccountKey();
  clearUser();
  setUser(user);
});

describe('the practice key a staff tab seals for', () => {
  it('is taken as served while nothing is pinned or held, and pinned at the first unlock that confirms it', async () => {
    expect(await judgePracticeKey(served)).toEqual({ kind: 'unverified' });
    expect(pinnedTag(user.account_id)).toBeUndefined();
    holdAccountKey({ userId: user.id, keyId, privateKey: practice.privateKey });
    expect(await judgePracticeKey(served)).toEqual({ kind: 'trusted', tag: await keyTag(served.public_key) });
    expect(pinnedTag(user.account_id)).toBe(await keyTag(served.public_key));
  }, 30_000);

  it('refuses a served key that is not the held one', async () => {
    holdAccountKey({ userId: user.id, keyId, privateKey: practice.privateKey });
    expect((await judgePracticeKey(foreign)).kind).toBe('heldDiffers');
    await expect(trustedSealingKey(foreign)).rejects.toBeInstanceOf(PracticeKeyRefused);
    // Nothing pinned for a key the tab could not confirm.
    expect(pinnedTag(user.account_id)).toBeUndefined();
  }, 30_000);

  it('refuses a served key other than the pinned one, locked too; a new key is pinned only by a tab that holds it', async () => {
    holdAccountKey({ userId: user.id, keyId, privateKey: practice.privateKey });
    await judgePracticeKey(served);
    forgetAccountKey();
    expect(await judgePracticeKey(foreign)).toMatchObject({ kind: 'pinDiffers', canRepin: false });
    expect(await trustServedKey(foreign)).toBe(false);
    await expect(trustedSealingKey(foreign)).rejects.toBeInstanceOf(PracticeKeyRefused);
    // The practice really has a new key (switched off and on): a tab holding it may pin it.
    holdAccountKey({ userId: user.id, keyId, privateKey: other.privateKey });
    expect(await judgePracticeKey(foreign)).toMatchObject({ kind: 'pinDiffers', canRepin: true });
    expect(await trustServedKey(foreign)).toBe(true);
    expect(await judgePracticeKey(foreign)).toEqual({ kind: 'trusted', tag: await keyTag(foreign.public_key) });
  }, 30_000);

  it('sends nothing in the clear when the server says off while a key is pinned', async () => {
    holdAccountKey({ userId: user.id, keyId, privateKey: practice.privateKey });
    await judgePracticeKey(served);
    expect((await judgePracticeKey(null)).kind).toBe('offButPinned');
    await expect(trustedSealingKey(null)).rejects.toBeInstanceOf(PracticeKeyRefused);
    localStorage.clear();
    expect(await trustedSealingKey(null)).toBeNull();
  }, 30_000);
});
