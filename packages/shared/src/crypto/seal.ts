import { utf8 } from './encoding.js';
import { CryptoRefused, decryptWith, encryptFor, type CryptoKey } from './keys.js';

/**
 * Patient data sealed in the patient's (or a staff member's) browser for the account's public
 * key, one fresh AES-GCM key per record: `wf2s.<wrapped AES key>.<iv>.<ciphertext>`, bound as
 * additional data to the key id AND to the record and column it is stored in
 * (`wartefrei:<keyId>:<table>:<recordId>:<column>`), so a text moved to another record, column
 * or account is refused as tampered rather than read as the other record's. The older `wf1s`
 * was bound to the key id only (every text before, a staff series' until it was bound to its
 * series id); it still opens (rows sealed before), whatever record holds it.
 * Only the account's private key opens either.
 */
export type SealedFields = Record<string, string | null>;

/**
 * Where a sealed text is stored: the table, the row's id, the column (`sealed_data` unless said).
 * `appointment_series`: one text for every occurrence of a staff series, bound to the series id
 * the sealing browser chose (`record_id` of a booking with a recurrence) — an occurrence keeps
 * it when moved out of its series (`sealed_series_id`).
 */
export interface SealTarget {
  table: 'queue_members' | 'appointments' | 'appointment_series';
  recordId: string;
  column?: string;
}
const TABLES: readonly string[] = ['queue_members', 'appointments', 'appointment_series'] satisfies SealTarget['table'][];

const LEGACY = 'wf1s';
const BOUND = 'wf2s';
const boundData = (keyId: string, target: SealTarget) => `wartefrei:${keyId}:${target.table}:${target.recordId}:${target.column ?? 'sealed_data'}`;

/** Seals for one record (or one series of appointments): only `wf2s` is written. */
export async function seal(fields: SealedFields, accountPublicKey: CryptoKey, keyId: string, target: SealTarget): Promise<string> {
  return encryptFor(accountPublicKey, utf8.encode(JSON.stringify(fields)), BOUND, boundData(keyId, target));
}

/** Where else a record's text may come from than its own row: see sealTargets. */
export interface SealOrigins {
  /** A ticket checked in from an appointment: that appointment. */
  appointmentId?: string | null;
  /** The staff series whose one text the row carries (`sealed_series_id`). */
  sealedSeriesId?: string | null;
}

/**
 * Where a ticket's or an appointment's sealed text may rightly come from: its own row; for a
 * ticket checked in from an appointment that appointment's (check-in hands the text on as it
 * is); and the series whose text an occurrence (or the ticket checked in from it) carries.
 */
export function sealTargets(kind: 'member' | 'ticket' | 'appointment', id: string, origins: SealOrigins = {}): SealTarget[] {
  const own: SealTarget = kind === 'appointment' ? { table: 'appointments', recordId: id } : { table: 'queue_members', recordId: id };
  return [
    own,
    ...(kind !== 'appointment' && origins.appointmentId ? [{ table: 'appointments' as const, recordId: origins.appointmentId }] : []),
    ...(origins.sealedSeriesId ? [{ table: 'appointment_series' as const, recordId: origins.sealedSeriesId }] : []),
  ];
}

/** The places of a text as one string (`table:id`, space-separated; a report's `sealed_for`), and back. */
export const placesText = (targets: readonly SealTarget[]): string => targets.map((target) => `${target.table}:${target.recordId}`).join(' ');
export const placesOf = (text: string | null | undefined): SealTarget[] =>
  (text ?? '')
    .split(' ')
    .map((place) => place.split(':'))
    .filter((parts): parts is [SealTarget['table'], string] => parts.length === 2 && TABLES.includes(parts[0]!))
    .map(([table, recordId]) => ({ table, recordId }));

/**
 * Opens a sealed text found in `targets[0]`; a later target is another place the same text may
 * rightly come from (a ticket checked in from an appointment carries the appointment's text).
 */
export async function unseal(sealed: string, accountPrivateKey: CryptoKey, keyId: string, targets: SealTarget | readonly SealTarget[]): Promise<SealedFields> {
  const plain = sealed.startsWith(`${LEGACY}.`)
    ? await decryptWith(accountPrivateKey, sealed, LEGACY, `wartefrei:${keyId}`)
    : await openBound(sealed, accountPrivateKey, keyId, Array.isArray(targets) ? targets : [targets as SealTarget]);
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
