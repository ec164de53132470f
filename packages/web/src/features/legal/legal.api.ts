import { useQuery } from '@tanstack/react-query';
import type { LegalInformation } from '@wartefrei/shared';
import { api } from '../../lib/api';

/** `GET /legal`: what the legal pages fill in from the server's configuration. */
export function useLegalInformation() {
  return useQuery({ queryKey: ['legal'], queryFn: () => api.get<LegalInformation>('/legal'), staleTime: 5 * 60_000 });
}
