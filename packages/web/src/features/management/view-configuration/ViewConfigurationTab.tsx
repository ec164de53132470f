import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../ui/FormAlert';
import { QueueChoice } from '../QueueChoice';
import { ViewConfigurationForm } from './ViewConfigurationForm';

/**
 * The processor view configuration (docs/product.md#processor-view-configuration): for one list,
 * which columns, filters and actions its work view shows admins and processors. The list is
 * chosen above (`&queue=<id>`, or the path of `/backend/management/:queueId/viewConfiguration`).
 */
export function ViewConfigurationTab() {
  const { t } = useTranslation('management');
  return (
    <QueueChoice section="viewConfiguration" label={t('viewConfiguration.queue')}>
      {({ queue, picker }) => (
        <Stack gap="md">
          <Text maw={720}>{t('viewConfiguration.intro')}</Text>
          {picker}
          <FormAlert tone="info">
            <Text size="sm">{t('viewConfiguration.notPermission')}</Text>
            <Text size="sm" mt={4}>
              {t('viewConfiguration.alwaysShown')}
            </Text>
          </FormAlert>
          {/* Keyed by the list: another list starts from its own stored configuration. */}
          <ViewConfigurationForm key={queue.id} queue={queue} />
        </Stack>
      )}
    </QueueChoice>
  );
}
