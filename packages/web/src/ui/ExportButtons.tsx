import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberExportQuery } from '@wartefrei/shared';
import { downloadExport, type ReportParams } from './reporting.api';

type Format = MemberExportQuery['format'];
type ExportState = { phase: 'idle' | 'done' | 'failed' } | { phase: 'running'; format: Format; bytes: number };

/** The export buttons: the file streams in with its size shown, then the browser saves it. */
export function ExportButtons({ params, withNames }: { params: ReportParams; withNames: boolean }) {
  const { t, i18n } = useTranslation('reporting');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const size = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  const run = async (format: Format) => {
    setState({ phase: 'running', format, bytes: 0 });
    try {
      await downloadExport({ ...params, format, names: withNames ? 'true' : undefined }, (bytes) => setState({ phase: 'running', format, bytes }));
      setState({ phase: 'done' });
    } catch {
      setState({ phase: 'failed' });
    }
  };
  const running = state.phase === 'running';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="report-export">
      <Stack gap="sm">
        <Title order={2} size="h3" id="report-export">
          {t('export.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('export.hint')}
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
      </Stack>
    </Paper>
  );
}
