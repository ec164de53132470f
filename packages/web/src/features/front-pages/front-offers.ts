import { useEffect, useState } from 'react';
import type { SystemInformation } from '@wartefrei/shared';
import { frontRequest } from './front-api';

/**
 * The light app's view of what this server offers (`GET /system-information`): the demo and
 * payment (prices, trial). Nothing until the server answers, or when it cannot be reached:
 * better no link than a link to a demo or a trial that does not exist (issue 40 §9, §10).
 */
export function useFrontOffers(): { demo: boolean; payment: boolean } {
  const [offers, setOffers] = useState({ demo: false, payment: false });
  useEffect(() => {
    let live = true;
    frontRequest<SystemInformation>('/system-information').then(
      (info) => live && setOffers({ demo: info.demo_available === true, payment: info.payment_configured === true }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return offers;
}
