import { useEffect, useState } from 'react';
import type { ProbingInterview, ProbingVariant } from '@wartefrei/shared';
import { patientRequest } from '../app/api';

/**
 * A location's questions of one variant where they are asked (`ask`), or undefined when there
 * are none. `known` stays false while they load, so the first screen does not change under a
 * finger. A failure asks nothing: the draw then says what is wrong.
 */
export function useInterview(profileId: string | undefined, variant: ProbingVariant, ask: boolean): { known: boolean; interview?: ProbingInterview } {
  const [state, setState] = useState<{ known: boolean; interview?: ProbingInterview }>({ known: !ask || !profileId });
  useEffect(() => {
    if (!ask || !profileId) return setState({ known: true });
    let cancelled = false;
    setState({ known: false });
    patientRequest<ProbingInterview>(`/profiles/${profileId}/probing?variant=${variant}`)
      .then((interview) => !cancelled && setState(interview.questions.length > 0 ? { known: true, interview } : { known: true }))
      .catch(() => !cancelled && setState({ known: true }));
    return () => {
      cancelled = true;
    };
  }, [profileId, variant, ask]);
  return state;
}
