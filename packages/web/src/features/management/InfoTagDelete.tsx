import { useTranslation } from 'react-i18next';
import type { InfoTag } from '@wartefrei/shared';
import { ConfirmedDelete } from './ConfirmedDelete';
import { queryKeys } from '../../lib/query-keys';

/** Deleting an info tag, after a confirmation (tickets carrying it lose it). */
export function InfoTagDelete({ tag, onDeleted }: { tag: InfoTag; onDeleted: () => void }) {
  const { t } = useTranslation('management');
  return (
    <ConfirmedDelete
      label={t('infotags.delete', { name: tag.name })}
      title={t('infotags.deleteTitle')}
      question={t('infotags.deleteQuestion', { name: tag.name })}
      confirm={t('infotags.deleteConfirm')}
      path={`/info-tags/${tag.id}`}
      invalidate={[queryKeys.infoTags.all]}
      onDeleted={onDeleted}
    />
  );
}
