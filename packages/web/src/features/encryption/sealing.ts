import type { QueryClient } from '@tanstack/react-query';
import { sealBody } from '@wartefrei/shared';
import { encryptionKeys, fetchEncryptionState } from './encryption.api';

/**
 * A staff entry's body as sent: while the practice encrypts, its patient data sealed for the
 * practice's key like a patient's own (docs/security.md#encryption). `extraFields`: an
 * appointment's description.
 */
export async function sealForPractice(client: QueryClient, body: Record<string, unknown>, extraFields: readonly string[] = []): Promise<Record<string, unknown>> {
  const state = await client.ensureQueryData({ queryKey: encryptionKeys.state, queryFn: fetchEncryptionState });
  if (!state.enabled || !state.key_id || !state.public_key) return body;
  return sealBody(body, { key_id: state.key_id, public_key: state.public_key }, extraFields);
}
