import { sealedAnswerKey, type SealedFields, type UnsealedFields, type UnsealInput } from '@wartefrei/shared';
import { ApiRequestError } from '../../lib/api';
import { openSealed } from '../../lib/keyring';
import { disableEncryption, fetchSealed, unsealRecords } from './encryption.api';

const ANSWER_PREFIX = sealedAnswerKey('');

/** What was sealed, as `POST /encryption/unseal` takes it back: the fields, and free-text answers by question. */
function fieldsOf(opened: SealedFields): UnsealedFields {
  const answers = Object.fromEntries(
    Object.entries(opened)
      .filter(([key, value]) => key.startsWith(ANSWER_PREFIX) && value !== null)
      .map(([key, value]) => [key.slice(ANSWER_PREFIX.length), value!]),
  );
  const { display_name, first_name, last_name, birth_date, insurance_number, description } = opened;
  return { display_name, first_name, last_name, birth_date, insurance_number, description, ...(Object.keys(answers).length > 0 ? { answers } : {}) };
}

/** Opens one batch of sealed records with the held key and writes them back; answers how many stayed unreadable. */
async function writeBackBatch(onProgress: (done: number, total: number) => void, done: number): Promise<{ written: number; unreadable: number; total: number }> {
  const batch = await fetchSealed();
  const records: UnsealInput['records'] = [];
  let unreadable = 0;
  for (const record of batch.records) {
    const opened = await openSealed(record.sealed_data);
    if (opened) records.push({ ...record, fields: fieldsOf(opened) });
    else unreadable++;
  }
  const written = records.length > 0 ? (await unsealRecords(records)).unsealed : 0;
  onProgress(done + written, done + batch.remaining);
  return { written, unreadable, total: batch.remaining };
}

/**
 * Switching off (docs/security.md#encryption): every sealed record opened here and written back
 * in the clear, then the key dropped, then one last pass for a draw sealed in that moment.
 * Stops with `unreadable` when records cannot be opened with the practice's key.
 */
export async function switchOff(onProgress: (done: number, total: number) => void): Promise<{ unreadable: number }> {
  let done = 0;
  for (;;) {
    const round = await writeBackBatch(onProgress, done);
    done += round.written;
    if (round.unreadable > 0 && round.written === 0) return { unreadable: round.unreadable };
    if (round.total === 0 || round.written + round.unreadable === round.total) {
      try {
        await disableEncryption();
        break;
      } catch (error) {
        // A record sealed meanwhile: another round.
        if (!(error instanceof ApiRequestError && error.code === 'ENCRYPTION_SEALED_LEFT')) throw error;
      }
    }
  }
  await writeBackBatch(onProgress, done);
  return { unreadable: 0 };
}
