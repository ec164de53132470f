import type { BookableType, BookableTypes, ResolvedRoute, SealingKey } from '@wartefrei/shared';
import { patientRequest } from './api';
import type { PatientRoute } from './patient-routes';

/**
 * What a public link names: `/queue/:id`, `/q/:id`, or `/:account/:profile?/:queue?` resolved by
 * identifiers — one queue, a location whose queues the patient picks from, or a practice's
 * locations to pick from. Shared by the
 * draw and booking screens (each its own chunk, so it lives here and not in either).
 */
export async function resolveLink(
  params: Omit<PatientRoute, 'screen'>,
  get: <T>(path: string) => Promise<T> = patientRequest,
): Promise<{ queueId?: string; profileId?: string; locations: ResolvedRoute['profiles'] }> {
  if (params.queueId) return { queueId: params.queueId, locations: [] };
  const segment = (value: string | undefined) => encodeURIComponent(value ?? 'null');
  const route = await get<ResolvedRoute>(`/routes/identifier/${segment(params.account)}/${segment(params.profile)}/${segment(params.queue)}`);
  // `profiles`: a practice's link (`/{account}`) with several sites lists them for the visitor to pick.
  return { queueId: route.queue?.id, profileId: route.profile?.id, locations: route.profiles ?? [] };
}

/** The key a booking at this list is sealed for while the practice encrypts; read at sending, so it is current. */
export async function sealingKeyFor(queueId: string, channel: 'ONLINE' | 'KIOSK'): Promise<SealingKey | null> {
  return (await patientRequest<BookableTypes>(`/appointment-types/bookable?queue_id=${queueId}&channel=${channel}`)).sealing_key;
}

/** The types a list (or, without one, a location) offers patients to book on the channel. */
export async function bookableTypesAt(
  ids: { queueId?: string | undefined; profileId?: string | undefined },
  channel: 'ONLINE' | 'KIOSK',
  get: <T>(path: string) => Promise<T> = patientRequest,
): Promise<BookableType[]> {
  const query = ids.queueId ? `queue_id=${ids.queueId}` : `profile_id=${ids.profileId ?? ''}`;
  return (await get<BookableTypes>(`/appointment-types/bookable?${query}&channel=${channel}`)).types;
}
