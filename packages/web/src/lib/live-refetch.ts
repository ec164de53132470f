import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { retrying, type Retrier } from './retry';

/**
 * What a staff screen does on a live event or a resubscribe: refetch its queries under `keys`
 * (TanStack Query retries a failed request twice itself), and while any shown one is still in
 * error afterwards, again with the backoff of lib/retry.ts — a work view whose refetch fell into
 * a server restart must not keep an old list until the next event.
 */
export function liveRefetch(client: QueryClient, keys: QueryKey[]): Retrier {
  return retrying(async () => {
    await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    // Only what is on screen: an unused query in error is refetched when it is used again.
    return keys.every((queryKey) =>
      client
        .getQueryCache()
        .findAll({ queryKey, type: 'active' })
        .every((query) => query.state.status !== 'error'),
    );
  });
}
