import { utf8 } from './encoding.js';
import { CryptoRefused, decryptWith, encryptFor, type CryptoKey } from './keys.js';

/**
 * Patient data sealed in the patient's (or a staff member's) browser for the account's public
 * key, one fresh AES-GCM key per record: `wf2s.<wrapped AES key>.<iv>.<ciphertext>`, bound as
 * additional data to the key id AND to the record and column it is stored in
 * (`wartefrei:<keyId>:<table>:<recordId>:<column>`), so a text moved to another record, column
 * or account is refused as tampered rather than read as the other record's. The older `wf1s`
 * was bound to the key id only; it still opens (rows sealed before), whatever record holds it.
 * Only the account's private key opens either.
 */
export type SealedFields = Record<string, string | null>;

/** Where a sealed text is stored: the table, the row's id, the column (`sealed_data` unless said). */
export interface SealTarget {
  table: 'queue_members' | 'appointments';
  recordId: string;
  column?: string;
}

const LEGACY = 'wf1s';
const BOUND = 'wf2s';
const boundData = (keyId: string, target: SealTarget) => `wartefrei:${keyId}:${target.table}:${target.recordId}:${target.column ?? 'sealed_data'}`;

/**
 * Seals for one record. `null`: a staff series of appointments, one text for rows whose ids
 * nobody knows beforehand and that an occurrence keeps when moved out of its series — sealed
 * `wf1s`, bound to the key id only (docs/security.md#encryption says so).
 */
export async function seal(fields: SealedFields, accountPublicKey: CryptoKey, keyId: string, target: SealTarget | null): Promise<string> {
  const plain = utf8.encode(JSON.stringify(fields));
  return target ? encryptFor(accountPublicKey, plain, BOUND, boundData(keyId, target)) : encryptFor(accountPublicKey, plain, LEGACY, `wartefrei:${keyId}`);
}

/**
 * Where a ticket's or an appointment's sealed text may rightly come from: its own row, and for a
 * ticket checked in from an appointment that appointment's (check-in hands the text on as it is).
 */
export function sealTargets(kind: 'member' | 'ticket' | 'appointment', id: string, appointmentId?: string | null): SealTarget[] {
  if (kind === 'appointment') return [{ table: 'appointments', recordId: id }];
  return [{ table: 'queue_members', recordId: id }, ...(appointmentId ? [{ table: 'appointments' as const, recordId: appointmentId }] : [])];
}

/** The places of a text as one string (`table:id`, space-separated; a report's `sealed_for`), and back. */
export const placesText = (targets: readonly SealTarget[]): string => targets.map((target) => `${target.table}:${target.recordId}`).join(' ');
export const placesOf = (text: string | null | undefined): SealTarget[] =>
  (text ?? '')
    .split(' ')
    .map((place) => place.split(':'))
    .filter((parts): parts is [SealTarget['table'], string] => parts.length === 2 && (parts[0] === 'queue_members' || parts[0] === 'appointments'))
    .map(([table, recordId]) => ({ table, recordId }));

/**
 * Opens a sealed text found in `targets[0]`; a later target is another place the same text may
 * rightly come from (a ticket checked in from an appointment carries the appointment's text).
 */
export async function unseal(sealed: string, accountPrivateKey: CryptoKey, keyId: string, targets: SealTarget | readonly SealTarget[]): Promise<SealedFields> {
  const plain = sealed.startsWith(`${LEGACY}.`) ? await decryptWith(accountPrivateKey, sealed, LEGACY, `wartefrei:${keyId}`) : await openBound(sealed, accountPrivateKey, keyId, Array.isArray(targets) ? targets : [targets as SealTarget]);
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

async function openBound(sealed: string, privateKey: CryptoKey, keyId: string, targets: readonly SealTarget[]): Promise<ArrayBuffer> {
  if (targets.length === 0) throw new CryptoRefused('TAMPERED');
  let refusal: unknown;
  for (const target of targets) {
    try {
      return await decryptWith(privateKey, sealed, BOUND, boundData(keyId, target));
    } catch (error) {
      // Only another place may still match; a wrong key or a malformed text stays what it is.
      if (!(error instanceof CryptoRefused) || error.problem !== 'TAMPERED') throw error;
      refusal = error;
    }
  }
  throw refusal;
}

/** Whether a stored value is sealed text (a staff screen shows a placeholder until it can open it). */
export const isSealed = (value: string | null | undefined): value is string => typeof value === 'string' && (value.startsWith(`${BOUND}.`) || value.startsWith(`${LEGACY}.`));
