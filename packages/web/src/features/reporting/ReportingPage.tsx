import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ReportProcessors, ReportSummary } from '@wartefrei/shared';
import { Page } from '../../ui/Page';
import { ExportButtons } from '../../ui/ExportButtons';
import { EarlierSection } from './EarlierFigures';
import { MembersTable } from './MembersTable';
import { ReportFilters } from './ReportFilters';
import { SummaryCards } from './SummaryCards';
import { bucketFor } from './period';
import { downloadExport, useReport } from './reporting.api';
import { reportQuery, useReportParams } from './useReportParams';

// The chart library is a chunk of its own, fetched when the figures are on screen.
const ReportCharts = lazy(() => import('./ReportCharts'));

function Loading({ text }: { text: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{text}</Text>
    </Group>
  );
}

/**
 * `/backend/reporting` (every staff member, over the lists they work on) and
 * `/backend/management/:queueId?/reporting` (admins; with a list, for that list): how the
 * waiting room ran — figures against the period before, charts, the member analysis, exports.
 */
export function ReportingPage() {
  const { t, i18n } = useTranslation('reporting');
  const { queueId } = useParams();
  const { state, update, resetFilters } = useReportParams(queueId);
  const [withNames, setWithNames] = useState(false);
  const params = reportQuery(state);
  const enabled = state.rangeValid;
  const summary = useReport<ReportSummary>('summary', enabled ? params : { invalid: 'true' });
  const processors = useReport<ReportProcessors>('processors', enabled ? { ...params, processor_id: undefined } : { invalid: 'true' });
  const formatDate = (date: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const body = () => {
    if (!enabled) return null;
    if (summary.isPending) return <Loading text={t('loading')} />;
    if (summary.isError) {
      return (
        <Alert color="red" title={t('loadFailed')}>
          <Button variant="light" onClick={() => void summary.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      );
    }
    const data = summary.data;
    const empty = data.current.drawn === 0 && data.current.appointments_booked === 0;
    return (
      <Stack gap="lg" aria-busy={summary.isFetching}>
        <Text size="sm" c="dimmed" data-testid="report-period">
          {t('period.shown', { from: formatDate(data.from), to: formatDate(data.to), previousFrom: formatDate(data.previous_from), previousTo: formatDate(data.previous_to) })}
        </Text>
        {data.aggregated_through && (
          <Text size="xs" c="dimmed" data-testid="report-freshness">
            {t('freshness', { through: formatDate(data.aggregated_through < data.to ? data.aggregated_through : data.to) })}
          </Text>
        )}
        <SummaryCards summary={data} />
        {empty ? (
          <Alert color="gray">{t('empty')}</Alert>
        ) : (
          <Suspense fallback={<Loading text={t('charts.loading')} />}>
            <ReportCharts params={params} bucket={bucketFor(state.range)} processors={processors.data?.processors ?? []} />
          </Suspense>
        )}
        <EarlierSection params={params} />
        <MembersTable params={params} withNames={withNames} onNamesChange={setWithNames} />
        <ExportButtons hint={t('export.hint')} download={(format, onProgress) => downloadExport({ ...params, format, names: withNames ? 'true' : undefined }, onProgress)} />
      </Stack>
    );
  };
  return (
    <Page title={t('title')} size="xl">
      <Text>{t('intro')}</Text>
      <ReportFilters state={state} update={update} resetFilters={resetFilters} processors={processors.data?.processors ?? []} queueFixed={queueId !== undefined} />
      {body()}
    </Page>
  );
}
