import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiKeys } from './ApiKeys';
import { WebhookEndpoints } from './WebhookEndpoints';

/**
 * "Schnittstellen" (admins): how the practice's other systems (practice-management system,
 * phone system, hospital scheduling) reach wartefrei. One section per way in, each its own
 * component beside this file.
 */
export function IntegrationsTab() {
  const { t } = useTranslation('management');
  return (
    <Stack gap="xl">
      <Text>{t('integrations.intro')}</Text>
      <ApiKeys />
      <WebhookEndpoints />
    </Stack>
  );
}
