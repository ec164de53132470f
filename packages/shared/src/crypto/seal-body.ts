import { SEALED_PATIENT_FIELDS, sealedAnswerKey, type SealingKeyShape } from './sealed-fields.js';
import { importPublicKey } from './keys.js';
import { keyTag } from './pin.js';
import { seal, type SealedFields, type SealTarget } from './seal.js';

/** The served key is not the one the page was told to expect (`#k=` of a printed link, a device's pin): nothing was sealed. */
export class SealingKeyMismatch extends Error {
  constructor() {
    super('SEALING_KEY_MISMATCH');
  }
}

export interface SealBodyOptions {
  /** The table the record lands in; `appointment_series`: a staff series, `recordId` its series id. */
  table: SealTarget['table'];
  /**
   * The record's id where it exists already (a change). A new record's id is chosen here (UUID v4)
   * and sent as `record_id`: the server stores the row under it, so the text is bound to its row.
   */
  recordId?: string;
  /** More fields to seal: an appointment's description. */
  extraFields?: readonly string[];
  /** The key tag the served key must have (pin.ts); without one the served key is taken as it is. */
  expectedTag?: string;
}

/**
 * A draw's or booking's body as a browser sends it while the practice encrypts
 * (docs/security.md#encryption): the sealed fields (and `extraFields`, an appointment's
 * description) and the free-text answers leave the body and travel in `sealed_data`, sealed
 * for the practice's key and bound to the record. Check the clear body first: the server cannot
 * check what is sealed. Throws SealingKeyMismatch before sealing anything when `expectedTag` is not the served key's.
 */
export async function sealBody(body: Record<string, unknown>, key: SealingKeyShape, options: SealBodyOptions): Promise<Record<string, unknown>> {
  if (options.expectedTag !== undefined && (await keyTag(key.public_key)) !== options.expectedTag) throw new SealingKeyMismatch();
  const fields: SealedFields = {};
  const rest: Record<string, unknown> = { ...body };
  for (const field of [...SEALED_PATIENT_FIELDS, ...(options.extraFields ?? [])]) {
    const value = rest[field];
    delete rest[field];
    // Stored as the server would have stored it in the clear: trimmed, an insurance number without spaces.
    const kept = typeof value === 'string' ? (field === 'insurance_number' ? value.replace(/\s+/g, '') : value.trim()) : '';
    if (kept !== '') fields[field] = kept;
  }
  if (Array.isArray(rest.answers)) {
    rest.answers = (rest.answers as { question_id: string; option_id: string; text?: string }[]).map(({ text, ...answer }) => {
      if (text !== undefined && text.trim() !== '') fields[sealedAnswerKey(answer.question_id)] = text.trim();
      return answer;
    });
  }
  if (Object.keys(fields).length > 0) {
    const publicKey = await importPublicKey(key.public_key);
    const recordId = options.recordId ?? globalThis.crypto.randomUUID();
    rest.sealed_data = await seal(fields, publicKey, key.key_id, { table: options.table, recordId });
    if (options.recordId === undefined) rest.record_id = recordId;
  }
  return rest;
}
