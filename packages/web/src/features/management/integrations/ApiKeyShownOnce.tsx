import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreatedApiKey } from '@wartefrei/shared';
import { FormAlert } from '../../../ui/FormAlert';
import { CopyButton } from '../../rollout/CopyButton';

/**
 * The new key, shown this once: the server keeps only its hash, so closing this dialog is the
 * last chance to copy it. Closing needs the button (no click beside the dialog loses the key).
 */
export function ApiKeyShownOnce({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation('management');
  return (
    <Modal opened onClose={onClose} title={t('apiKeys.createdTitle', { name: created.name })} size="lg" closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="md">
        <FormAlert tone="info" title={t('apiKeys.onceTitle')}>
          {t('apiKeys.onceWarning')}
        </FormAlert>
        <Text size="sm" fw={600} id="api-key-secret-label">
          {t('apiKeys.secretLabel')}
        </Text>
        <Code block aria-labelledby="api-key-secret-label" data-testid="api-key-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {created.key}
        </Code>
        <Group justify="space-between">
          <CopyButton text={created.key} what={t('apiKeys.secretLabel')} />
          <Button onClick={onClose} data-autofocus>
            {t('apiKeys.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
