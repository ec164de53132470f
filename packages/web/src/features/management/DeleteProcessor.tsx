import { useTranslation } from 'react-i18next';
import type { Processor } from '@wartefrei/shared';
import { ConfirmedDelete } from './ConfirmedDelete';
import { queryKeys } from '../../lib/query-keys';
import { useDemoLock } from '../../lib/demo-lock';

/** Deleting a processor, after a confirmation; one's own account cannot be deleted here. */
export function DeleteProcessor({ processor, isMe, onDeleted }: { processor: Processor; isMe: boolean; onDeleted: () => void }) {
  const { t } = useTranslation('management');
  const lockedReason = useDemoLock();
  return (
    <ConfirmedDelete
      label={isMe ? t('processors.notYourself') : t('processors.delete', { name: processor.display_name })}
      title={t('processors.deleteTitle')}
      question={t('processors.deleteQuestion', { name: processor.display_name })}
      confirm={t('processors.deleteConfirm')}
      path={`/processors/${processor.id}`}
      invalidate={[queryKeys.processors.all, queryKeys.queueProcessors.all]}
      onDeleted={onDeleted}
      lockedReason={lockedReason}
      disabled={isMe}
    />
  );
}
