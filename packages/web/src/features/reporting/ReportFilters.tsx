import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEMBER_ORIGINS, type InfoTag, type Profile, type Queue, type ReportProcessors } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { PERIOD_PRESETS } from './period';
import type { ReportState } from './useReportParams';

interface ReportFiltersProps {
  state: ReportState;
  update: (changes: Record<string, string | null>) => void;
  resetFilters: () => void;
  /** Who served in the period: the processor filter's choices (a processor may not list all staff). */
  processors: ReportProcessors['processors'];
  /** The list is given by the address (management of one list): no list filter. */
  queueFixed: boolean;
}

/** The period picker and the filters; every change lands in the address at once. */
export function ReportFilters({ state, update, resetFilters, processors, queueFixed }: ReportFiltersProps) {
  const { t } = useTranslation('reporting');
  const profiles = useQuery({ queryKey: queryKeys.profiles.all, queryFn: () => api.get<Profile[]>('/profiles') });
  const queues = useQuery({ queryKey: queryKeys.queues.all, queryFn: () => api.get<Queue[]>('/queues') });
  const tags = useQuery({ queryKey: queryKeys.infoTags.all, queryFn: () => api.get<InfoTag[]>('/info-tags') });
  const all = t('filters.all');
  const options = (items: { value: string; label: string }[]) => [{ value: '', label: all }, ...items];
  const listsShown = (queues.data ?? []).filter((queue) => !state.profileId || queue.profile_id === state.profileId);
  const anyFilter = Boolean(state.profileId || (!queueFixed && state.queueId) || state.processorId || state.origin || state.infoTagId);
  const fixedList = queueFixed ? queues.data?.find((queue) => queue.id === state.queueId) : undefined;
  return (
    <Stack gap="xs">
      {queueFixed && (
        <Text>
          {t('filters.fixedList', { name: fixedList?.name ?? '…' })}{' '}
          <Anchor component={Link} to="/backend/reporting">
            {t('filters.allLists')}
          </Anchor>
        </Text>
      )}
      <Group align="flex-end" gap="md" component="section" aria-label={t('filters.title')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ flex: 1 }}>
          <Select
            label={t('period.label')}
            data={PERIOD_PRESETS.map((preset) => ({ value: preset, label: t(`period.${preset}`) }))}
            value={state.preset}
            allowDeselect={false}
            onChange={(value) => value && update(value === 'custom' ? { period: value, from: state.range.from, to: state.range.to } : { period: value, from: null, to: null })}
          />
          {state.preset === 'custom' && (
            <>
              <TextInput
                type="date"
                label={t('period.from')}
                value={state.range.from}
                max={state.range.to}
                required
                onChange={(event) => update({ from: event.currentTarget.value })}
                error={!state.rangeValid && t('period.invalid')}
              />
              <TextInput
                type="date"
                label={t('period.to')}
                value={state.range.to}
                min={state.range.from}
                required
                onChange={(event) => update({ to: event.currentTarget.value })}
              />
            </>
          )}
          <Select
            label={t('filters.location')}
            data={options((profiles.data ?? []).map((profile) => ({ value: profile.id, label: profile.name })))}
            value={state.profileId ?? ''}
            onChange={(value) => update({ profile_id: value, queue_id: null })}
          />
          {!queueFixed && (
            <Select
              label={t('filters.queue')}
              data={options(listsShown.map((queue) => ({ value: queue.id, label: queue.name })))}
              value={state.queueId ?? ''}
              onChange={(value) => update({ queue_id: value })}
            />
          )}
          <Select
            label={t('filters.processor')}
            data={options(processors.map((processor) => ({ value: processor.processor_id, label: processor.name })))}
            value={state.processorId ?? ''}
            onChange={(value) => update({ processor_id: value })}
          />
          <Select
            label={t('filters.origin')}
            data={options(MEMBER_ORIGINS.map((origin) => ({ value: origin, label: t(`origins.${origin}`) })))}
            value={state.origin ?? ''}
            onChange={(value) => update({ origin: value })}
          />
          <Select
            label={t('filters.infoTag')}
            data={options((tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.label ? `${tag.name} – ${tag.label}` : tag.name })))}
            value={state.infoTagId ?? ''}
            onChange={(value) => update({ info_tag_id: value })}
          />
        </SimpleGrid>
        {anyFilter && (
          <Button variant="default" onClick={resetFilters}>
            {t('filters.reset')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
