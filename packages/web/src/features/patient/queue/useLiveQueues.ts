import { useCallback, useEffect, useRef, useState } from 'react';
import { isSupportedLang, type PublicQueue, type RealtimeServerMessage, type SupportedLang } from '@wartefrei/shared';
import { isNotFound, patientRequest } from '../app/api';
import { connectLive, type LiveStatus } from '../../../lib/live';
import { retrying } from '../../../lib/retry';

export type QueuesState = { kind: 'loading' } | { kind: 'not-found' } | { kind: 'offline' } | { kind: 'ready'; queues: PublicQueue[] };

/** A number called in public (a silent call reaches public subscribers only as a bare version). */
export interface PublicCall {
  queueId: string;
  number: number;
  /** The ticket's language, where the list asks patients for theirs: the monitor says the call in it too. */
  lang?: SupportedLang;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function publicCallOf(message: RealtimeServerMessage): PublicCall | undefined {
  const fields = message as unknown as { type: string; queue_id?: unknown; number?: unknown; silent?: unknown; lang?: unknown };
  if (fields.type !== 'member.called' || fields.silent === true) return undefined;
  if (typeof fields.queue_id !== 'string' || typeof fields.number !== 'number') return undefined;
  return { queueId: fields.queue_id, number: fields.number, ...(isSupportedLang(fields.lang) ? { lang: fields.lang } : {}) };
}

/**
 * The public view of some queues (`GET /queues/{id}/public`), kept current over `/ws`: a queue is
 * fetched again on each of its events, all of them after a version gap; a (re)subscribe brings
 * them along (fetched only if one is missing). While
 * the socket is down the last state stays on screen (`live` says so). `onCall` hears public calls.
 */
export function useLiveQueues(queueIds: string[] | undefined, onCall?: (call: PublicCall) => void): { state: QueuesState; live: LiveStatus; refresh: () => Promise<void> } {
  const [state, setState] = useState<QueuesState>({ kind: 'loading' });
  const [live, setLive] = useState<LiveStatus>('connecting');
  const key = queueIds?.join(',') ?? '';
  const latest = useRef(new Map<string, PublicQueue>());
  const onCallRef = useRef(onCall);
  onCallRef.current = onCall;
  /** Counts the snapshots the socket brought: a fetch begun before one is older than it and is dropped. */
  const sent = useRef(0);

  /** Shows these queues' views beside the others already shown, in the order of the ids. */
  const show = useCallback(
    (views: PublicQueue[]) => {
      for (const queue of views) latest.current.set(queue.id, queue);
      const queues = (key ? key.split(',') : []).map((id) => latest.current.get(id)).filter((q): q is PublicQueue => q !== undefined);
      setState({ kind: 'ready', queues });
    },
    [key],
  );

  /** Fetches the given queues; true when done (fetched, or a 404), false when worth retrying. */
  const fetchQueues = useCallback(
    async (ids: string[]): Promise<boolean> => {
      const all = key ? key.split(',') : [];
      const before = sent.current;
      try {
        const fetched = await Promise.all(ids.map((id) => patientRequest<PublicQueue>(`/queues/${id}/public`)));
        if (before === sent.current) show(fetched);
        return true;
      } catch (error) {
        if (isNotFound(error) && all.length === 1) {
          setState({ kind: 'not-found' });
          return true;
        }
        // Offline: what is shown stays; only a first load without anything shows the offline state.
        setState((current) => (current.kind === 'ready' ? current : { kind: 'offline' }));
        return false;
      }
    },
    [key, show],
  );
  const refresh = useCallback(async () => void (await fetchQueues(key ? key.split(',') : [])), [fetchQueues, key]);

  useEffect(() => {
    if (queueIds === undefined) return undefined;
    const ids = key ? key.split(',') : [];
    if (ids.some((id) => !UUID.test(id))) {
      setState({ kind: 'not-found' });
      return undefined;
    }
    latest.current = new Map();
    // A failed load or refetch is tried again with backoff (lib/retry.ts) until it answers.
    const sync = retrying(() => fetchQueues(ids));
    sync.run();
    if (ids.length === 0) return () => sync.stop();
    let closed = false;
    const connection = connectLive({
      topics: ids.map((id) => `queue:${id}`),
      // The views come with `subscribed`: a reconnect costs no refetch (no second connection in a storm).
      snapshots: ids.map((id) => `queue:${id}`),
      onEvent: (message) => {
        const call = publicCallOf(message);
        if (call) onCallRef.current?.(call);
        // One queue moved: that one is fetched; if it fails, all of them are, with retries.
        if ('topic' in message && message.topic) void fetchQueues([message.topic.slice('queue:'.length)]).then((done) => done || closed || sync.run());
      },
      onResync: (snapshots) => {
        const views = ids.map((id) => snapshots.get(`queue:${id}`) as PublicQueue | undefined);
        if (!views.every((view) => view !== undefined)) return sync.run();
        sent.current += 1;
        sync.stop();
        show(views);
      },
      onStatus: setLive,
    });
    return () => {
      closed = true;
      sync.stop();
      connection.close();
    };
    // `key` stands for the ids: a new array with the same ids must not reconnect.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` and "no ids yet" stand for `queueIds`
  }, [key, queueIds === undefined, fetchQueues, show]);

  return { state, live, refresh };
}
