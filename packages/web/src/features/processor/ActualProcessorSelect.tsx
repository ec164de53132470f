import { NativeSelect } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@wartefrei/shared';
import { queryKeys } from '../../lib/query-keys';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { processorChoices } from './actual-processor';
import { notifyInfo, notifyFailure } from './notify';
import { fetchServingProcessors, isBeyondLimit, setMemberProcessor } from './processor.api';

/**
 * The "actual processor" of a ticket in processing: who serves it, chosen among those actively
 * processing the list. Shown only to whom may choose (mayChooseProcessor); the server checks again.
 * Beyond the recipient's own limit the server refuses; the user may hand over anyway (`force`).
 * Keyed by the member's version where it is used: the choice shows until the list brings the
 * changed member, then the member's own value again.
 */
export function ActualProcessorSelect({ member, queueId, onChanged }: { member: Member; queueId: string; onChanged: () => void }) {
  const { t } = useTranslation('processor');
  // The same query as the rows' colours and names: one request for both.
  const serving = useQuery({ queryKey: queryKeys.queueProcessors.ofQueue(queueId), queryFn: () => fetchServingProcessors(queueId), staleTime: 60_000 });
  const [chosen, setChosen] = useState<string>();
  const [beyondLimit, setBeyondLimit] = useState<{ processorId: string; message: string }>();
  const choose = useMutation({
    mutationFn: ({ processorId, force }: { processorId: string; force?: boolean }) => setMemberProcessor(member, processorId, force),
    onMutate: ({ processorId }) => setChosen(processorId),
    onSuccess: (result) => {
      setBeyondLimit(undefined);
      if (result.warning) notifyInfo(result.warning.message);
    },
    onError: (error, { processorId, force }) => {
      setChosen(undefined);
      if (isBeyondLimit(error) && !force) setBeyondLimit({ processorId, message: error.message });
      else notifyFailure(error);
    },
    onSettled: onChanged,
  });
  const choices = processorChoices(member, serving.data ?? [], t('row.actualProcessorOther'));
  if (choices.length === 0) return null;
  return (
    <>
      <NativeSelect
        size="xs"
        mt={4}
        label={t('row.actualProcessor')}
        aria-label={t('row.actualProcessorLabel', { number: member.number })}
        data={choices}
        value={chosen ?? member.processor_id ?? ''}
        disabled={choose.isPending}
        onChange={(event) => choose.mutate({ processorId: event.currentTarget.value })}
        // As wide as the column lets it be, so the row's actions stay in view on a phone.
        w="100%"
        maw={200}
      />
      <ConfirmDialog
        opened={beyondLimit !== undefined}
        title={t('row.handOverBeyondLimitTitle')}
        message={beyondLimit?.message ?? ''}
        confirmLabel={t('row.handOverAnyway')}
        loading={choose.isPending}
        onConfirm={() => beyondLimit && choose.mutate({ processorId: beyondLimit.processorId, force: true })}
        onClose={() => setBeyondLimit(undefined)}
      />
    </>
  );
}
