import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useUser } from '../../lib/session';
import { connectLive, type LiveStatus } from '../../lib/live';
import type { MemberFilters } from './member-filters';
import { fetchMembers } from './processor.api';
import { queryKeys } from '../../lib/query-keys';

/**
 * A queue's member list, kept current over `/ws`: the staff socket hears every event of
 * `queue:{id}` and each one (and every resubscribe or version gap) refetches the list and the
 * queue (its session may have changed). While the socket is down the last list stays on screen.
 */
export function useLiveMembers(queueId: string, filters: MemberFilters) {
  const user = useUser();
  const client = useQueryClient();
  const [live, setLive] = useState<LiveStatus>('connecting');
  const members = useQuery({ queryKey: queryKeys.members.filtered(queueId, filters), queryFn: () => fetchMembers(queueId, filters) });

  const userId = user?.id;
  const token = user?.token;
  useEffect(() => {
    if (!userId || !token) return undefined;
    const refetch = () => {
      void client.invalidateQueries({ queryKey: queryKeys.members.ofQueue(queueId) });
      void client.invalidateQueries({ queryKey: queryKeys.queues.all });
    };
    const connection = connectLive({
      topics: [`queue:${queueId}`],
      auth: { username: userId, token },
      onEvent: refetch,
      onResync: refetch,
      onStatus: setLive,
    });
    return () => connection.close();
  }, [queueId, userId, token, client]);

  return { members, live };
}
