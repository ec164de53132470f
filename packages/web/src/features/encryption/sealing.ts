import { sealBody, type SealBodyOptions, type SealingKey } from '@wartefrei/shared';
import { fetchEncryptionState } from './encryption.api';
import { trustedSealingKey } from './practice-key';

/**
 * A staff entry's body as sent: while the practice encrypts, its patient data sealed for the
 * practice's key like a patient's own and bound to its record (docs/security.md#encryption).
 * The state is read at sending, so a switch made in another tab counts; a served key this
 * device does not trust is refused (PracticeKeyRefused), nothing is sent.
 */
export async function sealForPractice<T extends object>(body: T, options: Omit<SealBodyOptions, 'expectedTag'>): Promise<T> {
  const key = await practiceSealingKey();
  return key ? ((await sealBody(body as Record<string, unknown>, key, options)) as T) : body;
}

/** The practice's key to seal for while it encrypts, else null; read anew at each call and checked (practice-key.ts): refused while it differs from this device's pin, or is gone while a pin is held. */
export async function practiceSealingKey(): Promise<SealingKey | null> {
  const state = await fetchEncryptionState();
  return trustedSealingKey(state.enabled && state.key_id && state.public_key ? { key_id: state.key_id, public_key: state.public_key } : null);
}
