import { Alert, Anchor, Button, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AUDIT_ACTIONS, type AuditEntry, type AuditLog, type Processor } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { downloadWithProgress } from '../../lib/download';
import { queryKeys } from '../../lib/query-keys';
import { ExportButtons } from '../../ui/ExportButtons';
import { Page } from '../../ui/Page';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { auditQuery, useAuditFilters } from './audit-params';

/** `/backend/audit` (admins): who read or changed patient data, filtered, and its export. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const [filters, update] = useAuditFilters();
  const rangeValid = !filters.from || !filters.to || filters.from <= filters.to;
  const query = auditQuery(filters);
  const log = useQuery({
    queryKey: ['audit', query],
    queryFn: () => api.get<AuditLog>('/audit', { query }),
    enabled: rangeValid,
    placeholderData: keepPreviousData,
  });
  const processors = useQuery({ queryKey: queryKeys.processors.all, queryFn: () => api.get<Processor[]>('/processors') });
  const all = { value: '', label: t('filters.all') };
  return (
    <Page title={t('title')} size="xl">
      <Text>{t('intro')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="section" aria-label={t('filters.title')}>
        <TextInput
          type="date"
          label={t('filters.from')}
          value={filters.from}
          max={filters.to}
          onChange={(e) => update({ from: e.currentTarget.value })}
          error={!rangeValid && t('filters.invalidRange')}
        />
        <TextInput type="date" label={t('filters.to')} value={filters.to} min={filters.from} onChange={(e) => update({ to: e.currentTarget.value })} />
        <Select
          label={t('filters.user')}
          data={[all, ...(processors.data ?? []).map((p) => ({ value: p.id, label: p.display_name }))]}
          value={filters.userId}
          allowDeselect={false}
          onChange={(value) => update({ userId: value ?? '' })}
        />
        <Select
          label={t('filters.action')}
          data={[all, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) }))]}
          value={filters.action}
          allowDeselect={false}
          onChange={(value) => update({ action: value ?? '' })}
        />
      </SimpleGrid>
      <EntriesSection log={log} />
      <ExportButtons
        hint={t('exportHint')}
        download={(format, onProgress) => downloadWithProgress('/audit/export', { ...query, format }, onProgress, `wartefrei-audit.${format}`)}
      />
    </Page>
  );
}

function EntriesSection({ log }: { log: ReturnType<typeof useQuery<AuditLog>> }) {
  const { t } = useTranslation('audit');
  if (log.isPending) return <Loader aria-label={t('loading')} />;
  if (log.isError)
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text>{t('loadFailed')}</Text>
          <Button variant="default" size="xs" onClick={() => void log.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const { entries, truncated } = log.data;
  if (entries.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <Paper withBorder radius="md">
      {truncated && (
        <Alert color="yellow" m="sm">
          {t('truncated', { count: entries.length })}
        </Alert>
      )}
      <ScrollRegion label={t('caption')} minWidth={760}>
        <Table striped highlightOnHover>
          <Table.Caption>{t('caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {(['at', 'user', 'address', 'action', 'subject', 'detail'] as const).map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry, index) => (
              <EntryRow key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Paper>
  );
}

/**
 * Where a subject can be looked at by staff: a list in the work view, an appointment in the
 * calendar. A ticket has no staff page of its own (its link is the patient's key).
 */
const SUBJECT_LINKS: Record<string, (id: string) => string> = {
  queue: (id) => `/backend/processor/${id}`,
  appointment: (id) => `/backend/appointments/${id}`,
};

/** The detail keys the log writes, in reading order; a flag shows only when set, the request route not at all. */
const DETAIL_KEYS = ['from', 'to', 'retention_days', 'members', 'appointments', 'records', 'audit_deleted', 'names', 'dry_run'] as const;

function detailText(detail: AuditEntry['detail'], label: (key: string, value: string) => string): string {
  if (!detail) return '';
  return DETAIL_KEYS.filter((key) => key in detail && detail[key] !== false && detail[key] !== null)
    .map((key) => label(key, String(detail[key])))
    .join(', ');
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('audit');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(entry.at));
  // An API key's entry has no user but a name ("API: Praxisverwaltung"); no user and no name is the server itself.
  const who = entry.user_name ?? (entry.user_id === null ? t('server') : t('removedUser'));
  const subject = entry.subject_type ? `${t(`subjects.${entry.subject_type}`)}${entry.subject_id ? ` ${entry.subject_id.slice(0, 8)}` : ''}` : '—';
  const link = entry.subject_id ? SUBJECT_LINKS[entry.subject_type ?? '']?.(entry.subject_id) : undefined;
  const detail = detailText(entry.detail, (key, value) => t(`details.${key}`, { value }));
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{time}</Table.Td>
      <Table.Td>{who}</Table.Td>
      <Table.Td>{entry.address ?? '—'}</Table.Td>
      <Table.Td>{t(`actions.${entry.action}`)}</Table.Td>
      <Table.Td title={entry.subject_id ?? undefined}>
        {link ? (
          <Anchor component={Link} to={link} size="sm">
            {subject}
          </Anchor>
        ) : (
          subject
        )}
      </Table.Td>
      <Table.Td>{detail}</Table.Td>
    </Table.Tr>
  );
}
