import { useQuery } from '@tanstack/react-query';
import type { AppointmentSlot, AppointmentType, Processor, Profile, Queue, Vacation } from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** What every appointment tab of the management reads, each under its one query key. */
export function useAppointmentSetup() {
  const types = useQuery({ queryKey: queryKeys.appointmentTypes.all, queryFn: () => api.get<AppointmentType[]>('/appointment-types') });
  const queues = useQuery({ queryKey: queryKeys.queues.all, queryFn: () => api.get<Queue[]>('/queues') });
  const profiles = useQuery({ queryKey: queryKeys.profiles.all, queryFn: () => api.get<Profile[]>('/profiles') });
  const processors = useQuery({ queryKey: queryKeys.processors.all, queryFn: () => api.get<Processor[]>('/processors') });
  const all = [types, queues, profiles, processors];
  return {
    pending: all.some((q) => q.isPending),
    failed: all.some((q) => q.isError),
    types: types.data ?? [],
    queues: queues.data ?? [],
    profiles: profiles.data ?? [],
    processors: processors.data ?? [],
  };
}

export const useSlots = () => useQuery({ queryKey: queryKeys.appointmentSlots.all, queryFn: () => api.get<AppointmentSlot[]>('/appointment-slots') });
export const useVacations = () => useQuery({ queryKey: queryKeys.vacations.all, queryFn: () => api.get<Vacation[]>('/vacations') });

export const nameOf = (processors: Processor[], id: string | null) => {
  const p = processors.find((candidate) => candidate.id === id);
  return p ? p.display_name || p.username : '—';
};

/** The lists grouped by location, for a select. */
export const listOptions = (profiles: Profile[], queues: Queue[]) =>
  profiles
    .map((p) => ({ group: p.name, items: queues.filter((q) => q.profile_id === p.id).map((q) => ({ value: q.id, label: q.name })) }))
    .filter((group) => group.items.length > 0);
