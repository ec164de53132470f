import { useCallback, useEffect, useState } from 'react';
import type { AppointmentOffer } from '@wartefrei/shared';
import { isNotFound, PatientApiError, patientRequest } from '../app/api';
import { isLinkKey } from '../app/patient-link';

export type OfferState = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'not-found' } | { kind: 'offline' } | { kind: 'offer'; offer: AppointmentOffer };

/** A refused answer the page shows as the offer's own end: someone else was quicker, or too late. */
const ENDED_BY: Partial<Record<string, AppointmentOffer['state']>> = { OFFER_TAKEN: 'TAKEN', OFFER_EXPIRED: 'EXPIRED' };

/**
 * The offer behind the link (`GET /appointment-offers/{token}`) and the patient's answer to it.
 * `answer` resolves with a message when it failed for another reason (shown beside the buttons).
 */
export function useOffer(token: string): {
  state: OfferState;
  refresh: () => Promise<void>;
  answer: (what: 'accept' | 'decline') => Promise<string | undefined>;
} {
  const valid = isLinkKey(token);
  const [state, setState] = useState<OfferState>(valid ? { kind: 'loading' } : { kind: 'invalid' });

  const refresh = useCallback(async () => {
    if (!valid) return;
    try {
      setState({ kind: 'offer', offer: await patientRequest<AppointmentOffer>(`/appointment-offers/${token}`) });
    } catch (error) {
      setState(isNotFound(error) ? { kind: 'not-found' } : { kind: 'offline' });
    }
  }, [token, valid]);

  useEffect(() => void refresh(), [refresh]);

  const answer = useCallback(
    async (what: 'accept' | 'decline'): Promise<string | undefined> => {
      try {
        setState({ kind: 'offer', offer: await patientRequest<AppointmentOffer>(`/appointment-offers/${token}/${what}`, { method: 'POST', body: {} }) });
        return undefined;
      } catch (error) {
        const ended = error instanceof PatientApiError && error.code ? ENDED_BY[error.code] : undefined;
        if (ended) {
          setState((current) => (current.kind === 'offer' ? { kind: 'offer', offer: { ...current.offer, state: ended } } : current));
          return undefined;
        }
        if (isNotFound(error)) {
          setState({ kind: 'not-found' });
          return undefined;
        }
        return error instanceof PatientApiError && error.body ? error.body.message : '';
      }
    },
    [token],
  );

  return { state, refresh, answer };
}
