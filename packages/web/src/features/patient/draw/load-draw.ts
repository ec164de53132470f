import type { ProbingInterview, PublicProfile, PublicQueue, ResolvedRoute } from '@wartefrei/shared';
import type { PatientRoute } from '../app/patient-routes';
import { patientRequest } from '../app/api';
import { bookableTypesAt, resolveLink } from '../app/resolve-link';

export type DrawLoad =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'choose' }
  | { kind: 'locations'; account: string; locations: ResolvedRoute['profiles'] }
  | { kind: 'pick'; profile: PublicProfile; bookPath?: string; interview?: ProbingInterview }
  | { kind: 'offline' }
  | { kind: 'queue'; queue: PublicQueue; bookPath?: string; interview?: ProbingInterview };

/** A patient's GET: the browser's fetch, or on the server the app's own route (server-entry.tsx). */
export type PatientGet = <T>(path: string) => Promise<T>;

/**
 * Where "Termin buchen" leads when the list or location offers a bookable type (else nowhere:
 * the patient goes straight to the ticket). A failed question offers no booking rather than
 * keeping the patient from their ticket.
 */
async function bookingPath(ids: { queueId?: string; profileId?: string }, pathname: string, get: PatientGet): Promise<string | undefined> {
  try {
    if ((await bookableTypesAt(ids, 'ONLINE', get)).length === 0) return undefined;
  } catch {
    return undefined;
  }
  // An id link books at `/queue/:id/book`; an identifier link (`/praxis/wien`) gains `/book`.
  const byId = pathname.startsWith('/queue/') || pathname.startsWith('/q/');
  return byId && ids.queueId ? `/queue/${ids.queueId}/book` : `${pathname.replace(/\/$/, '')}/book`;
}

/**
 * The location's online questions, where they are asked: on a location link always (also where
 * it opens the location's default list), on a list's own link only when the list says so (`always_show_probing_questions`). None: undefined. A
 * list that always asks cannot draw without them, so its failure is the page's failure.
 */
async function interviewAt(profileId: string, required: boolean, get: PatientGet): Promise<ProbingInterview | undefined> {
  try {
    const interview = await get<ProbingInterview>(`/profiles/${profileId}/probing?variant=ONLINE`);
    return interview.questions.length > 0 ? interview : undefined;
  } catch (error) {
    if (required) throw error;
    return undefined;
  }
}

/**
 * What the draw page shows for a link: the list, a location's lists, a practice's locations.
 * `runningTicket` (the browser's memory of a ticket already drawn here) may send the patient to
 * it instead: then undefined. The server renders the first view with the same answers.
 */
export async function loadDraw(
  route: Omit<PatientRoute, 'screen'>,
  pathname: string,
  { get = patientRequest, runningTicket }: { get?: PatientGet; runningTicket?: (queueId: string) => Promise<boolean> } = {},
): Promise<DrawLoad | undefined> {
  const { queueId: idParam, account, queue: queueParam } = route;
  const { queueId, profileId, locations } = await resolveLink(route, get);
  if (!queueId && !profileId && account && locations.length > 0) return { kind: 'locations', account, locations };
  const bookPath = queueId || profileId ? bookingPath({ queueId, profileId }, pathname, get) : Promise.resolve(undefined);
  if (!queueId && profileId) {
    const [location, interview] = await Promise.all([get<PublicProfile>(`/profiles/${profileId}/public`), interviewAt(profileId, false, get)]);
    return { kind: 'pick', profile: location, bookPath: await bookPath, ...(interview ? { interview } : {}) };
  }
  if (!queueId) return { kind: 'choose' };
  if (runningTicket && (await runningTicket(queueId))) return undefined;
  const queue = await get<PublicQueue>(`/queues/${queueId}/public`);
  // A location link opens its default list, and asks the location's questions on the way.
  const namesList = Boolean(idParam || queueParam);
  const interview = !namesList || queue.always_show_probing_questions ? await interviewAt(queue.profile_id, queue.always_show_probing_questions, get) : undefined;
  return { kind: 'queue', queue, bookPath: await bookPath, ...(interview ? { interview } : {}) };
}
