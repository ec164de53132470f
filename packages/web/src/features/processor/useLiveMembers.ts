import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useUser } from '../../lib/session';
import { accountEventConcerns } from '../../lib/account-events';
import { connectLive, type LiveStatus } from '../../lib/live';
import { liveRefetch } from '../../lib/live-refetch';
import type { MemberFilters } from './member-filters';
import { fetchWorkView } from './processor.api';
import { queryKeys } from '../../lib/query-keys';

/**
 * A queue's member list and today's appointments, kept current over `/ws`: the staff socket
 * hears every event of `queue:{id}` and the list's `appointments.changed` and `alerts.changed`, and each one (and
 * every resubscribe or version gap) refetches the list and the queue (its session may have
 * changed). While the socket is down the last list stays on screen.
 */
export function useLiveMembers(queueId: string, filters: MemberFilters) {
  const user = useUser();
  const client = useQueryClient();
  const [live, setLive] = useState<LiveStatus>('connecting');
  const members = useQuery({ queryKey: queryKeys.members.filtered(queueId, filters), queryFn: () => fetchWorkView(queueId, filters) });

  const userId = user?.id;
  const token = user?.token;
  const accountId = user?.account_id;
  useEffect(() => {
    if (!userId || !token || !accountId) return undefined;
    const sync = liveRefetch(client, [queryKeys.members.ofQueue(queueId), queryKeys.queues.all]);
    const refetch = () => sync.run();
    const connection = connectLive({
      // The account topic tells of today's bookings, moves and cancels, and of alerts sent.
      topics: [`queue:${queueId}`, `account:${accountId}`],
      auth: { username: userId, token },
      onEvent: (event) => {
        // Every event of the list; of the account's, only those naming this list.
        const ofAccount = 'topic' in event && event.topic?.startsWith('account:') === true;
        if (!ofAccount || accountEventConcerns(event, queueId)) refetch();
      },
      onResync: refetch,
      onStatus: setLive,
    });
    return () => {
      sync.stop();
      connection.close();
    };
  }, [queueId, userId, token, accountId, client]);

  return { members, live };
}
