import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadWithProgress } from '../../lib/download';
import { FormAlert } from '../../ui/FormAlert';
import { OperatorWarning } from '../legal/OperatorWarning';

/** The data processing agreement (GDPR art. 28) of the practice, as a PDF to sign and file. */
export function DpaCard() {
  const { t } = useTranslation('billing');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadWithProgress('/billing/dpa.pdf', {}, () => undefined, 'wartefrei-auftragsverarbeitung.pdf');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="billing-dpa">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="billing-dpa">
          {t('dpa.title')}
        </Title>
        <Text>{t('dpa.hint')}</Text>
        <OperatorWarning />
        {failed && <FormAlert tone="error">{t('dpa.failed')}</FormAlert>}
        <Button leftSection={<IconDownload size={16} aria-hidden />} variant="default" loading={busy} onClick={() => void download()}>
          {t('dpa.download')}
        </Button>
      </Stack>
    </Paper>
  );
}
