import { sealBody } from '@wartefrei/shared';
import { fetchEncryptionState } from './encryption.api';

/**
 * A staff entry's body as sent: while the practice encrypts, its patient data sealed for the
 * practice's key like a patient's own (docs/security.md#encryption). The state is read at
 * sending, so a switch made in another tab counts. `extraFields`: an appointment's description.
 */
export async function sealForPractice<T extends object>(body: T, extraFields: readonly string[] = []): Promise<T> {
  const state = await fetchEncryptionState();
  if (!state.enabled || !state.key_id || !state.public_key) return body;
  return (await sealBody(body as Record<string, unknown>, { key_id: state.key_id, public_key: state.public_key }, extraFields)) as T;
}
