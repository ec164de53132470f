import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Queue, ScheduleEntry, ScheduleEntryPatch } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { entriesByWeekday, weekdayName } from './schedule-entries';
import { ScheduleEntryDelete } from './ScheduleEntryDelete';
import { ScheduleEntryForm } from './ScheduleEntryForm';
import { useSavedFlag } from './useSavedFlag';
import { queryKeys } from '../../lib/query-keys';
import { SavedNote } from './SavedNote';
import { EditButton } from './EditButton';

/** The dialog's state: a new entry on a weekday, or an existing entry. */
type Editing = { weekday: number; entry?: ScheduleEntry };

/**
 * A queue's week as seven columns (Monday … Sunday; fewer per row on narrower screens, where
 * seven would squeeze the switches), each entry a card with its time and event,
 * its two switches (active, also on public holidays) and edit and delete; "Gespeichert" after
 * each change.
 */
export function ScheduleWeek({ queue }: { queue: Queue }) {
  const { t, i18n } = useTranslation('management');
  const client = useQueryClient();
  const { saved, markSaved } = useSavedFlag();
  const [editing, setEditing] = useState<Editing>();
  const [failure, setFailure] = useState<string>();
  const schedule = useQuery({ queryKey: queryKeys.schedule(queue.id), queryFn: () => api.get<ScheduleEntry[]>(`/queues/${queue.id}/schedule`) });

  const toggle = useMutation({
    mutationFn: ({ entry, patch }: { entry: ScheduleEntry; patch: ScheduleEntryPatch }) =>
      api.patch<ScheduleEntry>(`/queues/${queue.id}/schedule/${entry.id}`, patch, { silent: true }),
    onSuccess: async () => {
      setFailure(undefined);
      await client.invalidateQueries({ queryKey: queryKeys.schedule(queue.id) });
      markSaved();
    },
    onError: (error) => setFailure(error.message),
  });

  if (schedule.isPending) return <Loader aria-label={t('loading')} />;
  if (schedule.isError) return <Alert color="red">{t('loadFailed')}</Alert>;

  const days = entriesByWeekday(schedule.data);
  const describe = (entry: ScheduleEntry) => `${weekdayName(entry.weekday, i18n.language)} ${entry.local_time} ${t(`schedule.events.${entry.event}`)}`;
  const busyWith = (entry: ScheduleEntry) => toggle.isPending && toggle.variables.entry.id === entry.id;

  return (
    <Stack gap="sm">
      <Group justify="space-between" mih={36}>
        <Text c="dimmed">{schedule.data.length === 0 ? t('schedule.empty') : t('schedule.intro')}</Text>
        <Group gap="sm">
          <SavedNote saved={saved} />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ weekday: 1 })}>
            {t('schedule.add')}
          </Button>
        </Group>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4, xl: 7 }} spacing="xs">
        {[...days].map(([weekday, entries]) => {
          const dayName = weekdayName(weekday, i18n.language);
          const titleId = `schedule-day-${weekday}`;
          return (
            <Paper key={weekday} withBorder p="xs" radius="md" component="section" aria-labelledby={titleId} data-weekday={weekday}>
              <Title order={2} size="h5" id={titleId} mb="xs">
                {dayName}
              </Title>
              <Stack gap="xs">
                {entries.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('schedule.noEntries')}
                  </Text>
                )}
                {entries.map((entry) => (
                  <Paper key={entry.id} withBorder p={6} radius="sm" data-entry={entry.id} bg={entry.activated ? undefined : 'gray.1'}>
                    <Group justify="space-between" wrap="nowrap" gap={2}>
                      <Text fw={700}>{entry.local_time}</Text>
                      <Group gap={0} wrap="nowrap">
                        <EditButton label={t('schedule.edit', { entry: describe(entry) })} onClick={() => setEditing({ weekday, entry })} />
                        <ScheduleEntryDelete entry={entry} label={describe(entry)} onDeleted={markSaved} />
                      </Group>
                    </Group>
                    <Text size="sm" mb={4}>
                      {t(`schedule.events.${entry.event}`)}
                    </Text>
                    <Switch
                      size="xs"
                      label={t('schedule.activatedShort')}
                      aria-label={t('schedule.activatedOf', { entry: describe(entry) })}
                      checked={entry.activated}
                      disabled={busyWith(entry)}
                      onChange={(e) => toggle.mutate({ entry, patch: { activated: e.currentTarget.checked } })}
                      mb={4}
                    />
                    <Switch
                      size="xs"
                      label={t('schedule.holidayShort')}
                      aria-label={t('schedule.holidayOf', { entry: describe(entry) })}
                      checked={entry.valid_on_holiday}
                      disabled={busyWith(entry)}
                      onChange={(e) => toggle.mutate({ entry, patch: { valid_on_holiday: e.currentTarget.checked } })}
                    />
                  </Paper>
                ))}
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  aria-label={t('schedule.addOn', { day: dayName })}
                  onClick={() => setEditing({ weekday })}
                >
                  {t('schedule.addShort')}
                </Button>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      {editing && <ScheduleEntryForm queueId={queue.id} entry={editing.entry} weekday={editing.weekday} onClose={() => setEditing(undefined)} onSaved={markSaved} />}
    </Stack>
  );
}
