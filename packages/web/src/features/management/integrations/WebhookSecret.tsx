import { Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../rollout/CopyButton';
import { FormAlert } from '../../../ui/FormAlert';

/**
 * The signing secret, shown once after creating or rotating: the server never shows it again,
 * so it says so and offers to copy it.
 */
export function WebhookSecret({ secret, url, rotated = false }: { secret: string; url: string; rotated?: boolean }) {
  const { t } = useTranslation('webhooks');
  return (
    <FormAlert tone="info" title={rotated ? t('secret.rotatedTitle') : t('secret.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('secret.once', { url })}</Text>
        {rotated && <Text size="sm">{t('secret.oldStillSigns')}</Text>}
        <Group gap="sm" wrap="wrap">
          <Code data-webhook-secret style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <CopyButton text={secret} what={t('secret.what')} />
        </Group>
      </Stack>
    </FormAlert>
  );
}
