import { useTranslation } from 'react-i18next';
import type { Queue } from '@wartefrei/shared';
import { ConfirmedDelete } from './ConfirmedDelete';
import { queryKeys } from '../../lib/query-keys';
import { useDemoLock } from '../../lib/demo-lock';

/**
 * Deleting a waiting list, after a confirmation; its booked appointments are cancelled or moved
 * to another list of the same location (`siblings`), as the admin chooses.
 */
export function QueueDelete({ queue, siblings, timeZone, onDeleted }: { queue: Queue; siblings: Queue[]; timeZone: string; onDeleted: () => void }) {
  const { t } = useTranslation('management');
  const lockedReason = useDemoLock();
  return (
    <ConfirmedDelete
      label={t('lists.queue.delete', { name: queue.name })}
      title={t('lists.queue.deleteTitle')}
      question={t('lists.queue.deleteQuestion', { name: queue.name })}
      confirm={t('lists.queue.deleteConfirm')}
      path={`/queues/${queue.id}`}
      invalidate={[queryKeys.profiles.all, queryKeys.queues.all, queryKeys.appointments.all]}
      onDeleted={onDeleted}
      handover={{ param: 'move', timeZone, options: siblings.filter((q) => q.id !== queue.id).map((q) => ({ value: q.id, label: q.name })) }}
      lockedReason={lockedReason}
    />
  );
}
