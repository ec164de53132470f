import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReportFigures, ReportSummary } from '@wartefrei/shared';

type Format = 'count' | 'minutes' | 'share';

interface Card {
  key: string;
  value: (figures: ReportFigures) => number | null;
  format: Format;
  /** Whether a rise is good news (more served) or bad (longer waits); colours the change. */
  better: 'up' | 'down';
  hint?: string;
}

const noShowRate = (f: ReportFigures) => {
  const kept = f.appointments_booked - f.appointments_cancelled;
  return kept > 0 ? f.appointments_no_show / kept : null;
};

const CARDS: Card[] = [
  { key: 'drawn', value: (f) => f.drawn, format: 'count', better: 'up' },
  { key: 'served', value: (f) => f.served, format: 'count', better: 'up' },
  { key: 'waitP50', value: (f) => f.wait_p50_min, format: 'minutes', better: 'down' },
  { key: 'waitP90', value: (f) => f.wait_p90_min, format: 'minutes', better: 'down' },
  { key: 'processingP50', value: (f) => f.processing_p50_min, format: 'minutes', better: 'down' },
  { key: 'withinEstimate', value: (f) => f.within_estimate_share, format: 'share', better: 'up', hint: 'withinEstimateHint' },
  { key: 'estimateError', value: (f) => f.estimate_error_p50_min, format: 'minutes', better: 'down' },
  { key: 'cancelledByPatient', value: (f) => f.cancelled_by_patient, format: 'count', better: 'down' },
  { key: 'cancelledByStaff', value: (f) => f.cancelled_by_staff, format: 'count', better: 'down' },
  { key: 'timedOut', value: (f) => f.timed_out, format: 'count', better: 'down' },
  { key: 'appointmentsBooked', value: (f) => f.appointments_booked, format: 'count', better: 'up' },
  { key: 'noShowRate', value: noShowRate, format: 'share', better: 'down' },
];

/** The summary as figure cards, each with its change against the previous period. */
export function SummaryCards({ summary }: { summary: ReportSummary }) {
  const { t, i18n } = useTranslation('reporting');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const signed = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const show = (value: number | null, format: Format) => {
    if (value === null) return t('figures.none');
    if (format === 'share') return percent.format(value);
    return format === 'minutes' ? t('figures.minutes', { value: number.format(value) }) : number.format(value);
  };
  return (
    <section aria-labelledby="report-figures">
      <Title order={2} size="h3" id="report-figures" mb="sm">
        {t('figures.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {CARDS.map((card) => {
          const current = card.value(summary.current);
          const previous = card.value(summary.previous);
          const change = current !== null && previous !== null && previous !== 0 ? (current - previous) / previous : null;
          const good = change !== null && change !== 0 && change > 0 === (card.better === 'up');
          const changeText =
            previous === null || previous === 0 ? t('figures.noPrevious') : change === 0 ? t('figures.unchanged') : t('figures.change', { change: signed.format(change ?? 0) });
          return (
            <Paper key={card.key} component="li" withBorder p="sm" radius="md" data-figure={card.key}>
              <Text size="sm" c="dimmed" title={card.hint ? t(`figures.${card.hint}`) : undefined}>
                {t(`figures.${card.key}`)}
              </Text>
              <Text fz="xl" fw={700} data-testid={`figure-${card.key}`}>
                {show(current, card.format)}
              </Text>
              <Text size="xs" c={change === null || change === 0 ? 'dimmed' : good ? 'teal.9' : 'red.9'} style={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                {change !== null && change > 0 && <IconArrowUpRight size={14} aria-hidden />}
                {change !== null && change < 0 && <IconArrowDownRight size={14} aria-hidden />}
                {changeText}
              </Text>
              <Text size="xs" c="dimmed">
                {t('figures.previous', { value: show(previous, card.format) })}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
