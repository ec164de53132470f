import type {
  AppointmentEntry,
  AssignedProcessor,
  CallNextInput,
  ErasureResult,
  InfoTag,
  Member,
  MemberActionResult,
  MoveMemberInput,
  OwnQueue,
  Processor,
  Queue,
  QueueSession,
  SetOwnQueueActiveInput,
  SendableSessionEvent,
  TicketView,
  WorkViewEntry,
} from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { heldAccountKey } from '../../lib/keyring';
import { matchesSearch, openAppointment, openMember, type Opened } from '../../lib/sealed-records';
import type { MemberFilters } from './member-filters';

/** The queues the caller may work on: admins every queue of the account, processors their assigned ones. */
export const fetchQueues = () => api.get<Queue[]>('/queues');

/** The caller's own assignments with their `active` flag (an admin need not be assigned at all). */
export const fetchOwnQueues = () => api.get<OwnQueue[]>('/processors/me/queues');

export const fetchInfoTags = () => api.get<InfoTag[]>('/info-tags');

/** The caller's own processor settings (colour, button visibility, name order, limit). */
export const fetchOwnProcessor = () => api.get<Processor>('/processors/me');

/** The processors of a queue, by priority: whose colour and name a row in processing shows. */
export const fetchServingProcessors = (queueId: string) => api.get<AssignedProcessor[]>(`/queues/${queueId}/processors`);

/**
 * The work-view list; empty filters ask the server for its default (the open tickets). The
 * day's appointments not yet checked in come along (`kind` appointment), each at its time.
 */
export async function fetchWorkView(queueId: string, filters: MemberFilters): Promise<{ members: Opened<Member>[]; appointments: Opened<AppointmentEntry>[] }> {
  const text = filters.q.trim();
  // With the practice's key held the search runs here: the server cannot read sealed names.
  const searchHere = text !== '' && heldAccountKey() !== undefined;
  const entries = await api.get<WorkViewEntry[]>(`/queues/${queueId}/members`, {
    query: {
      status: filters.status.length > 0 ? filters.status.join(',') : undefined,
      origin: filters.origin.length > 0 ? filters.origin.join(',') : undefined,
      q: searchHere ? undefined : text || undefined,
    },
  });
  const members = await Promise.all(entries.filter((entry): entry is Member => !('kind' in entry)).map(openMember));
  const appointments = await Promise.all(entries.filter((entry): entry is AppointmentEntry => 'kind' in entry).map(openAppointment));
  return {
    members: searchHere ? members.filter((member) => matchesSearch(member, text)) : members,
    appointments: (searchHere ? appointments.filter((entry) => matchesSearch(entry, text)) : appointments).sort((a, b) => a.start.localeCompare(b.start)),
  };
}

/** Actively processing or only managing a queue; `until` makes it a pause whose return the estimates count on. */
export const setOwnQueueActive = (queueId: string, input: SetOwnQueueActiveInput) => api.patch<OwnQueue>(`/processors/me/queues/${queueId}`, input);

const BEYOND_LIMIT: readonly (string | undefined)[] = ['MAX_CONCURRENT_PROCESSING', 'PROCESSOR_MAX_CONCURRENT_PROCESSING', 'RECIPIENT_MAX_CONCURRENT_PROCESSING'];

/**
 * A call or hand-over refused at a recommended limit — the list's, the caller's own or the
 * recipient's — which the caller offers to make anyway (`force`), in its own dialog rather than
 * as a notification.
 */
export const isBeyondLimit = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError && BEYOND_LIMIT.includes(error.code);

/** Silent: the caller shows a refusal at a limit as its own dialog (isBeyondLimit), not as a notification. */
export const callNext = (queueId: string, input: NonNullable<CallNextInput>) => api.post<MemberActionResult>(`/queues/${queueId}/call-next`, input, { silent: true });

export type MemberAction = 'call' | 'finish' | 'requeue' | 'remove' | 'cancel' | 'restore';

/** A staff action on the member as last seen (`version`): a stale click changes nothing. */
export const actOnMember = (member: Member, action: MemberAction, extra: Record<string, unknown> = {}) =>
  api.post<MemberActionResult>(`/members/${member.id}/${action}`, { version: member.version, ...extra }, action === 'call' ? { silent: true } : undefined);

/** Who serves a member in processing (the "actual processor"), on the member as last seen. */
/** Silent: the caller shows a refusal beyond the recipient's own limit as a question (`force`). */
export const setMemberProcessor = (member: Pick<Member, 'id' | 'version'>, processorId: string, force = false) =>
  api.post<MemberActionResult>(`/members/${member.id}/processor`, { version: member.version, processor_id: processorId, ...(force && { force }) }, { silent: true });

export const eraseMember = (memberId: string) => api.post<ErasureResult>(`/members/${memberId}/erase`);

export const moveMember = (member: Pick<Member, 'id' | 'version'>, input: Omit<NonNullable<MoveMemberInput>, 'version'>) =>
  api.post<MemberActionResult>(`/members/${member.id}/move`, { version: member.version, ...input }, { silent: true });

export const addInfoTag = (memberId: string, infoTagId: string) => api.post<MemberActionResult>(`/members/${memberId}/info-tags`, { info_tag_id: infoTagId });

export const removeInfoTag = (memberId: string, infoTagId: string) => api.delete<MemberActionResult>(`/members/${memberId}/info-tags/${infoTagId}`);

export const sendSessionEvent = (queueId: string, event: SendableSessionEvent, until?: string) =>
  api.post<QueueSession>(`/queues/${queueId}/session`, until ? { event, until } : { event });

/** The "queueing allowed" switch: whether tickets may be taken at all while the list is open. */
export const setQueueingAllowed = (queueId: string, allowed: boolean) => api.patch<QueueSession>(`/queues/${queueId}/session`, { queueing_allowed: allowed });

/** A ticket drawn by the processor (origin MANUAL); field errors come back to the form. */
export const drawManualTicket = (queueId: string, body: Record<string, unknown>) => api.post<TicketView>(`/queues/${queueId}/members`, body, { silent: true });
