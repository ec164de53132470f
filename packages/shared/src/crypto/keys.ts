import { fromBase64Url, toBase64Url, utf8 } from './encoding.js';

/*
 * End-to-end encryption of patient data with the browser's own WebCrypto (docs/security.md#encryption):
 * no cryptography of our own, only its composition. The same functions run in every browser
 * and in Node (globalThis.crypto), where the unit tests prove them.
 *
 *  - Key pairs (the account's, each user's): RSA-OAEP 3072 with SHA-256.
 *  - A user's private key rests wrapped by a key derived from their passphrase (PBKDF2-SHA-256,
 *    600,000 iterations, a fresh salt) with AES-GCM; the account's recovery code works the same way.
 *  - The account's private key reaches a user wrapped for their public key: a fresh AES-GCM key
 *    encrypts it, RSA-OAEP wraps that AES key.
 *  - Patient data is sealed (seal.ts) the same way for the account's public key.
 *
 * Every text format starts with its kind and version (`wf1p`, `wf2k` (`wf1k` before grants were bound), `wf2s` (`wf1s` before sealed data was bound to its record)) and is dot-separated base64url.
 */

export const PBKDF2_ITERATIONS = 600_000;
const subtle = () => globalThis.crypto.subtle;
// The key types as this runtime's WebCrypto declares them (the DOM's in the browser, Node's in tests).
export type CryptoKey = Awaited<ReturnType<ReturnType<typeof subtle>['importKey']>>;
export interface CryptoKeyPair {
  publicKey: CryptoKey;
  privateKey: CryptoKey;
}
const RSA = { name: 'RSA-OAEP', modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
const RSA_IMPORT = { name: 'RSA-OAEP', hash: 'SHA-256' };
const gcm = (iv: Uint8Array<ArrayBuffer>, additionalData?: string) => ({
  name: 'AES-GCM',
  iv,
  ...(additionalData === undefined ? {} : { additionalData: utf8.encode(additionalData) }),
});
const random = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(new ArrayBuffer(length)));

/** Why a key or a sealed text was refused: a wrong passphrase or key, a changed text, or no such format. */
export type CryptoProblem = 'WRONG_SECRET' | 'TAMPERED' | 'MALFORMED';
export class CryptoRefused extends Error {
  constructor(readonly problem: CryptoProblem) {
    super(problem);
  }
}

/** The parts of a `kind.part.part…` text, checked for kind and count. */
export function partsOf(text: string, kind: string, count: number): Uint8Array<ArrayBuffer>[] {
  const parts = text.split('.');
  if (parts[0] !== kind || parts.length !== count + 1) throw new CryptoRefused('MALFORMED');
  try {
    return parts.slice(1).map(fromBase64Url);
  } catch {
    throw new CryptoRefused('MALFORMED');
  }
}

/** A new key pair; the private key is extractable so that it can be wrapped for others. */
export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return await subtle().generateKey(RSA, true, ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey']);
}

/** The public key as text (SubjectPublicKeyInfo, base64url): what the server stores. */
export async function exportPublicKey(key: CryptoKey): Promise<string> {
  return toBase64Url(await subtle().exportKey('spki', key));
}

export async function importPublicKey(text: string): Promise<CryptoKey> {
  try {
    return await subtle().importKey('spki', fromBase64Url(text), RSA_IMPORT, true, ['encrypt', 'wrapKey']);
  } catch {
    throw new CryptoRefused('MALFORMED');
  }
}

async function importPrivateKey(pkcs8: ArrayBuffer): Promise<CryptoKey> {
  return subtle().importKey('pkcs8', pkcs8, RSA_IMPORT, true, ['decrypt', 'unwrapKey']);
}

/**
 * What a person compares to know a key is the one they expect (the key exchange shows it on
 * both screens): the first 16 bytes of the public key's SHA-256, in groups of four hex digits.
 */
export async function fingerprint(publicKeyText: string): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', fromBase64Url(publicKeyText)));
  const hex = [...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('');
  return hex.match(/.{4}/g)!.join(' ');
}

async function passphraseKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', utf8.encode(passphrase.normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey({ name: 'PBKDF2', salt, iterations, hash: 'SHA-256' }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** A private key wrapped with a passphrase (or a recovery code): `wf1p.<iterations>.<salt>.<iv>.<ciphertext>`. */
export async function wrapWithPassphrase(privateKey: CryptoKey, passphrase: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  if (iterations < PBKDF2_ITERATIONS) throw new RangeError(`at least ${PBKDF2_ITERATIONS} iterations`);
  const salt = random(16);
  const iv = random(12);
  const key = await passphraseKey(passphrase, salt, iterations);
  const sealed = await subtle().encrypt({ name: 'AES-GCM', iv }, key, await subtle().exportKey('pkcs8', privateKey));
  return ['wf1p', String(iterations), toBase64Url(salt), toBase64Url(iv), toBase64Url(sealed)].join('.');
}

export async function unwrapWithPassphrase(wrapped: string, passphrase: string): Promise<CryptoKey> {
  const [kind, iterationsText, ...rest] = wrapped.split('.');
  const iterations = Number(iterationsText);
  if (kind !== 'wf1p' || !Number.isInteger(iterations) || iterations < PBKDF2_ITERATIONS || iterations > 10_000_000) throw new CryptoRefused('MALFORMED');
  const [salt, iv, sealed] = partsOf(['wf1p', ...rest].join('.'), 'wf1p', 3) as [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>];
  const key = await passphraseKey(passphrase, salt, iterations);
  let pkcs8: ArrayBuffer;
  try {
    pkcs8 = await subtle().decrypt({ name: 'AES-GCM', iv }, key, sealed);
  } catch {
    // AES-GCM cannot tell a wrong passphrase from a changed text; the passphrase is the likely one.
    throw new CryptoRefused('WRONG_SECRET');
  }
  return importPrivateKey(pkcs8);
}

/** Bytes for one recipient: a fresh AES-GCM key encrypts them, RSA-OAEP wraps that key. */
export async function encryptFor(recipient: CryptoKey, plain: ArrayBuffer | Uint8Array<ArrayBuffer>, kind: string, additionalData?: string): Promise<string> {
  const aes = await subtle().generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const iv = random(12);
  const sealed = await subtle().encrypt(gcm(iv, additionalData), aes, plain);
  const wrappedKey = await subtle().wrapKey('raw', aes, recipient, { name: 'RSA-OAEP' });
  return [kind, toBase64Url(wrappedKey), toBase64Url(iv), toBase64Url(sealed)].join('.');
}

export async function decryptWith(privateKey: CryptoKey, text: string, kind: string, additionalData?: string): Promise<ArrayBuffer> {
  const [wrappedKey, iv, sealed] = partsOf(text, kind, 3) as [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>];
  let aes: CryptoKey;
  try {
    aes = await subtle().unwrapKey('raw', wrappedKey, privateKey, { name: 'RSA-OAEP' }, { name: 'AES-GCM', length: 256 }, false, ['decrypt']);
  } catch {
    throw new CryptoRefused('WRONG_SECRET');
  }
  try {
    return await subtle().decrypt(gcm(iv, additionalData), aes, sealed);
  } catch {
    throw new CryptoRefused('TAMPERED');
  }
}

/**
 * The public key of a private key, as text: derived from the key itself (its JWK's modulus and
 * exponent), never taken from what a server serves. What the browser shows as "your fingerprint"
 * and wraps grants for is this, so a replaced public key on the server cannot pass as one's own;
 * a staff tab compares it with the practice key served to seal for (docs/security.md#encryption).
 */
export async function publicKeyOf(privateKey: CryptoKey): Promise<string> {
  const jwk = await subtle().exportKey('jwk', privateKey);
  if (!jwk.n || !jwk.e) throw new CryptoRefused('MALFORMED');
  const publicJwk = { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RSA-OAEP-256', ext: true };
  return exportPublicKey(await subtle().importKey('jwk', publicJwk, RSA_IMPORT, true, ['encrypt', 'wrapKey']));
}

/** Who a grant of the practice key is for: the practice key's id, the user, and the recipient's public key (text). */
export interface GrantBinding {
  keyId: string;
  userId: string;
  recipientPublicKey: string;
}

/** The additional data of a `wf2k` grant: `wartefrei:grant:<keyId>:<userId>:<sha256(spki), base64url>`. */
export async function grantAdditionalData({ keyId, userId, recipientPublicKey }: GrantBinding): Promise<string> {
  const hash = toBase64Url(await subtle().digest('SHA-256', fromBase64Url(recipientPublicKey)));
  return `wartefrei:grant:${keyId}:${userId}:${hash}`;
}

/**
 * The account's private key for one user (key exchange): `wf2k.<wrapped key>.<iv>.<ciphertext>`,
 * bound by AES-GCM additional data to the practice key's id, the user and the recipient key's
 * hash: a grant moved to another user, another practice key or made for another key is refused
 * when opened. The recipient key is imported from the very text the binding names.
 */
export async function wrapGrant(privateKey: CryptoKey, binding: GrantBinding): Promise<string> {
  const recipient = await importPublicKey(binding.recipientPublicKey);
  return encryptFor(recipient, await subtle().exportKey('pkcs8', privateKey), 'wf2k', await grantAdditionalData(binding));
}

/**
 * Opens a grant with the recipient's private key. A `wf2k` grant is checked against the binding the
 * opening browser expects (its recipient key derived from the private key, not served); an
 * older `wf1k` grant carries no binding and still opens (docs/security.md#encryption says why).
 */
export async function openGrant(wrapped: string, recipientPrivateKey: CryptoKey, expected: Omit<GrantBinding, 'recipientPublicKey'>): Promise<CryptoKey> {
  if (wrapped.startsWith('wf1k.')) return unwrapWithPrivateKey(wrapped, recipientPrivateKey);
  const additionalData = await grantAdditionalData({ ...expected, recipientPublicKey: await publicKeyOf(recipientPrivateKey) });
  return importPrivateKey(await decryptWith(recipientPrivateKey, wrapped, 'wf2k', additionalData));
}

/**
 * The account's private key for one user without a binding: `wf1k.<wrapped key>.<iv>.<ciphertext>`.
 * New grants are `wf2k` (`wrapGrant`); this stays to prove that grants made before still open.
 */
export async function wrapForPublicKey(privateKey: CryptoKey, recipientPublicKey: CryptoKey): Promise<string> {
  return encryptFor(recipientPublicKey, await subtle().exportKey('pkcs8', privateKey), 'wf1k');
}

/** Opens a `wf1k` grant (no binding); `openGrant` opens both formats. */
export async function unwrapWithPrivateKey(wrapped: string, recipientPrivateKey: CryptoKey): Promise<CryptoKey> {
  return importPrivateKey(await decryptWith(recipientPrivateKey, wrapped, 'wf1k'));
}

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A recovery code: 130 random bits in 26 characters of an alphabet without 0/O and 1/I,
 * grouped by four for printing (`ABCD-EFGH-…`). It is a passphrase like any other.
 */
export function newRecoveryCode(): string {
  const bytes = random(26);
  const chars = [...bytes].map((b) => BASE32[b & 31]).join('');
  return chars.match(/.{1,4}/g)!.join('-');
}

/** A typed recovery code as it was printed: upper case, groups of four, whatever spaces or dashes were typed. */
export function normalizeRecoveryCode(typed: string): string {
  const chars = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return chars.match(/.{1,4}/g)?.join('-') ?? '';
}
