import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TicketView } from '@wartefrei/shared';
import { isNotFound, patientRequest } from '../app/api';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { connectLive, type LiveStatus } from '../../../lib/live';
import { retrying } from '../../../lib/retry';
import { dropHandedOverTicket, handedOverTicket } from './handover';
import { isLinkKey } from '../app/patient-link';
import { useFirstView } from '../app/first-view';

export type TicketState = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'not-found' } | { kind: 'offline' } | { kind: 'ticket'; ticket: TicketView };

/**
 * Remembers running tickets per queue on this device (localStorage `ticketMap`: queue → the key
 * of the ticket's link), so that the queue's link opens the running ticket instead of drawing a
 * second one; ended ones are dropped.
 */
function remember(ticket: TicketView, key: string): void {
  const map = readStored<Record<string, string>>(STORAGE_KEYS.ticketMap) ?? {};
  const running = ticket.view === 'waiting' || ticket.view === 'processing';
  if (running) map[ticket.queue_id] = key;
  else if (map[ticket.queue_id] === key) delete map[ticket.queue_id];
  writeStored(STORAGE_KEYS.ticketMap, map);
}

/**
 * The ticket a link's key opens, fetched and kept current over the socket (refetched on every
 * change of it or its queue).
 */
export function useTicket(key: string): { state: TicketState; live: LiveStatus; refresh: () => Promise<void> } {
  const valid = isLinkKey(key);
  // Rendered by the server with the page (app/first-view.ts): shown as it is, not asked again.
  const firstView = useFirstView<TicketState>('ticket');
  // Straight from a draw: the number shows at once, while the server is asked again below.
  const [state, setState] = useState<TicketState>(() => {
    if (firstView) return firstView;
    const drawn = valid ? handedOverTicket(key) : undefined;
    if (drawn) return { kind: 'ticket', ticket: drawn };
    return valid ? { kind: 'loading' } : { kind: 'invalid' };
  });
  const [live, setLive] = useState<LiveStatus>('connecting');
  const [queueId, setQueueId] = useState<string | undefined>(() => (firstView?.kind === 'ticket' ? firstView.ticket.queue_id : handedOverTicket(key)?.queue_id));
  // The first view is as fresh as the page: the socket's `subscribed` snapshot brings any change since.
  const fetchFirst = useRef(firstView === undefined);
  const latest = useRef(0);

  const show = useCallback(
    (ticket: TicketView) => {
      dropHandedOverTicket(key);
      remember(ticket, key);
      setQueueId(ticket.queue_id);
      setState({ kind: 'ticket', ticket });
    },
    [key],
  );

  /** One fetch of the ticket; true when done (shown, or a 404, or overtaken by a newer fetch), false when worth retrying. */
  const load = useCallback(async (): Promise<boolean> => {
    if (!valid) return true;
    const request = ++latest.current;
    try {
      const ticket = await patientRequest<TicketView>(`/members/${key}`);
      if (request !== latest.current) return true;
      show(ticket);
      return true;
    } catch (error) {
      if (request !== latest.current) return true;
      if (isNotFound(error)) {
        setState({ kind: 'not-found' });
        return true;
      }
      // Offline: keep what is shown; only a first load without anything shows the offline state.
      setState((current) => (current.kind === 'ticket' ? current : { kind: 'offline' }));
      return false;
    }
  }, [key, valid, show]);
  const refresh = useCallback(async () => void (await load()), [load]);
  // The first load and every refetch the socket asks for: a failure is tried again with backoff
  // (lib/retry.ts), so a phone whose refetch fell into a server restart does not stay behind.
  const sync = useMemo(() => retrying(load), [load]);

  // A ticket first seen in the page is remembered on this device like a fetched one.
  useEffect(() => {
    if (firstView?.kind === 'ticket') remember(firstView.ticket, key);
  }, [firstView, key]);

  useEffect(() => {
    if (fetchFirst.current) sync.run();
    fetchFirst.current = true;
    return () => sync.stop();
  }, [sync]);

  useEffect(() => {
    if (!valid || !queueId) return undefined;
    const topic = `member:${key}`;
    const connection = connectLive({
      topics: [topic, `queue:${queueId}`],
      onEvent: () => sync.run(),
      // The ticket comes with `subscribed`: a reconnect costs no refetch (no second connection in a storm).
      snapshots: [topic],
      onResync: (snapshots) => {
        const ticket = snapshots.get(topic) as TicketView | undefined;
        if (!ticket) return sync.run();
        latest.current += 1; // a fetch still running began before this and is older
        sync.stop();
        show(ticket);
      },
      onStatus: setLive,
    });
    return () => connection.close();
  }, [key, queueId, valid, sync, show]);

  return { state, live, refresh };
}
