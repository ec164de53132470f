import { useQueryClient } from '@tanstack/react-query';
import type { Account, UpdateAccountInput } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * Changes the practice's account (`PATCH /accounts/{id}`, failures left to the caller's form) and
 * puts the answer into the one cache entry every screen reads (useAccount), so nothing refetches.
 */
export function usePatchAccount(accountId: string) {
  const client = useQueryClient();
  return async (body: UpdateAccountInput) => {
    const updated = await api.patch<Account>(`/accounts/${accountId}`, body, { silent: true });
    client.setQueryData(queryKeys.account(accountId), updated);
    return updated;
  };
}
