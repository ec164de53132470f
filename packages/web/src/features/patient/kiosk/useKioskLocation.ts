import { useEffect, useState } from 'react';
import type { PublicProfile, ResolvedRoute } from '@wartefrei/shared';
import { isNotFound, patientRequest } from '../app/api';
import type { PatientRoute } from '../app/patient-routes';

export type KioskLocation =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'no-location' }
  | { kind: 'offline' }
  /** The queues this kiosk offers, in the location's order: one when the link names a queue. */
  | { kind: 'ready'; profile: PublicProfile; queueIds: string[] };

const RETRY_MS = 10_000;

/**
 * The location a kiosk link names (`/:account/:profile?/:queue?/kiosk`). A kiosk is left alone
 * for days: when the server cannot be reached it tries again every 10 s instead of giving up.
 */
export function useKioskLocation(route: PatientRoute): KioskLocation {
  const [state, setState] = useState<KioskLocation>({ kind: 'loading' });
  const { account, profile, queue } = route;
  useEffect(() => {
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const segment = (value: string | undefined) => encodeURIComponent(value ?? 'null');
    const load = async () => {
      try {
        const resolved = await patientRequest<ResolvedRoute>(`/routes/identifier/${segment(account)}/${segment(profile)}/${segment(queue)}`);
        if (!resolved.profile) return !cancelled && setState({ kind: 'no-location' });
        const location = await patientRequest<PublicProfile>(`/profiles/${resolved.profile.id}/public`);
        const offered = location.queues.filter((q) => (queue ? q.id === resolved.queue?.id : true));
        if (!cancelled) setState({ kind: 'ready', profile: location, queueIds: offered.map((q) => q.id) });
      } catch (error) {
        if (cancelled) return;
        if (isNotFound(error)) return setState({ kind: 'not-found' });
        setState({ kind: 'offline' });
        retry = setTimeout(() => void load(), RETRY_MS);
      }
    };
    void load();
    return () => {
      cancelled = true;
      clearTimeout(retry);
    };
  }, [account, profile, queue]);
  return state;
}
