import { useTranslation } from 'react-i18next';
import type { Profile, Queue } from '@wartefrei/shared';
import { ConfirmedDelete } from './ConfirmedDelete';
import { queryKeys } from '../../lib/query-keys';
import { useDemoLock } from '../../lib/demo-lock';

/**
 * Deleting a location; the question names the waiting lists that go with it (the server archives
 * them). Their booked appointments can only be cancelled: no list of the location remains.
 */
export function LocationDelete({ profile, queues, onDeleted }: { profile: Profile; queues: Queue[]; onDeleted: () => void }) {
  const { t } = useTranslation('management');
  const lockedReason = useDemoLock();
  const question =
    queues.length === 0
      ? t('lists.location.deleteQuestion', { name: profile.name })
      : t('lists.location.deleteQuestionWithLists', { name: profile.name, count: queues.length, lists: queues.map((q) => q.name).join(', ') });
  return (
    <ConfirmedDelete
      label={t('lists.location.delete', { name: profile.name })}
      title={t('lists.location.deleteTitle')}
      question={question}
      confirm={t('lists.location.deleteConfirm')}
      path={`/profiles/${profile.id}`}
      invalidate={[queryKeys.profiles.all, queryKeys.queues.all, queryKeys.appointments.all]}
      onDeleted={onDeleted}
      lockedReason={lockedReason}
    />
  );
}
