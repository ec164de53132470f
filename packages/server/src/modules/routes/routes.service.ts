import type { PublicMonitor, ResolvedRoute } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publicMonitorOfAccount } from '../monitors/index.js';
import {
  defaultQueueCandidates,
  findAccountById,
  findAccountByIdentifier,
  findProfileById,
  findProfileByIdentifier,
  findQueueById,
  findQueueOfAppointment,
  findQueueOfMember,
  findQueueByIdentifier,
  firstTwoProfiles,
  liveProfilesOfAccount,
  queuesOfAccountByIdentifier,
  type RouteProfile,
  type RouteQueue,
} from './routes.repo.js';

/** The word public links put in place of an identifier that is not named. */
const NONE = 'null';

const named = (segment: string): string | undefined => (segment.toLowerCase() === NONE ? undefined : segment);
/** No identifier holds a NUL, and PostgreSQL rejects one in a text parameter: such a link names nothing. */
const unmatchable = (...segments: string[]) => segments.some((segment) => segment.includes('\u0000'));
const presentQueue = (q: RouteQueue): ResolvedRoute['queue'] => ({ id: q.id, identifier: q.identifier, name: q.name });

/** The queue a link to a location opens: its default queue, else its only queue, else none. */
async function queueOfProfile(ctx: AppContext, profileId: string): Promise<RouteQueue | undefined> {
  const candidates = await defaultQueueCandidates(ctx.db, profileId);
  const [first] = candidates;
  if (first && (first.isDefault || candidates.length === 1)) return first;
  return undefined;
}

/**
 * `GET /routes/identifier/{account}/{profile|null}/{queue|null}` (public): what a link
 * `/{account}/{profile?}/{queue?}` points at. Identifiers match case-insensitively. Without a
 * queue the location's default queue is meant; without a location the account's only one (with
 * several, profile and queue stay null and `profiles` lists them for the visitor to choose). A named queue
 * without a location must be unambiguous within the account. Anything named and unknown is
 * QUEUE_NOT_FOUND. Only ids, identifiers and names leave the server.
 */
export async function resolveIdentifiers(ctx: AppContext, accountSegment: string, profileSegment: string, queueSegment: string): Promise<ResolvedRoute> {
  if (unmatchable(accountSegment, profileSegment, queueSegment)) throw new AppError('QUEUE_NOT_FOUND');
  const accountIdentifier = named(accountSegment);
  const account = accountIdentifier ? await findAccountByIdentifier(ctx.db, accountIdentifier) : undefined;
  if (!account) throw new AppError('QUEUE_NOT_FOUND');
  const profileIdentifier = named(profileSegment);
  const queueIdentifier = named(queueSegment);

  let profile: RouteProfile | undefined;
  let queue: RouteQueue | undefined;
  let choices: RouteProfile[] = [];
  if (profileIdentifier) {
    profile = await findProfileByIdentifier(ctx.db, account.id, profileIdentifier);
    if (!profile) throw new AppError('QUEUE_NOT_FOUND');
  } else if (!queueIdentifier) {
    const profiles = await firstTwoProfiles(ctx.db, account.id);
    if (profiles.length === 1) profile = profiles[0];
    // A practice with several sites: its link offers them all, none is picked for the visitor.
    else if (profiles.length > 1) choices = await liveProfilesOfAccount(ctx.db, account.id);
  }

  if (queueIdentifier) {
    if (profile) {
      queue = await findQueueByIdentifier(ctx.db, profile.id, queueIdentifier);
    } else {
      const matches = await queuesOfAccountByIdentifier(ctx.db, account.id, queueIdentifier);
      queue = matches.length === 1 ? matches[0] : undefined;
      profile = queue ? await findProfileById(ctx.db, queue.profileId) : undefined;
    }
    if (!queue) throw new AppError('QUEUE_NOT_FOUND');
  } else if (profile) {
    queue = await queueOfProfile(ctx, profile.id);
  }

  return { account, profile: profile ?? null, queue: queue ? presentQueue(queue) : null, profiles: choices };
}

/**
 * `GET /routes/id/{id}` (public): the account, location and queue of a queue id, of a ticket
 * id (the queue the ticket is in now) or of an appointment id (the list that serves it); any
 * other id, like a malformed one, is QUEUE_NOT_FOUND.
 */
export async function resolveId(ctx: AppContext, id: string): Promise<ResolvedRoute> {
  const queue = (await findQueueById(ctx.db, id)) ?? (await findQueueOfMember(ctx.db, id)) ?? (await findQueueOfAppointment(ctx.db, id));
  if (!queue) throw new AppError('QUEUE_NOT_FOUND');
  const [account, profile] = await Promise.all([findAccountById(ctx.db, queue.accountId), findProfileById(ctx.db, queue.profileId)]);
  if (!account || !profile) throw new AppError('QUEUE_NOT_FOUND');
  return { account, profile, queue: presentQueue(queue), profiles: [] };
}

/**
 * `GET /routes/identifier/{account}/monitor/{monitor|null}` (public): the monitor a link
 * `/{account}/monitor/{monitor?}` shows; `null` is the account's master monitor across all its
 * queues. Identifiers match case-insensitively; an unknown account or monitor is MONITOR_NOT_FOUND
 * (what the screen has to say), never which of the two was unknown.
 */
export async function resolveMonitor(ctx: AppContext, accountSegment: string, monitorSegment: string): Promise<PublicMonitor> {
  if (unmatchable(accountSegment, monitorSegment)) throw new AppError('MONITOR_NOT_FOUND');
  const accountIdentifier = named(accountSegment);
  const account = accountIdentifier ? await findAccountByIdentifier(ctx.db, accountIdentifier) : undefined;
  if (!account) throw new AppError('MONITOR_NOT_FOUND');
  return publicMonitorOfAccount(ctx, account, named(monitorSegment));
}
