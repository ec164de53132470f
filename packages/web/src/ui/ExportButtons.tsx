import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from './SectionCard';

export type ExportFormat = 'xlsx' | 'csv';
type ExportState = { phase: 'idle' | 'done' | 'failed' } | { phase: 'running'; format: ExportFormat; bytes: number };

interface ExportButtonsProps {
  /** What the file holds, under the title. */
  hint: string;
  /** Fetches the file, telling `onProgress` the bytes received, and saves it. */
  download: (format: ExportFormat, onProgress: (bytes: number) => void) => Promise<void>;
}

/** The export buttons of a staff screen: the file streams in with its size shown, then the browser saves it. */
export function ExportButtons({ hint, download }: ExportButtonsProps) {
  const { t, i18n } = useTranslation('common');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const size = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  const run = async (format: ExportFormat) => {
    setState({ phase: 'running', format, bytes: 0 });
    try {
      await download(format, (bytes) => setState({ phase: 'running', format, bytes }));
      setState({ phase: 'done' });
    } catch {
      setState({ phase: 'failed' });
    }
  };
  const running = state.phase === 'running';
  return (
    <SectionCard id="export-title" title={t('export.title')} titleSize="h3">
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      <Group gap="sm">
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button
            key={format}
            leftSection={<IconDownload size={16} aria-hidden />}
            variant={format === 'xlsx' ? 'filled' : 'default'}
            loading={running && state.format === format}
            disabled={running}
            onClick={() => void run(format)}
          >
            {t(`export.${format}`)}
          </Button>
        ))}
      </Group>
      <div role="status" aria-live="polite">
        {state.phase === 'running' && (
          <Stack gap={4}>
            <Progress value={100} animated striped aria-hidden />
            <Text size="sm">{t('export.progress', { size: size.format(state.bytes / 1024) })}</Text>
          </Stack>
        )}
        {state.phase === 'done' && <Text size="sm">{t('export.done')}</Text>}
      </div>
      {state.phase === 'failed' && (
        <Alert color="red" role="alert">
          {t('export.failed')}
        </Alert>
      )}
    </SectionCard>
  );
}
