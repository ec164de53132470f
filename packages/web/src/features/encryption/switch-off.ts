import { sealedAnswerKey, sealTargets, type SealedFields, type UnsealedFields, type UnsealInput } from '@wartefrei/shared';
import { ApiRequestError } from '../../lib/api';
import { openSealed } from '../../lib/keyring';
import { disableEncryption, fetchSealed, unsealRecords } from './encryption.api';
import { forgetPracticeKey } from './practice-key';

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
  for (const { appointment_id, sealed_series_id, ...record } of batch.records) {
    const opened = await openSealed(record.sealed_data, sealTargets(record.kind, record.id, { appointmentId: appointment_id, sealedSeriesId: sealed_series_id }));
    if (opened) records.push({ ...record, fields: fieldsOf(opened) });
    else unreadable++;
  }
  const written = records.length > 0 ? (await unsealRecords(records)).unsealed : 0;
  onProgress(done + written, done + batch.remaining);
  return { written, unreadable, total: batch.remaining };
}

/** `POST /encryption/disable` once: whether encryption is off now (false: records are still sealed). */
async function disableStep(): Promise<boolean> {
  try {
    return !(await disableEncryption()).switching_off;
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'ENCRYPTION_SEALED_LEFT') return false;
    throw error;
  }
}

/**
 * Switching off (docs/security.md#encryption): first the switch, so nothing is sealed any more —
 * the server writes records back in the clear only then, never while encryption is on — then
 * every sealed record opened here and written back, then the key dropped once none is left, then
 * one last pass for a draw sealed in the moment of the switch. A switch-off begun before (a tab
 * closed half-way) goes on the same way. Stops with `unreadable` when records cannot be opened
 * with the practice's key: encryption is then off for new data, and the key stays for them.
 */
export async function switchOff(onProgress: (done: number, total: number) => void): Promise<{ unreadable: number }> {
  let done = 0;
  let off = await disableStep();
  // Switched by this device: its pin goes, so it neither warns of its own switch nor refuses the clear data that follows.
  forgetPracticeKey();
  while (!off) {
    const round = await writeBackBatch(onProgress, done);
    done += round.written;
    if (round.unreadable > 0 && round.written === 0) return { unreadable: round.unreadable };
    // A record sealed meanwhile answers ENCRYPTION_SEALED_LEFT: another round.
    if (round.total === 0 || round.written + round.unreadable === round.total) off = await disableStep();
  }
  await writeBackBatch(onProgress, done);
  return { unreadable: 0 };
}
