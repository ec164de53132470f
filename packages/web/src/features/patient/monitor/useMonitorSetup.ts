import { useEffect, useState } from 'react';
import type { MonitorLayout, PublicMonitor, PublicProfile, ResolvedRoute } from '@wartefrei/shared';
import { isNotFound, patientRequest } from '../app/api';
import type { MonitorVariant, PatientRoute } from '../app/patient-routes';
import { connectLive } from '../../../lib/live';
import { retrying } from '../../../lib/retry';

/** What a monitor screen shows: its settings and its queues, however its link named it. */
export type MonitorSetup = PublicMonitor['monitor'];
export type MonitorSetupState = { kind: 'loading' } | { kind: 'not-found' } | { kind: 'offline' } | { kind: 'ready'; setup: MonitorSetup };

const LAYOUT_OF_VARIANT: Record<Exclude<MonitorVariant, 'master'>, MonitorLayout> = { 1: 'STANDARD', 2: 'COLUMNS', 3: 'LIST' };
const RETRY_MS = 10_000;
const segment = (value: string | undefined) => encodeURIComponent(value ?? 'null');

/**
 * `/monitor/:id` and `/:account/monitor/:monitor?` load a monitor (the master monitor without an
 * identifier); `/:account/:profile?/:queue?/monitor[2|3]` show one queue (or the location's
 * queues when the link names none) in the layout its suffix names. Query `speech=true` turns on
 * the spoken call for those links (flags count only when exactly `true`).
 */
async function loadSetup(route: PatientRoute, search: URLSearchParams): Promise<MonitorSetup> {
  if (route.monitorId) return (await patientRequest<PublicMonitor>(`/monitors/${encodeURIComponent(route.monitorId)}/public`)).monitor;
  if (route.monitorVariant === 'master') return (await patientRequest<PublicMonitor>(`/routes/identifier/${segment(route.account)}/monitor/${segment(route.monitor)}`)).monitor;
  const resolved = await patientRequest<ResolvedRoute>(`/routes/identifier/${segment(route.account)}/${segment(route.profile)}/${segment(route.queue)}`);
  let queueIds: string[] = [];
  if (resolved.queue) queueIds = [resolved.queue.id];
  else if (resolved.profile) queueIds = (await patientRequest<PublicProfile>(`/profiles/${resolved.profile.id}/public`)).queues.map((q) => q.id);
  return {
    id: null,
    identifier: null,
    // The practice's name on top; each queue names itself on its card.
    display_name: resolved.profile?.name ?? resolved.account.display_name,
    layout: LAYOUT_OF_VARIANT[route.monitorVariant ?? 1],
    custom_zoom: 100,
    style: 'DARK',
    gong: search.get('gong') !== 'false',
    speech: search.get('speech') === 'true',
    queue_ids: queueIds,
  };
}

/** The monitor's setup; a saved monitor follows its changes live (`monitor:{id}`). A TV is left alone: it retries. */
export function useMonitorSetup(route: PatientRoute, search: URLSearchParams): MonitorSetupState {
  const [state, setState] = useState<MonitorSetupState>({ kind: 'loading' });
  const [reloads, setReloads] = useState(0);
  const query = search.toString();
  const monitorId = state.kind === 'ready' ? state.setup.id : null;

  useEffect(() => {
    let cancelled = false;
    // A failed load is tried again with backoff (lib/retry.ts), at the latest every RETRY_MS.
    const sync = retrying(
      async () => {
        try {
          const setup = await loadSetup(route, new URLSearchParams(query));
          if (!cancelled) setState({ kind: 'ready', setup });
          return true;
        } catch (error) {
          if (cancelled) return true;
          if (isNotFound(error)) {
            setState({ kind: 'not-found' });
            return true;
          }
          setState((current) => (current.kind === 'ready' ? current : { kind: 'offline' }));
          return false;
        }
      },
      { maxMs: RETRY_MS },
    );
    sync.run();
    return () => {
      cancelled = true;
      sync.stop();
    };
    // The route object is new on every render: its fields and the query say which monitor this is.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fields above stand for `route`
  }, [route.monitorId, route.account, route.profile, route.queue, route.monitor, route.monitorVariant, query, reloads]);

  useEffect(() => {
    if (!monitorId) return undefined;
    const connection = connectLive({
      topics: [`monitor:${monitorId}`],
      onEvent: () => setReloads((n) => n + 1),
      // After (re)subscribing or a version gap a change may have been missed: load the setup again.
      onResync: () => setReloads((n) => n + 1),
      onStatus: () => undefined,
    });
    return () => connection.close();
  }, [monitorId]);

  return state;
}
