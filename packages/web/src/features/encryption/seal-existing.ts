import { importPublicKey, seal, sealedAnswerKey, sealTargets, type ClearRecord, type SealedFields } from '@wartefrei/shared';
import { fetchClear, sealRecords } from './encryption.api';
import { practiceSealingKey } from './sealing';

/** One record's clear fields as a draw or booking would have sealed them: free-text answers under their question. */
function toSeal(fields: ClearRecord['fields']): SealedFields {
  const { answers, ...own } = fields;
  const entries = [...Object.entries(own), ...Object.entries(answers ?? {}).map(([questionId, text]) => [sealedAnswerKey(questionId), text] as const)];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

/**
 * Sealing what was stored before encryption was switched on (docs/security.md#encryption): the
 * records still in the clear, a batch at a time, sealed here for the practice's public key and
 * written back. Needs no unlocked key. Answers how many were sealed, and how many stayed because
 * they changed under every try (each batch is read anew, so a changed record is read again).
 */
export async function sealExisting(onProgress: (done: number, total: number) => void): Promise<{ sealed: number; left: number }> {
  const key = await practiceSealingKey();
  if (!key) return { sealed: 0, left: 0 };
  const publicKey = await importPublicKey(key.public_key);
  let done = 0;
  let idle = 0;
  for (;;) {
    const batch = await fetchClear();
    if (batch.records.length === 0) return { sealed: done, left: 0 };
    const records = await Promise.all(
      batch.records.map(async (record) => ({ ...record, sealed_data: await seal(toSeal(record.fields), publicKey, key.key_id, sealTargets(record.kind, record.id)[0]!) })),
    );
    const { sealed } = await sealRecords(records);
    done += sealed;
    onProgress(done, done + batch.remaining - sealed);
    idle = sealed === 0 ? idle + 1 : 0;
    if (idle >= 3) return { sealed: done, left: batch.remaining };
  }
}
