import { useTranslation } from 'react-i18next';
import type { ScheduleEntry } from '@wartefrei/shared';
import { ConfirmedDelete } from './ConfirmedDelete';
import { queryKeys } from '../../lib/query-keys';

/** Deleting a schedule entry, after a confirmation; `label` names the entry ("Montag 08:00 Öffnen"). */
export function ScheduleEntryDelete({ entry, label, onDeleted }: { entry: ScheduleEntry; label: string; onDeleted: () => void }) {
  const { t } = useTranslation('management');
  return (
    <ConfirmedDelete
      label={t('schedule.delete', { entry: label })}
      title={t('schedule.deleteTitle')}
      question={t('schedule.deleteQuestion', { entry: label })}
      confirm={t('schedule.deleteConfirm')}
      path={`/queues/${entry.queue_id}/schedule/${entry.id}`}
      invalidate={[queryKeys.schedule(entry.queue_id)]}
      onDeleted={onDeleted}
    />
  );
}
