import { sealBody, type SealingKey } from '@wartefrei/shared';
import { fetchEncryptionState } from './encryption.api';

/**
 * A staff entry's body as sent: while the practice encrypts, its patient data sealed for the
 * practice's key like a patient's own (docs/security.md#encryption). The state is read at
 * sending, so a switch made in another tab counts. `extraFields`: an appointment's description.
 */
export async function sealForPractice<T extends object>(body: T, extraFields: readonly string[] = []): Promise<T> {
  const key = await practiceSealingKey();
  return key ? ((await sealBody(body as Record<string, unknown>, key, extraFields)) as T) : body;
}

/** The practice's key to seal for while it encrypts, else null; read anew at each call. */
export async function practiceSealingKey(): Promise<SealingKey | null> {
  const state = await fetchEncryptionState();
  return state.enabled && state.key_id && state.public_key ? { key_id: state.key_id, public_key: state.public_key } : null;
}
