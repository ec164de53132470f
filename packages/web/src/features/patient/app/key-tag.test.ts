import { beforeEach, describe, expect, it } from 'vitest';
import { exportPublicKey, generateKeyPair, keyTag, SealingKeyMismatch } from '@wartefrei/shared';
import { expectedKeyTag, rememberKeyTag } from './key-tag';
import { sealForServedKey } from './seal-served';

// The `#k=` of a printed link, remembered for the tab per practice, and what the patient pages
// do with it: seal only for a served key with that fingerprint, and send nothing without one.
const tag = 'AbCdEfGhIjKlMnOpQrStUv';
const at = (pathname: string, hash = '') => ({ pathname, hash });

beforeEach(() => sessionStorage.clear());

describe('the key tag a patient page was opened with', () => {
  it('is kept per practice across navigation that drops the fragment, and not handed to another practice', () => {
    rememberKeyTag(at('/praxis-demo/wien/allgemein', `#k=${tag}`));
    expect(expectedKeyTag(at('/praxis-demo/wien/allgemein/book'))).toBe(tag);
    expect(expectedKeyTag(at('/praxis-demo'))).toBe(tag);
    expect(expectedKeyTag(at('/andere-praxis/wien'))).toBeUndefined();
    rememberKeyTag(at('/q/5d1b7a3e-6f2c-4c1a-9b7e-2f0e8d1c4a10', `#k=${tag}`));
    expect(expectedKeyTag(at('/queue/5d1b7a3e-6f2c-4c1a-9b7e-2f0e8d1c4a10/book'))).toBe(tag);
  });

  it('ignores what is no tag', () => {
    rememberKeyTag(at('/praxis-demo/wien', '#k=zu-kurz'));
    expect(expectedKeyTag(at('/praxis-demo/wien'))).toBeUndefined();
  });
});

describe('sealing for the served key', () => {
  it('seals for the key the link names, refuses another or none, and seals as served without a tag', async () => {
    const practice = { key_id: '5d1b7a3e-6f2c-4c1a-9b7e-2f0e8d1c4a10', public_key: await exportPublicKey((await generateKeyPair()).publicKey) };
    const other = { ...practice, public_key: await exportPublicKey((await generateKeyPair()).publicKey) };
    const body = { origin: 'ONLINE', last_name: 'Berg' };
    history.replaceState(null, '', `/praxis-demo/wien/allgemein#k=${await keyTag(practice.public_key)}`);
    expect((await sealForServedKey(body, practice, { table: 'queue_members' })).sealed_data).toMatch(/^wf2s\./);
    await expect(sealForServedKey(body, other, { table: 'queue_members' })).rejects.toBeInstanceOf(SealingKeyMismatch);
    // A server that claims the practice stopped encrypting gets nothing either.
    await expect(sealForServedKey(body, null, { table: 'queue_members' })).rejects.toBeInstanceOf(SealingKeyMismatch);

    history.replaceState(null, '', '/andere-praxis/wien/allgemein');
    expect(await sealForServedKey(body, null, { table: 'queue_members' })).toBe(body);
    expect((await sealForServedKey(body, other, { table: 'queue_members' })).sealed_data).toMatch(/^wf2s\./);
  }, 30_000);
});
