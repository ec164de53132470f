import type { BookableType, BookableTypes, ResolvedRoute, SealingKey } from '@wartefrei/shared';
import { patientRequest } from './api';
import type { PatientRoute } from './patient-routes';

/**
 * What a public link names: `/queue/:id`, `/q/:id`, or `/:account/:profile?/:queue?` resolved by
 * identifiers — one queue, or a location whose queues the patient picks from. Shared by the
 * draw and booking screens (each its own chunk, so it lives here and not in either).
 */
export async function resolveLink(params: Omit<PatientRoute, 'screen'>): Promise<{ queueId?: string; profileId?: string }> {
  if (params.queueId) return { queueId: params.queueId };
  const segment = (value: string | undefined) => encodeURIComponent(value ?? 'null');
  const route = await patientRequest<ResolvedRoute>(`/routes/identifier/${segment(params.account)}/${segment(params.profile)}/${segment(params.queue)}`);
  return { queueId: route.queue?.id, profileId: route.profile?.id };
}

/** The key a booking at this list is sealed for while the practice encrypts; read at sending, so it is current. */
export async function sealingKeyFor(queueId: string, channel: 'ONLINE' | 'KIOSK'): Promise<SealingKey | null> {
  return (await patientRequest<BookableTypes>(`/appointment-types/bookable?queue_id=${queueId}&channel=${channel}`)).sealing_key;
}

/** The types a list (or, without one, a location) offers patients to book on the channel. */
export async function bookableTypesAt(ids: { queueId?: string | undefined; profileId?: string | undefined }, channel: 'ONLINE' | 'KIOSK'): Promise<BookableType[]> {
  const query = ids.queueId ? `queue_id=${ids.queueId}` : `profile_id=${ids.profileId ?? ''}`;
  return (await patientRequest<BookableTypes>(`/appointment-types/bookable?${query}&channel=${channel}`)).types;
}
