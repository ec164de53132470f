import { useTranslation } from 'react-i18next';
import type { Monitor } from '@wartefrei/shared';
import { ConfirmedDelete } from './ConfirmedDelete';
import { queryKeys } from '../../lib/query-keys';

/** Deleting a monitor, after a confirmation (its screens then say "Monitor nicht gefunden"). */
export function MonitorDelete({ monitor, onDeleted }: { monitor: Monitor; onDeleted: () => void }) {
  const { t } = useTranslation('management');
  return (
    <ConfirmedDelete
      label={t('monitors.delete', { name: monitor.display_name })}
      title={t('monitors.deleteTitle')}
      question={t('monitors.deleteQuestion', { name: monitor.display_name })}
      confirm={t('monitors.deleteConfirm')}
      path={`/monitors/${monitor.id}`}
      invalidate={[queryKeys.monitors.all]}
      onDeleted={onDeleted}
    />
  );
}
