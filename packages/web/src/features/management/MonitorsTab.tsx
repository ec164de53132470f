import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Monitor, Profile, Queue } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { useAccount } from '../../lib/account';
import { queryKeys } from '../../lib/query-keys';
import { MonitorDelete } from './MonitorDelete';
import { MonitorForm } from './MonitorForm';
import { monitorPaths } from './monitors-form';
import { useSavedFlag } from './useSavedFlag';
import { SavedNote } from './SavedNote';
import { EditButton } from './EditButton';

/** Which form is open: a new monitor, or the monitor being edited. */
type Editing = { kind: 'new' } | { kind: 'edit'; monitor: Monitor };

/** The waiting-room screens: list with their public links, create, edit, delete after confirmation. */
export function MonitorsTab() {
  const { t } = useTranslation('management');
  const { saved, markSaved } = useSavedFlag();
  const [editing, setEditing] = useState<Editing>();
  const monitors = useQuery({ queryKey: queryKeys.monitors.all, queryFn: () => api.get<Monitor[]>('/monitors') });
  const queues = useQuery({ queryKey: queryKeys.queues.all, queryFn: () => api.get<Queue[]>('/queues') });
  const profiles = useQuery({ queryKey: queryKeys.profiles.all, queryFn: () => api.get<Profile[]>('/profiles') });
  // Only for the readable link; without it the link by id still works.
  const account = useAccount();

  if (monitors.isPending || queues.isPending || profiles.isPending) return <Loader aria-label={t('loading')} />;
  if (monitors.isError || queues.isError || profiles.isError) return <Alert color="red">{t('loadFailed')}</Alert>;

  const close = () => setEditing(undefined);
  const queueName = new Map(queues.data.map((queue) => [queue.id, queue.name]));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text>{t('monitors.intro')}</Text>
        <Group gap="sm">
          <SavedNote saved={saved} />
          <Button onClick={() => setEditing({ kind: 'new' })}>{t('monitors.create')}</Button>
        </Group>
      </Group>
      {monitors.data.length === 0 && <Text c="dimmed">{t('monitors.none')}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {monitors.data.map((monitor) => {
          const titleId = `monitor-${monitor.id}-title`;
          const paths = monitorPaths(monitor, account.data?.identifier);
          const shown = monitor.queue_ids.map((id) => queueName.get(id)).filter(Boolean);
          return (
            <Paper key={monitor.id} withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-monitor={monitor.id}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Title order={2} size="h4" id={titleId}>
                    {monitor.display_name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t(`monitors.layouts.${monitor.layout}`)} · {t(`monitors.styles.${monitor.style}`)} · {monitor.custom_zoom} %{monitor.gong && <> · {t('monitors.gong')}</>}
                    {monitor.speech && <> · {t('monitors.speech')}</>}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <EditButton label={t('monitors.edit', { name: monitor.display_name })} onClick={() => setEditing({ kind: 'edit', monitor })} />
                  <MonitorDelete monitor={monitor} onDeleted={markSaved} />
                </Group>
              </Group>
              <Text size="sm" mt="xs">
                {shown.length > 0 ? t('monitors.shows', { queues: shown.join(', ') }) : t('monitors.showsNothing')}
              </Text>
              <Text size="sm" fw={600} mt="sm">
                {t('monitors.links')}
              </Text>
              <Stack gap={2}>
                {paths.map((path) => (
                  <Text key={path} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {window.location.origin}
                    {path}
                  </Text>
                ))}
              </Stack>
              <Anchor href={paths[paths.length - 1]} target="_blank" rel="noopener" mt="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
                {t('monitors.open', { name: monitor.display_name })}
                <IconExternalLink size={16} aria-hidden />
              </Anchor>
            </Paper>
          );
        })}
      </SimpleGrid>
      {editing && (
        <MonitorForm
          key={editing.kind === 'edit' ? editing.monitor.id : 'new'}
          monitor={editing.kind === 'edit' ? editing.monitor : undefined}
          queues={queues.data}
          profiles={profiles.data}
          onClose={close}
          onSaved={() => {
            close();
            markSaved();
          }}
        />
      )}
    </Stack>
  );
}
