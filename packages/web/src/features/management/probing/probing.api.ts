import { useQuery } from '@tanstack/react-query';
import type { AppointmentType, InfoTag, ProbingOption, ProbingQuestion, ProbingVariant, Queue } from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** A location's questionnaire of one variant, and what its options may point at. */
export function useQuestionnaire(profileId: string, variant: ProbingVariant) {
  const questions = useQuery({
    queryKey: queryKeys.probing.of(profileId, variant),
    queryFn: () => api.get<ProbingQuestion[]>('/probing-questions', { query: { profile_id: profileId, variant } }),
    enabled: profileId !== '',
  });
  const queues = useQuery({ queryKey: queryKeys.queues.all, queryFn: () => api.get<Queue[]>('/queues') });
  const tags = useQuery({ queryKey: queryKeys.infoTags.all, queryFn: () => api.get<InfoTag[]>('/info-tags') });
  const types = useQuery({ queryKey: queryKeys.appointmentTypes.all, queryFn: () => api.get<AppointmentType[]>('/appointment-types') });
  const all = [questions, queues, tags, types];
  return {
    pending: all.some((q) => q.isPending && q.fetchStatus !== 'idle'),
    failed: all.some((q) => q.isError),
    questions: questions.data ?? [],
    queues: (queues.data ?? []).filter((q) => q.profile_id === profileId),
    tags: tags.data ?? [],
    types: (types.data ?? []).filter((type) => type.profile_id === profileId),
  };
}
export type Questionnaire = ReturnType<typeof useQuestionnaire>;

/** Where an option leads, in words: "Warteliste Infekt", "Frage: Rezept?", a web address, a booking. */
export function targetLabel(option: ProbingOption, setup: Questionnaire, t: (key: string, values?: Record<string, unknown>) => string): string {
  switch (option.action) {
    case 'QUESTION':
      return t('probing.leads.QUESTION', { name: setup.questions.find((q) => q.id === option.target_question_id)?.text ?? '—' });
    case 'QUEUE':
      return t('probing.leads.QUEUE', { name: setup.queues.find((q) => q.id === option.target_queue_id)?.name ?? '—' });
    case 'URL':
      return t('probing.leads.URL', { name: option.target_url ?? '—' });
    case 'BOOK_APPOINTMENT':
      return t('probing.leads.BOOK_APPOINTMENT', { name: setup.types.find((type) => type.id === option.appointment_type_id)?.name ?? '—' });
    default:
      return t('probing.leads.NOTHING');
  }
}
