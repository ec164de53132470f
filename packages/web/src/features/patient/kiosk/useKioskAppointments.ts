import { useEffect, useState } from 'react';
import { bookableTypesAt } from '../app/resolve-link';

/**
 * What a kiosk offers for appointments at its location: booking where a type is bookable at the
 * kiosk, and check-in wherever patients book (online or here). Without either, or while the
 * server cannot say, the kiosk stays a ticket machine. `known` once it has asked.
 */
export function useKioskAppointments(profileId: string): { known: boolean; bookable: boolean; offered: boolean } {
  const [state, setState] = useState({ known: false, bookable: false, offered: false });
  useEffect(() => {
    if (!profileId) return undefined;
    let cancelled = false;
    Promise.all([bookableTypesAt({ profileId }, 'KIOSK'), bookableTypesAt({ profileId }, 'ONLINE')]).then(
      ([kiosk, online]) => !cancelled && setState({ known: true, bookable: kiosk.length > 0, offered: kiosk.length + online.length > 0 }),
      () => !cancelled && setState({ known: true, bookable: false, offered: false }),
    );
    return () => {
      cancelled = true;
    };
  }, [profileId]);
  return state;
}
