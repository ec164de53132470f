import { useQuery } from '@tanstack/react-query';
import type { SystemInformation } from '@wartefrei/shared';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * What this server offers (`GET /system-information`): whether it has the public demo and
 * whether it sells subscriptions (Stripe). Pages hide the demo links and every price, trial
 * and device order where not (issue 40 §9, §10); until the answer is here they show neither.
 */
export function useSystemInformation() {
  return useQuery({
    queryKey: queryKeys.systemInformation,
    queryFn: () => api.get<SystemInformation>('/system-information', { silent: true }),
    staleTime: 60_000,
  });
}

/** The demo and the offer as far as known: nothing before the server has answered. */
export function offersOf(info: SystemInformation | undefined): { demo: boolean; payment: boolean } {
  return { demo: info?.demo_available === true, payment: info?.payment_configured === true };
}
