import { Button, Group, TextInput } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './CopyButton';

/** One address: read-only (selecting it all on focus), with "Kopieren" and "Öffnen". */
export function LinkField({ label, url }: { label: string; url: string }) {
  const { t } = useTranslation('rollout');
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label={label}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: '1 1 18rem', minWidth: 0 }}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Group gap="xs" wrap="wrap">
        <CopyButton text={url} what={label} />
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
          variant="subtle"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          aria-label={t('openLabel', { what: label })}
        >
          {t('open')}
        </Button>
      </Group>
    </Group>
  );
}
