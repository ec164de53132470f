import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { connectLive, type LiveStatus } from '../../lib/live';
import { liveRefetch } from '../../lib/live-refetch';
import { fetchDashboard } from './dashboard.api';
import { queryKeys } from '../../lib/query-keys';

/**
 * Figures that move without any event: the estimated end drifts while a visit runs over, and a
 * timed suspend or the schedule change a queue by the clock. A minute keeps them honest cheaply.
 */
const DRIFT_REFRESH_MS = 60_000;

/**
 * The dashboard's queues, kept current two ways: every event on a shown queue's topic (a draw, a
 * call, a session change — or a reconnect) refetches at once over `/ws`, and a slow poll catches
 * what only time changes. The socket subscribes like a patient screen: a bare version bump is
 * enough to know that something changed, and the counts come from the refetch anyway.
 */
export function useDashboard() {
  const client = useQueryClient();
  const [live, setLive] = useState<LiveStatus>('connecting');
  const dashboard = useQuery({ queryKey: queryKeys.dashboard, queryFn: fetchDashboard, refetchInterval: DRIFT_REFRESH_MS });

  // The topics change only when the set of queues does, not on every refetch.
  const topicKey = (dashboard.data ?? []).map((queue) => `queue:${queue.queue_id}`).join(',');
  useEffect(() => {
    if (!topicKey) return undefined;
    const sync = liveRefetch(client, [queryKeys.dashboard]);
    const refetch = () => sync.run();
    const connection = connectLive({ topics: topicKey.split(','), onEvent: refetch, onResync: refetch, onStatus: setLive });
    return () => {
      sync.stop();
      connection.close();
    };
  }, [topicKey, client]);

  return { dashboard, live };
}
