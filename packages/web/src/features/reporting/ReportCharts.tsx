import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportBucket, ReportHeatmap, ReportProbing, ReportProcessors, ReportQueues, ReportTimeseries } from '@wartefrei/shared';
import { ChartSection } from './ChartSection';
import { Heatmap } from './Heatmap';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { useReport, type ReportParams } from './reporting.api';

interface ReportChartsProps {
  params: ReportParams;
  bucket: ReportBucket;
  processors: ReportProcessors['processors'];
}

/** A bucket's start (`YYYY-MM-DDTHH:mm`, the practice's clock) as an axis label. */
function bucketLabel(start: string, bucket: ReportBucket, lang: string): string {
  const [date = '', time = ''] = start.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const dayText = new Intl.DateTimeFormat(lang, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(Date.UTC(year!, month! - 1, day));
  return bucket === 'hour' ? `${dayText} ${time}` : dayText;
}

/**
 * The report's pictures (its own chunk: the chart library loads with this screen only): waits
 * over time, arrivals by weekday and hour, per list, per processor, the estimate's honesty and
 * the questionnaire's answers. Each with its figures as a table for screen readers.
 */
export default function ReportCharts({ params, bucket, processors }: ReportChartsProps) {
  const { t, i18n } = useTranslation('reporting');
  const series = useReport<ReportTimeseries>('timeseries', { ...params, bucket });
  const heatmap = useReport<ReportHeatmap>('heatmap', params);
  const queues = useReport<ReportQueues>('queues', params);
  const probing = useReport<ReportProbing>('probing', params);
  if (series.isError || heatmap.isError || queues.isError || probing.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const points = (series.data?.points ?? []).map((point) => ({
    label: bucketLabel(point.start, series.data?.bucket ?? bucket, i18n.language),
    wait_p50_min: point.wait_p50_min,
    wait_p90_min: point.wait_p90_min,
    within: point.within_estimate_share === null ? null : Math.round(point.within_estimate_share * 100),
  }));
  const measured = points.filter((point) => point.wait_p50_min !== null);
  const dash = t('figures.none');
  const lists = queues.data?.queues ?? [];
  const answers = probing.data?.answers ?? [];
  return (
    <Stack gap="md">
      <ChartSection
        id="chart-waits"
        title={t('charts.waits')}
        hint={t('charts.waitsHint')}
        empty={measured.length === 0}
        columns={[t('charts.time'), t('charts.waitP50'), t('charts.waitP90')]}
        rows={measured.map((point) => [point.label, point.wait_p50_min ?? dash, point.wait_p90_min ?? dash])}
      >
        <LineChart
          h={260}
          data={points}
          dataKey="label"
          connectNulls
          unit=" min"
          series={[
            { name: 'wait_p50_min', label: t('charts.waitP50'), color: 'blue.8' },
            { name: 'wait_p90_min', label: t('charts.waitP90'), color: 'orange.9' },
          ]}
          withLegend
          lineChartProps={{ accessibilityLayer: false }}
        />
      </ChartSection>
      <ChartSection id="chart-arrivals" title={t('charts.arrivals')} hint={t('charts.arrivalsHint')} empty={false} columns={[]} rows={[]}>
        <Heatmap cells={heatmap.data?.cells ?? []} />
      </ChartSection>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartSection
          id="chart-queues"
          title={t('charts.queues')}
          hint={t('charts.queuesHint')}
          empty={lists.length === 0}
          columns={[t('charts.list'), t('charts.drawn'), t('charts.served'), t('charts.waitP50')]}
          rows={lists.map((list) => [list.name, list.drawn, list.served, list.wait_p50_min ?? dash])}
        >
          <BarChart
            h={Math.max(160, lists.length * 48)}
            data={lists}
            dataKey="name"
            orientation="vertical"
            yAxisProps={{ width: 120 }}
            series={[
              { name: 'drawn', label: t('charts.drawn'), color: 'blue.8' },
              { name: 'served', label: t('charts.served'), color: 'teal.9' },
            ]}
            withLegend
            barChartProps={{ accessibilityLayer: false }}
          />
        </ChartSection>
        <ChartSection
          id="chart-processors"
          title={t('charts.processors')}
          hint={t('charts.processorsHint')}
          empty={processors.length === 0}
          columns={[t('charts.processor'), t('charts.served'), t('charts.processingP50')]}
          rows={processors.map((processor) => [processor.name, processor.served, processor.processing_p50_min ?? dash])}
        >
          <BarChart
            h={Math.max(160, processors.length * 48)}
            data={processors}
            dataKey="name"
            orientation="vertical"
            yAxisProps={{ width: 120 }}
            series={[{ name: 'served', label: t('charts.served'), color: 'teal.9' }]}
            barChartProps={{ accessibilityLayer: false }}
          />
        </ChartSection>
      </SimpleGrid>
      <ChartSection
        id="chart-estimates"
        title={t('charts.estimates')}
        hint={t('charts.estimatesHint')}
        empty={points.every((point) => point.within === null)}
        columns={[t('charts.time'), t('charts.withinShare')]}
        rows={points.filter((point) => point.within !== null).map((point) => [point.label, `${point.within} %`])}
      >
        <BarChart
          h={220}
          data={points}
          dataKey="label"
          unit=" %"
          yAxisProps={{ domain: [0, 100] }}
          series={[{ name: 'within', label: t('charts.withinShare'), color: 'grape.8' }]}
          barChartProps={{ accessibilityLayer: false }}
        />
      </ChartSection>
      <section aria-labelledby="chart-answers">
        <Title order={3} size="h4" id="chart-answers" mb="xs">
          {t('charts.answers')}
        </Title>
        {answers.length === 0 ? (
          t('charts.noData')
        ) : (
          <ScrollRegion label={t('charts.answers')} minWidth={420}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('charts.question')}</Table.Th>
                  <Table.Th scope="col">{t('charts.answer')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('charts.count')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answers.map((answer) => (
                  <Table.Tr key={`${answer.question_text}\u0000${answer.option_text}`}>
                    <Table.Td>{answer.question_text}</Table.Td>
                    <Table.Td>{answer.option_text}</Table.Td>
                    <Table.Td ta="right">{answer.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </section>
    </Stack>
  );
}
