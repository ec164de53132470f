import { SEALED_PATIENT_FIELDS, sealedAnswerKey, type SealingKeyShape } from './sealed-fields.js';
import { importPublicKey } from './keys.js';
import { seal, type SealedFields } from './seal.js';

/**
 * A draw's or booking's body as a browser sends it while the practice encrypts
 * (docs/security.md#encryption): the sealed fields (and `extraFields`, an appointment's
 * description) and the free-text answers leave the body and travel in `sealed_data`, sealed
 * for the practice's key. Check the clear body first: the server cannot check what is sealed.
 */
export async function sealBody(body: Record<string, unknown>, key: SealingKeyShape, extraFields: readonly string[] = []): Promise<Record<string, unknown>> {
  const fields: SealedFields = {};
  const rest: Record<string, unknown> = { ...body };
  for (const field of [...SEALED_PATIENT_FIELDS, ...extraFields]) {
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
  if (Object.keys(fields).length > 0) rest.sealed_data = await seal(fields, await importPublicKey(key.public_key), key.key_id);
  return rest;
}
