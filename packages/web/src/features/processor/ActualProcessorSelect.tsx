import { NativeSelect } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@wartefrei/shared';
import { queryKeys } from '../../lib/query-keys';
import { processorChoices } from './actual-processor';
import { fetchServingProcessors, setMemberProcessor } from './processor.api';

/**
 * The "actual processor" of a ticket in processing: who serves it, chosen among those actively
 * processing the list. Shown only to whom may choose (mayChooseProcessor); the server checks again.
 * Keyed by the member's version where it is used: the choice shows until the list brings the
 * changed member, then the member's own value again.
 */
export function ActualProcessorSelect({ member, queueId, onChanged }: { member: Member; queueId: string; onChanged: () => void }) {
  const { t } = useTranslation('processor');
  // The same query as the rows' colours and names: one request for both.
  const serving = useQuery({ queryKey: queryKeys.queueProcessors.ofQueue(queueId), queryFn: () => fetchServingProcessors(queueId), staleTime: 60_000 });
  const [chosen, setChosen] = useState<string>();
  const choose = useMutation({
    mutationFn: (processorId: string) => setMemberProcessor(member, processorId),
    onMutate: setChosen,
    onError: () => setChosen(undefined),
    onSettled: onChanged,
  });
  const choices = processorChoices(member, serving.data ?? [], t('row.actualProcessorOther'));
  if (choices.length === 0) return null;
  return (
    <NativeSelect
      size="xs"
      mt={4}
      label={t('row.actualProcessor')}
      aria-label={t('row.actualProcessorLabel', { number: member.number })}
      data={choices}
      value={chosen ?? member.processor_id ?? ''}
      disabled={choose.isPending}
      onChange={(event) => choose.mutate(event.currentTarget.value)}
      // As wide as the column lets it be, so the row's actions stay in view on a phone.
      w="100%"
      maw={200}
    />
  );
}
