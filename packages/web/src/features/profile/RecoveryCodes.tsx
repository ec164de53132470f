import { Button, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Recovery codes, shown once after they were made: copy, print, and "saved" to leave. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n')).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Stack gap="sm" role="region" aria-labelledby="recovery-codes-title">
      <Title order={3} size="h5" id="recovery-codes-title">
        {t('secondFactor.recoveryTitle')}
      </Title>
      <Text size="sm">{t('secondFactor.recoveryIntro')}</Text>
      <List aria-label={t('secondFactor.recoveryListLabel')} listStyleType="none" spacing={4} data-testid="recovery-codes">
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button variant="default" onClick={() => void copy()}>
          {copied ? t('secondFactor.copied') : t('secondFactor.copy')}
        </Button>
        <Button variant="default" onClick={() => window.print()}>
          {t('secondFactor.print')}
        </Button>
        <Button onClick={onDone}>{t('secondFactor.done')}</Button>
      </Group>
    </Stack>
  );
}
