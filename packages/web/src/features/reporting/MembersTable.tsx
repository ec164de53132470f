import { Alert, Button, Group, Loader, Stack, Switch, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChevronLeft, IconChevronRight, IconChevronsLeft, IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_PAGE_SIZE, type MEMBER_REPORT_SORTS, type MemberReport, type MemberReportRow } from '@wartefrei/shared';
import { SealedDataBanner } from '../encryption/SealedDataBanner';
import { NAME_SORT_ROWS, useMembersByName } from './members-by-name';
import { useReport, type ReportParams } from './reporting.api';

/** The server's sorts, and `name`, sorted in this browser (members-by-name.ts). */
type Sort = (typeof MEMBER_REPORT_SORTS)[number] | 'name';

interface MembersTableProps {
  params: ReportParams;
  withNames: boolean;
  onNamesChange: (on: boolean) => void;
}

/** Where the table stands: the page's number (shown), and the server's cursor it was reached by; for one set of filters. */
interface Position {
  filters: string;
  page: number;
  after?: string | undefined;
  before?: string | undefined;
}

/**
 * The member analysis: a row per ticket or appointment, sortable (by name too, with names
 * shown), a page at a time. The server's pages are read by key (next / previous, so a page of
 * a busy year costs what one of a quiet week does); the total comes in a request of its own, so
 * the rows never wait for the count.
 */
export function MembersTable({ params, withNames, onNamesChange }: MembersTableProps) {
  const { t, i18n } = useTranslation('reporting');
  const [sort, setSort] = useState<{ by: Sort; dir: 'asc' | 'desc' }>({ by: 'at', dir: 'desc' });
  const filters = JSON.stringify(params);
  const [stored, setPosition] = useState<Position>({ filters, page: 1 });
  // Other filters start at the first page again.
  const position = stored.filters === filters ? stored : { filters, page: 1 };
  const byName = withNames && sort.by === 'name';
  const serverSort = sort.by === 'name' ? 'at' : sort.by;
  const query = { ...params, sort: serverSort, dir: sort.dir, names: withNames ? 'true' : undefined, count: 'false', after: position.after, before: position.before };
  const fromServer = useReport<MemberReport>('members', query, !byName);
  const counted = useReport<MemberReport>('members', { ...params, page_size: '1' }, !byName);
  const sortedHere = useMembersByName(params, sort.dir, position.page, REPORT_PAGE_SIZE, i18n.language, byName);
  const report = byName ? sortedHere : fromServer;
  const minutes = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const time = (row: MemberReportRow, instant: string | null) =>
    instant === null ? '' : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone: row.time_zone }).format(new Date(instant));
  const sortBy = (by: Sort) => {
    setSort((current) => ({ by, dir: current.by === by && current.dir === 'desc' ? 'asc' : 'desc' }));
    setPosition({ filters, page: 1 });
  };
  const header = (label: string, by?: Sort) => {
    if (!by) return <Table.Th scope="col">{label}</Table.Th>;
    const active = sort.by === by;
    const Icon = !active ? IconSelector : sort.dir === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th scope="col" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton
          onClick={() => sortBy(by)}
          aria-label={t('members.sortBy', { column: label })}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
        >
          {label}
          <Icon size={14} aria-hidden />
        </UnstyledButton>
      </Table.Th>
    );
  };
  const status = (row: MemberReportRow) => {
    const cancel = row.removed && !row.cancel_state ? 'REMOVED' : row.cancel_state;
    return [t(`members.statuses.${row.status}`), cancel ? t(`members.cancel.${cancel}`) : ''].filter(Boolean).join(', ');
  };
  const data = report.data;
  const total = byName ? data?.total : counted.data?.total;
  const pages = byName && data ? Math.max(1, Math.ceil((data.total ?? 0) / data.page_size)) : 1;
  // While a page loads the last one stays shown: its cursors would lead to the same page again.
  const hasPrevious = byName ? position.page > 1 : Boolean(data?.previous) && !fromServer.isPlaceholderData;
  const hasNext = byName ? position.page < pages : Boolean(data?.next) && !fromServer.isPlaceholderData;
  const navigable = byName ? pages > 1 : Boolean(data?.previous ?? data?.next);
  const go = (step: 'first' | 'previous' | 'next') => {
    if (step === 'first') setPosition({ filters, page: 1 });
    else if (step === 'previous') setPosition({ filters, page: Math.max(1, position.page - 1), before: byName ? undefined : (data?.previous ?? undefined) });
    else setPosition({ filters, page: position.page + 1, after: byName ? undefined : (data?.next ?? undefined) });
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="report-members">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="report-members">
          {t('members.title')}
        </Title>
        <Switch label={t('members.names')} checked={withNames} onChange={(event) => onNamesChange(event.currentTarget.checked)} />
      </Group>
      {withNames && <SealedDataBanner />}
      {report.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('loading')}</Text>
        </Group>
      )}
      {report.isError && <Alert color="red">{t('loadFailed')}</Alert>}
      {data && (
        <>
          <Text size="sm" role="status" aria-live="polite">
            {total === null || total === undefined ? '\u00a0' : t('members.total', { count: total })}
          </Text>
          {byName && sortedHere.data?.capped && <Alert color="yellow">{t('members.nameSortCapped', { count: NAME_SORT_ROWS })}</Alert>}
          {data.rows.length === 0 ? (
            <Text>{t('members.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={1100}>
              <Table striped highlightOnHover fz="sm" aria-busy={report.isFetching} styles={{ td: { whiteSpace: 'nowrap' }, th: { whiteSpace: 'nowrap' } }}>
                <Table.Thead>
                  <Table.Tr>
                    {header(t('members.kind'))}
                    {header(t('members.number'), 'number')}
                    {header(t('members.queue'), 'queue')}
                    {header(t('members.origin'))}
                    {header(t('members.status'))}
                    {header(t('members.at'), 'at')}
                    {header(t('members.called'))}
                    {header(t('members.wait'), 'wait')}
                    {header(t('members.processing'), 'processing')}
                    {header(t('members.processor'))}
                    {header(t('members.tags'))}
                    {header(t('members.answers'))}
                    {withNames && header(t('members.name'), 'name')}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{t(`members.kinds.${row.kind}`)}</Table.Td>
                      <Table.Td>{row.number ?? ''}</Table.Td>
                      <Table.Td>{row.queue_name}</Table.Td>
                      <Table.Td>{t(`origins.${row.origin}`)}</Table.Td>
                      <Table.Td>{status(row)}</Table.Td>
                      <Table.Td>{time(row, row.at)}</Table.Td>
                      <Table.Td>{time(row, row.called_at)}</Table.Td>
                      <Table.Td>{row.wait_min === null ? '' : t('figures.minutes', { value: minutes.format(row.wait_min) })}</Table.Td>
                      <Table.Td>{row.processing_min === null ? '' : t('figures.minutes', { value: minutes.format(row.processing_min) })}</Table.Td>
                      <Table.Td>{row.processor_name ?? ''}</Table.Td>
                      <Table.Td>{row.info_tags.join(', ')}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'normal', minWidth: 280 }}>{row.answers.join(' · ')}</Table.Td>
                      {withNames && <Table.Td>{row.name ?? (row.sealed_data ? t('members.sealed') : '')}</Table.Td>}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {navigable && (
            <Group component="nav" aria-label={t('members.pagination')} gap="xs">
              <Button variant="default" size="xs" leftSection={<IconChevronsLeft size={14} aria-hidden />} disabled={position.page === 1} onClick={() => go('first')}>
                {t('members.first')}
              </Button>
              <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} aria-hidden />} disabled={!hasPrevious} onClick={() => go('previous')}>
                {t('members.previous')}
              </Button>
              <Text size="sm" aria-current="page">
                {t('members.page', { page: position.page })}
              </Text>
              <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} aria-hidden />} disabled={!hasNext} onClick={() => go('next')}>
                {t('members.next')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
