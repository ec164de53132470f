import { useQuery } from '@tanstack/react-query';
import type { Account } from '@wartefrei/shared';
import { api } from './api';
import { queryKeys } from './query-keys';
import { useUser } from './session';

/** The signed-in user's account (`GET /accounts/{id}`), one cache entry for every screen. */
export function useAccount(options: { silent?: boolean } = {}) {
  const accountId = useUser()?.account_id ?? '';
  return useQuery({
    queryKey: queryKeys.account(accountId),
    queryFn: () => api.get<Account>(`/accounts/${accountId}`, { silent: options.silent ?? false }),
    enabled: accountId !== '',
  });
}
