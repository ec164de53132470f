import { useTranslation } from 'react-i18next';
import type { Queue } from '@wartefrei/shared';
import { ConfirmedDelete } from './ConfirmedDelete';
import { queryKeys } from '../../lib/query-keys';
import { useDemoLock } from '../../lib/demo-lock';

/** Deleting a waiting list with its tickets, schedule and assignments, after a confirmation. */
export function QueueDelete({ queue, onDeleted }: { queue: Queue; onDeleted: () => void }) {
  const { t } = useTranslation('management');
  const lockedReason = useDemoLock();
  return (
    <ConfirmedDelete
      label={t('lists.queue.delete', { name: queue.name })}
      title={t('lists.queue.deleteTitle')}
      question={t('lists.queue.deleteQuestion', { name: queue.name })}
      confirm={t('lists.queue.deleteConfirm')}
      path={`/queues/${queue.id}`}
      invalidate={[queryKeys.profiles.all, queryKeys.queues.all]}
      onDeleted={onDeleted}
      lockedReason={lockedReason}
    />
  );
}
