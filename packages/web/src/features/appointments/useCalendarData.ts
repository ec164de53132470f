import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE } from '@wartefrei/shared';
import { useEffect, useMemo, useState } from 'react';
import type { AppointmentType, AssignedProcessor } from '@wartefrei/shared';
import { accountEventConcerns } from '../../lib/account-events';
import { connectLive, type LiveStatus } from '../../lib/live';
import { liveRefetch } from '../../lib/live-refetch';
import { queryKeys } from '../../lib/query-keys';
import { useUser } from '../../lib/session';
import { fetchAppointments, fetchProfiles, fetchQueueProcessors, fetchQueues, fetchSlots, fetchTypes, fetchVacations } from './appointments.api';

/** A column of the calendar: a processor of the lists with appointment types, and the lists they serve. */
export interface CalendarProcessor {
  id: string;
  name: string;
  color: string | null;
  /** The processor's priority (1 = very high): columns and pickers offer them in this order. */
  priority: number;
  queueIds: string[];
}

/**
 * Everything the calendar shows for a range of local dates, kept current over `/ws`: the
 * account topic tells of every appointment change (another assistant's booking, a patient's
 * cancel), and each one refetches the range. While the socket is down the last state stays.
 */
export function useCalendarData(from: string, to: string) {
  const user = useUser();
  const client = useQueryClient();
  const [live, setLive] = useState<LiveStatus>('connecting');
  const appointments = useQuery({ queryKey: queryKeys.appointments.range(from, to), queryFn: () => fetchAppointments(from, to) });
  const types = useQuery({ queryKey: queryKeys.appointmentTypes.all, queryFn: fetchTypes });
  const queues = useQuery({ queryKey: queryKeys.queues.all, queryFn: fetchQueues });
  const profiles = useQuery({ queryKey: queryKeys.profiles.all, queryFn: fetchProfiles });
  const slots = useQuery({ queryKey: queryKeys.appointmentSlots.all, queryFn: fetchSlots });
  const vacations = useQuery({ queryKey: queryKeys.vacations.all, queryFn: fetchVacations });

  // Only the lists that offer appointments have columns; a list the caller cannot see has none.
  const queueIds = useMemo(() => [...new Set((types.data ?? []).map((type) => type.queue_id))], [types.data]);
  const assigned = useQueries({
    queries: queueIds.map((queueId) => ({ queryKey: queryKeys.queueProcessors.ofQueue(queueId), queryFn: () => fetchQueueProcessors(queueId) })),
    combine: (results) => ({ pending: results.some((r) => r.isPending), lists: results.map((r) => r.data ?? []) }),
  });
  const processors = columnsOf(queueIds, assigned.lists);

  // The calendar runs on the wall clock of the location of its lists (a practice lies in one zone).
  const timeZone = useMemo(() => {
    const firstQueue = (queues.data ?? []).find((queue) => queueIds.includes(queue.id));
    return (profiles.data ?? []).find((profile) => profile.id === firstQueue?.profile_id)?.time_zone ?? profiles.data?.[0]?.time_zone ?? DEFAULT_TIME_ZONE;
  }, [queues.data, profiles.data, queueIds]);

  const accountId = user?.account_id;
  const userId = user?.id;
  const token = user?.token;
  useEffect(() => {
    if (!accountId || !userId || !token) return undefined;
    const sync = liveRefetch(client, [queryKeys.appointments.all]);
    const refetch = () => sync.run();
    const connection = connectLive({
      topics: [`account:${accountId}`],
      auth: { username: userId, token },
      onEvent: (event) => accountEventConcerns(event) && refetch(),
      onResync: refetch,
      onStatus: setLive,
    });
    return () => {
      sync.stop();
      connection.close();
    };
  }, [accountId, userId, token, client]);

  const loading = appointments.isPending || types.isPending || queues.isPending || profiles.isPending || assigned.pending;
  const error = appointments.error ?? types.error ?? queues.error ?? profiles.error;
  return {
    appointments: appointments.data ?? [],
    types: types.data ?? ([] as AppointmentType[]),
    queues: queues.data ?? [],
    slots: slots.data ?? [],
    vacations: vacations.data ?? [],
    processors,
    timeZone,
    live,
    loading,
    error,
    refetch: () => client.invalidateQueries({ queryKey: queryKeys.appointments.all }),
  };
}

/** One column per processor of the lists, by priority then name (docs/product.md#processor-settings), each with the lists they serve. */
export function columnsOf(queueIds: readonly string[], lists: readonly AssignedProcessor[][]): CalendarProcessor[] {
  const byId = new Map<string, CalendarProcessor>();
  queueIds.forEach((queueId, i) => {
    for (const p of lists[i] ?? []) {
      const column = byId.get(p.id) ?? { id: p.id, name: p.display_name || p.username, color: p.color, priority: p.priority, queueIds: [] };
      column.queueIds.push(queueId);
      byId.set(p.id, column);
    }
  });
  return [...byId.values()].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
}
