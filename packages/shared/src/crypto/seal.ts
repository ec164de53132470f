import { utf8 } from './encoding.js';
import { CryptoRefused, decryptWith, encryptFor, type CryptoKey } from './keys.js';

/**
 * Patient data sealed in the patient's (or a staff member's) browser for the account's public
 * key: `wf1s.<wrapped AES key>.<iv>.<ciphertext>`, one fresh AES-GCM key per record. The key's
 * id is bound in as additional data, so a text sealed for another key (or account) is refused
 * as tampered rather than read. Only the account's private key opens it.
 */
export type SealedFields = Record<string, string | null>;

export async function seal(fields: SealedFields, accountPublicKey: CryptoKey, keyId: string): Promise<string> {
  return encryptFor(accountPublicKey, utf8.encode(JSON.stringify(fields)), 'wf1s', `wartefrei:${keyId}`);
}

export async function unseal(sealed: string, accountPrivateKey: CryptoKey, keyId: string): Promise<SealedFields> {
  const plain = await decryptWith(accountPrivateKey, sealed, 'wf1s', `wartefrei:${keyId}`);
  let fields: unknown;
  try {
    fields = JSON.parse(utf8.decode(plain));
  } catch {
    throw new CryptoRefused('MALFORMED');
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new CryptoRefused('MALFORMED');
  for (const value of Object.values(fields)) if (value !== null && typeof value !== 'string') throw new CryptoRefused('MALFORMED');
  return fields as SealedFields;
}

/** Whether a stored value is sealed text (a staff screen shows a placeholder until it can open it). */
export const isSealed = (value: string | null | undefined): value is string => typeof value === 'string' && value.startsWith('wf1s.');
