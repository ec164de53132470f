import { beforeAll, describe, expect, it } from 'vitest';
import {
  CryptoRefused,
  encryptFor,
  grantAdditionalData,
  exportPublicKey,
  fingerprint,
  generateKeyPair,
  importPublicKey,
  newRecoveryCode,
  normalizeRecoveryCode,
  openGrant,
  publicKeyOf,
  wrapGrant,
  PBKDF2_ITERATIONS,
  unwrapWithPassphrase,
  unwrapWithPrivateKey,
  wrapForPublicKey,
  wrapWithPassphrase,
  type CryptoKeyPair,
} from './keys.js';
import { isSealed, placesOf, placesText, seal, sealTargets, unseal } from './seal.js';
import { sealBody, SealingKeyMismatch } from './seal-body.js';
import { isKeyTag, keyTag } from './pin.js';
import { fromBase64Url } from './encoding.js';

// The crypto helpers against Node's WebCrypto, the same API the browsers have: round trips, and
// every wrong key, wrong passphrase and changed text refused.

let account: CryptoKeyPair;
let anna: CryptoKeyPair;
let other: CryptoKeyPair;

beforeAll(async () => {
  [account, anna, other] = await Promise.all([generateKeyPair(), generateKeyPair(), generateKeyPair()]);
});

const AT = { table: 'queue_members', recordId: '0b0e5c1e-8f1a-4c55-9a3e-5a7d2b1c9e01' } as const;

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error instanceof CryptoRefused ? error.problem : `other: ${String(error)}`;
  }
  return 'accepted';
};

/** Flips one bit in the last part of a dot-separated text (the ciphertext). */
function tamper(text: string): string {
  const parts = text.split('.');
  const last = parts.at(-1)!;
  const index = Math.floor(last.length / 2);
  const flipped = last[index] === 'A' ? 'B' : 'A';
  return [...parts.slice(0, -1), last.slice(0, index) + flipped + last.slice(index + 1)].join('.');
}

describe('sealing patient data for the account', () => {
  it('round trips, with every sealing different', async () => {
    const fields = { first_name: 'Zoë', last_name: 'Ünal-Øberg', birth_date: '1980-02-29', description: null };
    const one = await seal(fields, account.publicKey, 'key-1', AT);
    const two = await seal(fields, account.publicKey, 'key-1', AT);
    expect(isSealed(one)).toBe(true);
    expect(one).not.toBe(two);
    // No part of it, decoded, holds the name's bytes.
    const name = Buffer.from('Ünal-Øberg');
    expect(
      one
        .split('.')
        .slice(1)
        .some((part) => Buffer.from(fromBase64Url(part)).includes(name)),
    ).toBe(false);
    expect(await unseal(one, account.privateKey, 'key-1', AT)).toEqual(fields);
  });

  it('refuses the wrong private key, another key id, a changed text and garbage', async () => {
    const sealed = await seal({ last_name: 'Muster' }, account.publicKey, 'key-1', AT);
    expect(await refusal(unseal(sealed, other.privateKey, 'key-1', AT))).toBe('WRONG_SECRET');
    expect(await refusal(unseal(sealed, account.privateKey, 'key-2', AT))).toBe('TAMPERED');
    expect(await refusal(unseal(tamper(sealed), account.privateKey, 'key-1', AT))).toBe('TAMPERED');
    expect(await refusal(unseal('wf1s.not.base64!.x', account.privateKey, 'key-1', AT))).toBe('MALFORMED');
    expect(await refusal(unseal('Muster', account.privateKey, 'key-1', AT))).toBe('MALFORMED');
  });

  it('opens with a public key that went through its text form (as the server stores it)', async () => {
    const text = await exportPublicKey(account.publicKey);
    const sealed = await seal({ last_name: 'Muster' }, await importPublicKey(text), 'k', AT);
    expect(await unseal(sealed, account.privateKey, 'k', AT)).toEqual({ last_name: 'Muster' });
    expect(await refusal(importPublicKey('abc'))).toBe('MALFORMED');
  });
});

describe('the account key for one user (key exchange)', () => {
  it('the user opens it with their private key, nobody else', async () => {
    const wrapped = await wrapForPublicKey(account.privateKey, anna.publicKey);
    const unwrapped = await unwrapWithPrivateKey(wrapped, anna.privateKey);
    const sealed = await seal({ last_name: 'Muster' }, account.publicKey, 'k', AT);
    expect(await unseal(sealed, unwrapped, 'k', AT)).toEqual({ last_name: 'Muster' });
    expect(await refusal(unwrapWithPrivateKey(wrapped, other.privateKey))).toBe('WRONG_SECRET');
    expect(await refusal(unwrapWithPrivateKey(tamper(wrapped), anna.privateKey))).toBe('TAMPERED');
  });

  it('fingerprints are stable per key and differ between keys', async () => {
    const text = await exportPublicKey(anna.publicKey);
    expect(await fingerprint(text)).toMatch(/^([0-9A-F]{4} ){7}[0-9A-F]{4}$/);
    expect(await fingerprint(text)).toBe(await fingerprint(text));
    expect(await fingerprint(await exportPublicKey(other.publicKey))).not.toBe(await fingerprint(text));
  });
});

describe('a grant bound to the practice key, the user and the recipient key (wf2k)', () => {
  const keyId = '5d1b7a3e-6f2c-4c1a-9b7e-2f0e8d1c4a10';
  const annaId = '0b6a4c2e-1d3f-4e5a-8b7c-9d0e1f2a3b4c';

  it('the public key derived from a private key is the one it was made with', async () => {
    expect(await publicKeyOf(anna.privateKey)).toBe(await exportPublicKey(anna.publicKey));
    expect(await publicKeyOf(other.privateKey)).not.toBe(await exportPublicKey(anna.publicKey));
    // Also after a round trip under a passphrase, as a browser unlocks it.
    const reopened = await unwrapWithPassphrase(await wrapWithPassphrase(anna.privateKey, 'Lange Passphrase für Anna'), 'Lange Passphrase für Anna');
    expect(await fingerprint(await publicKeyOf(reopened))).toBe(await fingerprint(await exportPublicKey(anna.publicKey)));
  }, 30_000);

  it('opens for the user, key id and recipient it names, and refuses any other', async () => {
    const recipientPublicKey = await exportPublicKey(anna.publicKey);
    const grant = await wrapGrant(account.privateKey, { keyId, userId: annaId, recipientPublicKey });
    expect(grant).toMatch(/^wf2k\./);
    const opened = await openGrant(grant, anna.privateKey, { keyId, userId: annaId });
    expect(await unseal(await seal({ a: 'b' }, account.publicKey, keyId, AT), opened, keyId, AT)).toEqual({ a: 'b' });

    expect(await refusal(openGrant(grant, anna.privateKey, { keyId, userId: '0b6a4c2e-1d3f-4e5a-8b7c-000000000000' }))).toBe('TAMPERED');
    expect(await refusal(openGrant(grant, anna.privateKey, { keyId: '5d1b7a3e-6f2c-4c1a-9b7e-000000000000', userId: annaId }))).toBe('TAMPERED');
    expect(await refusal(openGrant(grant, other.privateKey, { keyId, userId: annaId }))).toBe('WRONG_SECRET');
    expect(await refusal(openGrant(tamper(grant), anna.privateKey, { keyId, userId: annaId }))).toBe('TAMPERED');
    // Relabelled as an unbound grant it is refused too: the binding is in the ciphertext's tag.
    expect(await refusal(openGrant(grant.replace(/^wf2k/, 'wf1k'), anna.privateKey, { keyId, userId: annaId }))).toBe('TAMPERED');
  });

  it('refuses a grant whose binding names another recipient key than the one opening it', async () => {
    // Wrapped for Anna's key but bound to another's (what a server swapping keys would produce): the
    // opener derives its own public key, so the binding does not match.
    const pkcs8 = await globalThis.crypto.subtle.exportKey('pkcs8', account.privateKey);
    const boundToOther = await grantAdditionalData({ keyId, userId: annaId, recipientPublicKey: await exportPublicKey(other.publicKey) });
    const grant = await encryptFor(anna.publicKey, pkcs8, 'wf2k', boundToOther);
    expect(await refusal(openGrant(grant, anna.privateKey, { keyId, userId: annaId }))).toBe('TAMPERED');
  });

  it('a wf1k grant made before the binding still opens', async () => {
    const old = await wrapForPublicKey(account.privateKey, anna.publicKey);
    const opened = await openGrant(old, anna.privateKey, { keyId, userId: annaId });
    expect(await unseal(await seal({ a: 'b' }, account.publicKey, keyId, AT), opened, keyId, AT)).toEqual({ a: 'b' });
  });
});

describe('a private key at rest under a passphrase or the recovery code', () => {
  it(`needs ${PBKDF2_ITERATIONS.toLocaleString('en')} PBKDF2 iterations, opens with the passphrase only`, async () => {
    const wrapped = await wrapWithPassphrase(anna.privateKey, 'Lange Passphrase für Anna');
    expect(wrapped.split('.')[1]).toBe(String(PBKDF2_ITERATIONS));
    const unwrapped = await unwrapWithPassphrase(wrapped, 'Lange Passphrase für Anna');
    const sealed = await seal({ x: 'y' }, anna.publicKey, 'k', AT);
    expect(await unseal(sealed, unwrapped, 'k', AT)).toEqual({ x: 'y' });
    expect(await refusal(unwrapWithPassphrase(wrapped, 'lange Passphrase für Anna'))).toBe('WRONG_SECRET');
    expect(await refusal(unwrapWithPassphrase(tamper(wrapped), 'Lange Passphrase für Anna'))).toBe('WRONG_SECRET');
    // A text claiming fewer iterations is refused before any work: it would weaken the passphrase.
    expect(await refusal(unwrapWithPassphrase(wrapped.replace(`.${PBKDF2_ITERATIONS}.`, '.1000.'), 'x'))).toBe('MALFORMED');
    await expect(wrapWithPassphrase(anna.privateKey, 'x', 1000)).rejects.toThrow(RangeError);
  }, 30_000);

  it('a recovery code is 130 random bits in printable groups, accepted however it is typed', async () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^([A-HJ-NP-Z2-9]{4}-){6}[A-HJ-NP-Z2-9]{2}$/);
    expect(newRecoveryCode()).not.toBe(code);
    expect(normalizeRecoveryCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
    const wrapped = await wrapWithPassphrase(account.privateKey, code);
    const unwrapped = await unwrapWithPassphrase(wrapped, normalizeRecoveryCode(` ${code.toLowerCase()} `));
    expect(await unseal(await seal({ a: 'b' }, account.publicKey, 'k', AT), unwrapped, 'k', AT)).toEqual({ a: 'b' });
  }, 30_000);
});

describe('sealBody', () => {
  it('moves the sealed fields and free-text answers into sealed_data, and leaves mail, phone and the path', async () => {
    const key = { key_id: '5d1b7a3e-6f2c-4c1a-9b7e-2f0e8d1c4a10', public_key: await exportPublicKey(account.publicKey) };
    const sent = await sealBody(
      {
        origin: 'ONLINE',
        first_name: ' Anna ',
        last_name: 'Berg',
        insurance_number: '1237 010180',
        birth_date: '',
        mail: 'anna@example.at',
        description: 'Kontrolle',
        answers: [
          { question_id: 'q1', option_id: 'o1', text: ' Husten ' },
          { question_id: 'q2', option_id: 'o2' },
        ],
      },
      key,
      { table: 'appointments', extraFields: ['description'] },
    );
    expect(sent).toEqual({
      origin: 'ONLINE',
      mail: 'anna@example.at',
      answers: [
        { question_id: 'q1', option_id: 'o1' },
        { question_id: 'q2', option_id: 'o2' },
      ],
      sealed_data: expect.stringMatching(/^wf2s\./),
      record_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await unseal(sent.sealed_data as string, account.privateKey, key.key_id, { table: 'appointments', recordId: sent.record_id as string })).toEqual({
      first_name: 'Anna',
      last_name: 'Berg',
      insurance_number: '1237010180',
      description: 'Kontrolle',
      'answer:q1': 'Husten',
    });
  });

  it('sends no sealed data when nothing is to be sealed', async () => {
    const key = { key_id: '5d1b7a3e-6f2c-4c1a-9b7e-2f0e8d1c4a10', public_key: await exportPublicKey(account.publicKey) };
    expect(await sealBody({ origin: 'KIOSK', first_name: '  ' }, key, { table: 'queue_members' })).toEqual({ origin: 'KIOSK' });
  });

  it('seals a change for the record it names, without a record_id', async () => {
    const key = { key_id: '5d1b7a3e-6f2c-4c1a-9b7e-2f0e8d1c4a10', public_key: await exportPublicKey(account.publicKey) };
    const sent = await sealBody({ last_name: 'Neu' }, key, { table: 'appointments', recordId: AT.recordId });
    expect(sent.record_id).toBeUndefined();
    expect(await unseal(sent.sealed_data as string, account.privateKey, key.key_id, { table: 'appointments', recordId: AT.recordId })).toEqual({ last_name: 'Neu' });
  });

  it('refuses to seal for a served key whose tag is not the expected one, and seals for the right one', async () => {
    const served = { key_id: '5d1b7a3e-6f2c-4c1a-9b7e-2f0e8d1c4a10', public_key: await exportPublicKey(other.publicKey) };
    const expectedTag = await keyTag(await exportPublicKey(account.publicKey));
    await expect(sealBody({ last_name: 'Berg' }, served, { table: 'queue_members', expectedTag })).rejects.toBeInstanceOf(SealingKeyMismatch);
    const right = { ...served, public_key: await exportPublicKey(account.publicKey) };
    expect((await sealBody({ last_name: 'Berg' }, right, { table: 'queue_members', expectedTag })).sealed_data).toMatch(/^wf2s\./);
  });
});

describe('binding sealed data to its record (wf2s)', () => {
  it('refuses a text moved to another record, column, table or key id', async () => {
    const sealed = await seal({ last_name: 'Muster' }, account.publicKey, 'key-1', AT);
    expect(await unseal(sealed, account.privateKey, 'key-1', AT)).toEqual({ last_name: 'Muster' });
    expect(await refusal(unseal(sealed, account.privateKey, 'key-1', { ...AT, recordId: '7c2f3a10-1111-4c55-9a3e-5a7d2b1c9e02' }))).toBe('TAMPERED');
    expect(await refusal(unseal(sealed, account.privateKey, 'key-1', { ...AT, column: 'notes' }))).toBe('TAMPERED');
    expect(await refusal(unseal(sealed, account.privateKey, 'key-1', { ...AT, table: 'appointments' }))).toBe('TAMPERED');
    expect(await refusal(unseal(sealed, account.privateKey, 'key-2', AT))).toBe('TAMPERED');
  });

  it('opens a text from another place named as rightful (a ticket checked in from its appointment)', async () => {
    const appointment = { table: 'appointments', recordId: '7c2f3a10-1111-4c55-9a3e-5a7d2b1c9e02' } as const;
    const sealed = await seal({ last_name: 'Muster' }, account.publicKey, 'key-1', appointment);
    expect(await unseal(sealed, account.privateKey, 'key-1', [AT, appointment])).toEqual({ last_name: 'Muster' });
    expect(await refusal(unseal(sealed, account.privateKey, 'key-1', [AT]))).toBe('TAMPERED');
  });

  it('opens a staff series’ text at an occurrence carrying that series only', async () => {
    const seriesId = '5b0e1c22-2222-4d66-8b4f-6b8e3c2dab13';
    const occurrence = '7c2f3a10-1111-4c55-9a3e-5a7d2b1c9e02';
    const sealed = await seal({ last_name: 'Serie' }, account.publicKey, 'key-1', { table: 'appointment_series', recordId: seriesId });
    expect(await unseal(sealed, account.privateKey, 'key-1', sealTargets('appointment', occurrence, { sealedSeriesId: seriesId }))).toEqual({ last_name: 'Serie' });
    // Moved to an appointment of no series, of another series, or read as the series' own row: refused.
    expect(await refusal(unseal(sealed, account.privateKey, 'key-1', sealTargets('appointment', occurrence)))).toBe('TAMPERED');
    expect(await refusal(unseal(sealed, account.privateKey, 'key-1', sealTargets('appointment', occurrence, { sealedSeriesId: occurrence })))).toBe('TAMPERED');
    expect(await refusal(unseal(sealed, account.privateKey, 'key-1', { table: 'appointments', recordId: seriesId }))).toBe('TAMPERED');
    // A ticket checked in from such an occurrence names the series too; its report place says so.
    const ticket = sealTargets('member', '9d3f2e44-3333-4e77-9c50-7c9f4d3ebc24', { appointmentId: occurrence, sealedSeriesId: seriesId });
    expect(await unseal(sealed, account.privateKey, 'key-1', placesOf(placesText(ticket)))).toEqual({ last_name: 'Serie' });
  });

  it('still opens a legacy wf1s text, bound to the key id only', async () => {
    const legacy = await encryptFor(account.publicKey, new TextEncoder().encode(JSON.stringify({ last_name: 'Alt' })), 'wf1s', 'wartefrei:key-1');
    expect(isSealed(legacy)).toBe(true);
    expect(await unseal(legacy, account.privateKey, 'key-1', AT)).toEqual({ last_name: 'Alt' });
    expect(await refusal(unseal(legacy, account.privateKey, 'key-2', AT))).toBe('TAMPERED');
  });
});

describe('the practice key in the browser', () => {
  it('derives the public key from the private key, byte for byte', async () => {
    expect(await publicKeyOf(account.privateKey)).toBe(await exportPublicKey(account.publicKey));
    expect(await publicKeyOf(account.privateKey)).not.toBe(await exportPublicKey(other.publicKey));
  });

  it('tags a key with 22 base64url characters, different for another key', async () => {
    const tag = await keyTag(await exportPublicKey(account.publicKey));
    expect(isKeyTag(tag)).toBe(true);
    expect(tag).not.toBe(await keyTag(await exportPublicKey(other.publicKey)));
    expect(isKeyTag('short')).toBe(false);
  });
});
