import { useTranslation } from 'react-i18next';
import type { Processor } from '@wartefrei/shared';
import { ConfirmedDelete } from './ConfirmedDelete';
import { queryKeys } from '../../lib/query-keys';
import { useDemoLock } from '../../lib/demo-lock';

/**
 * Removing a processor, after a confirmation; one's own account cannot be removed here. The
 * server deactivates them (their history keeps their name); their booked appointments are
 * cancelled or handed to a colleague (`colleagues`), as the admin chooses; their dates show in
 * the locations' zone when all share one (`timeZone`), else in the browser's.
 */
export function DeleteProcessor({
  processor,
  colleagues,
  timeZone,
  isMe,
  onDeleted,
}: {
  processor: Processor;
  colleagues: Processor[];
  timeZone: string | undefined;
  isMe: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('management');
  const lockedReason = useDemoLock();
  return (
    <ConfirmedDelete
      label={isMe ? t('processors.notYourself') : t('processors.delete', { name: processor.display_name })}
      title={t('processors.deleteTitle')}
      question={t('processors.deleteQuestion', { name: processor.display_name })}
      confirm={t('processors.deleteConfirm')}
      path={`/processors/${processor.id}`}
      invalidate={[queryKeys.processors.all, queryKeys.queueProcessors.all, queryKeys.appointments.all]}
      onDeleted={onDeleted}
      lockedReason={lockedReason}
      disabled={isMe}
      handover={{
        param: 'reassign',
        ...(timeZone ? { timeZone } : {}),
        options: colleagues.filter((p) => p.id !== processor.id).map((p) => ({ value: p.id, label: p.display_name })),
      }}
    />
  );
}
