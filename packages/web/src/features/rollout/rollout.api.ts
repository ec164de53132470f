import { useQuery } from '@tanstack/react-query';
import type { Profile, Queue, SystemInformation } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { useAccount } from '../../lib/account';
import { queryKeys } from '../../lib/query-keys';
import { usePracticeKey, type PracticeKeyVerdict } from '../encryption/practice-key';
import { queueLinks, type QueueLinks } from './links';

/** `GET /queues/{id}`; a foreign or unknown id answers 404 (shown by the page, not as a toast). */
export function useQueue(id: string) {
  return useQuery({ queryKey: queryKeys.queues.detail(id), queryFn: () => api.get<Queue>(`/queues/${encodeURIComponent(id)}`, { silent: true }) });
}

export type LinksState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  /** `keyVerdict`: whether the links carry the practice key's fingerprint (`trusted`), and why not. */
  | { status: 'ready'; links: QueueLinks; keyVerdict: PracticeKeyVerdict };

/**
 * The queue's addresses: PUBLIC_URL from the server (patients reach us there, which may differ
 * from the address staff use), the account's and the location's identifiers.
 */
export function useQueueLinks(queue: Queue): LinksState {
  const system = useQuery({
    queryKey: queryKeys.systemInformation,
    queryFn: () => api.get<SystemInformation>('/system-information', { silent: true }),
  });
  const account = useAccount({ silent: true });
  const profile = useQuery({
    queryKey: queryKeys.profiles.detail(queue.profile_id),
    queryFn: () => api.get<Profile>(`/profiles/${queue.profile_id}`, { silent: true }),
  });

  // The fingerprint in printed links comes from the key this device trusts, never from the server.
  const { verdict } = usePracticeKey();
  const failed = [account, profile].find((query) => query.isError);
  if (failed) return { status: 'error', error: failed.error, retry: () => void Promise.all([account.refetch(), profile.refetch()]) };
  // Without the server's answer the browser's own address is the best guess (same host in most setups).
  const base = system.data?.public_url || (system.isError ? window.location.origin : undefined);
  if (!account.data || !profile.data || base === undefined || !verdict) return { status: 'loading' };
  const keyTag = verdict.kind === 'trusted' ? verdict.tag : undefined;
  return {
    status: 'ready',
    links: queueLinks({ base, account: account.data.identifier, profile: profile.data.identifier, queue: queue.identifier, queueId: queue.id, keyTag }),
    keyVerdict: verdict,
  };
}
