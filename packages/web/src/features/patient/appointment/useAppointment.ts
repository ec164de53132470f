import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PatientAppointment } from '@wartefrei/shared';
import { connectLive } from '../../../lib/live';
import { retrying } from '../../../lib/retry';
import { isNotFound, patientRequest } from '../app/api';
import { handedOverAppointment, rememberAppointment } from './remembered';
import { isLinkKey } from '../app/patient-link';

export type AppointmentState = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'not-found' } | { kind: 'offline' } | { kind: 'appointment'; appointment: PatientAppointment };

/** How often a booked appointment is asked again: the practice's delay on the day changes by the minute. */
const REFRESH_MS = 60_000;

/** The appointment by the key of the patient's link, kept current while the page is open. */
export function useAppointment(key: string): { state: AppointmentState; refresh: () => Promise<void>; show: (appointment: PatientAppointment) => void } {
  const valid = isLinkKey(key);
  const [state, setState] = useState<AppointmentState>(() => {
    const booked = valid ? handedOverAppointment(key) : undefined;
    if (booked) return { kind: 'appointment', appointment: booked };
    return valid ? { kind: 'loading' } : { kind: 'invalid' };
  });
  const latest = useRef(0);

  const show = useCallback(
    (appointment: PatientAppointment) => {
      rememberAppointment(appointment, key);
      setState({ kind: 'appointment', appointment });
    },
    [key],
  );

  /** One fetch; true when done (shown, a 404, or overtaken by a newer fetch), false when worth retrying. */
  const load = useCallback(async (): Promise<boolean> => {
    if (!valid) return true;
    const request = ++latest.current;
    try {
      const appointment = await patientRequest<PatientAppointment>(`/appointments/${key}`);
      if (request === latest.current) show(appointment);
      return true;
    } catch (error) {
      if (request !== latest.current) return true;
      if (isNotFound(error)) {
        setState({ kind: 'not-found' });
        return true;
      }
      setState((current) => (current.kind === 'appointment' ? current : { kind: 'offline' }));
      return false;
    }
  }, [key, valid, show]);
  const refresh = useCallback(async () => void (await load()), [load]);
  /** The live refetches: a failed one is tried again with backoff (lib/retry.ts), not left until the next minute. */
  const sync = useMemo(() => retrying(load), [load]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  // On its day, a check-in elsewhere (the kiosk, the desk) puts a member on the list: the list's
  // public topic moves, and the page turns into the live ticket without waiting a minute.
  const todayQueue = state.kind === 'appointment' && state.appointment.can_check_in ? state.appointment.queue_id : undefined;
  useEffect(() => {
    if (!todayQueue) return undefined;
    const connection = connectLive({ topics: [`queue:${todayQueue}`], onEvent: () => sync.run(), onResync: () => sync.run(), onStatus: () => undefined });
    return () => {
      sync.stop();
      connection.close();
    };
  }, [todayQueue, sync]);

  return { state, refresh, show };
}
