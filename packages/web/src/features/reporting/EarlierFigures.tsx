import { Alert, Button, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportEarlier } from '@wartefrei/shared';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { useReport, type ReportParams } from './reporting.api';

type Group = ReportEarlier['no_shows_by_type'][number];

/** Whether the period has nothing to show: no time freed, nobody asked, no appointment. */
export function earlierIsEmpty(report: ReportEarlier): boolean {
  return report.freed === 0 && report.confirmations_asked === 0 && report.no_shows_by_queue.length === 0;
}

function NoShowTable({ caption, groups }: { caption: string; groups: Group[] }) {
  const { t, i18n } = useTranslation('reporting');
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  if (groups.length === 0) return null;
  // Four columns are wider than a 320 px phone: the table scrolls sideways in its region (as the others do).
  return (
    <ScrollRegion label={caption} minWidth={360}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption style={{ textAlign: 'start', fontWeight: 600 }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('earlier.columnName')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('earlier.columnAppointments')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('earlier.columnNoShows')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('earlier.columnShare')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Th scope="row" fw={400}>
                {group.name}
              </Table.Th>
              <Table.Td ta="end">{number.format(group.appointments)}</Table.Td>
              <Table.Td ta="end">{number.format(group.no_shows)}</Table.Td>
              <Table.Td ta="end">{group.appointments > 0 ? percent.format(group.no_shows / group.appointments) : t('figures.none')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The figures of earlier appointments and confirmations (docs/product.md#reports), as cards and two tables of no-shows. */
export function EarlierFigures({ report }: { report: ReportEarlier }) {
  const { t, i18n } = useTranslation('reporting');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  if (earlierIsEmpty(report)) return <Alert color="gray">{t('earlier.empty')}</Alert>;
  const cards: { key: string; value: string; detail?: string }[] = [
    { key: 'freed', value: number.format(report.freed) },
    { key: 'offered', value: number.format(report.offered) },
    { key: 'refilled', value: number.format(report.refilled) },
    { key: 'refillLead', value: report.refill_lead_p50_hours === null ? t('figures.none') : t('earlier.hours', { value: number.format(report.refill_lead_p50_hours) }) },
    { key: 'offerMessages', value: number.format(report.offer_messages) },
    {
      key: 'confirmationRate',
      value: report.confirmation_rate === null ? t('figures.none') : percent.format(report.confirmation_rate),
      detail:
        report.confirmations_asked === 0
          ? t('earlier.notAsked')
          : t('earlier.confirmationOf', { confirmed: number.format(report.confirmations_confirmed), asked: number.format(report.confirmations_asked) }),
    },
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {cards.map((card) => (
          <Paper key={card.key} component="li" withBorder p="sm" radius="md">
            <Text size="sm" c="dimmed">
              {t(`earlier.${card.key}`)}
            </Text>
            <Text fz="xl" fw={700} data-testid={`earlier-${card.key}`}>
              {card.value}
            </Text>
            {card.detail && (
              <Text size="xs" c="dimmed">
                {card.detail}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {report.no_shows_by_queue.length === 0 ? (
        <Text size="sm">{t('earlier.noAppointments')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <NoShowTable caption={t('earlier.noShowsByType')} groups={report.no_shows_by_type} />
          <NoShowTable caption={t('earlier.noShowsByQueue')} groups={report.no_shows_by_queue} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The section of the reports screen: loads `GET /reports/earlier` with the screen's filters. */
export function EarlierSection({ params }: { params: ReportParams }) {
  const { t } = useTranslation('reporting');
  const report = useReport<ReportEarlier>('earlier', params);
  return (
    <section aria-labelledby="report-earlier" aria-busy={report.isFetching}>
      <Title order={2} size="h3" id="report-earlier" mb="xs">
        {t('earlier.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('earlier.intro')}
      </Text>
      {report.isPending ? (
        <Text role="status">{t('earlier.loading')}</Text>
      ) : report.isError ? (
        <Alert color="red" title={t('earlier.loadFailed')}>
          <Button variant="light" onClick={() => void report.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <div aria-live="polite">
          <EarlierFigures report={report.data} />
        </div>
      )}
    </section>
  );
}
