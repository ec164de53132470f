import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EncryptionState } from '@wartefrei/shared';
import { encryptionKeys, fetchEncryptionState } from './encryption.api';

/** The account's encryption and what the caller holds; `replace` puts a fresh answer in place. */
export function useEncryption() {
  const client = useQueryClient();
  const state = useQuery({ queryKey: encryptionKeys.state, queryFn: fetchEncryptionState });
  const replace = (next: EncryptionState) => client.setQueryData(encryptionKeys.state, next);
  // Screens that show patient data open it anew once a key is held or dropped.
  const reopen = () => client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== encryptionKeys.state[0] });
  return { state, replace, reopen };
}
