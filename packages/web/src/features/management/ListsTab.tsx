import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOLIDAY_REGIONS, type Profile, type Queue } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { LocationDelete } from './LocationDelete';
import { LocationForm } from './LocationForm';
import { QueueDelete } from './QueueDelete';
import { QueueForm } from './QueueForm';
import { useSavedFlag } from './useSavedFlag';
import { queryKeys } from '../../lib/query-keys';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { SavedNote } from './SavedNote';
import { useFocusedQueue } from './focused-queue';
import { DemoLockNotice } from '../../lib/demo-lock';
import { QUEUE_SECTIONS, queueSectionPath } from './queue-sections';

/** The list's sections linked from its row; its general settings are the pencil beside them. */
const LINKED_SECTIONS = QUEUE_SECTIONS.filter((section) => section !== 'general');

/**
 * The locations and their waiting lists: create, edit and delete both (deleting asks first),
 * and each list's way into its rollout center, work view and report.
 */
export function ListsTab() {
  const { t } = useTranslation('management');
  const { saved, markSaved } = useSavedFlag();
  const profiles = useQuery({ queryKey: queryKeys.profiles.all, queryFn: () => api.get<Profile[]>('/profiles') });
  const queues = useQuery({ queryKey: queryKeys.queues.all, queryFn: () => api.get<Queue[]>('/queues') });
  if (profiles.isPending || queues.isPending) return <Loader aria-label={t('loading')} />;
  if (profiles.isError || queues.isError) return <Alert color="red">{t('loadFailed')}</Alert>;

  return (
    <Stack gap="lg">
      <DemoLockNotice />
      <Group justify="space-between">
        <Text>{t('lists.intro')}</Text>
        <Group gap="sm">
          <SavedNote saved={saved} />
          <LocationForm onSaved={markSaved} />
        </Group>
      </Group>
      {profiles.data.length === 0 && (
        <Text>
          {t('lists.none')}{' '}
          <Anchor component={Link} to="/backend/onboarding">
            {t('lists.toOnboarding')}
          </Anchor>
        </Text>
      )}
      {profiles.data.map((profile) => (
        <LocationSection key={profile.id} profile={profile} queues={queues.data.filter((q) => q.profile_id === profile.id)} onSaved={markSaved} />
      ))}
    </Stack>
  );
}

function LocationSection({ profile, queues, onSaved }: { profile: Profile; queues: Queue[]; onSaved: () => void }) {
  const { t } = useTranslation('management');
  // Only a list's general section shows this tab for one list: its form opens at once.
  const focused = useFocusedQueue();
  const titleId = `location-${profile.id}-title`;
  const region = (profile.country && HOLIDAY_REGIONS[profile.country].find((r) => r.code === profile.region)?.name) ?? t('lists.location.noRegion');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-location={profile.id}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Group gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {profile.name}
            </Title>
            <LocationForm profile={profile} onSaved={onSaved} />
            <LocationDelete profile={profile} queues={queues} onDeleted={onSaved} />
          </Group>
          <Text size="sm" c="dimmed">
            {profile.country ? `${t(`lists.countries.${profile.country}`)} · ` : ''}
            {t('lists.location.summary', { identifier: profile.identifier, region, timeZone: profile.time_zone })}
          </Text>
        </div>
        <QueueForm profile={profile} onSaved={onSaved} />
      </Group>
      {queues.length === 0 ? (
        <Text c="dimmed">{t('lists.noQueues')}</Text>
      ) : (
        <ScrollRegion label={t('lists.tableOf', { name: profile.name })} minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lists.name')}</Table.Th>
                <Table.Th>{t('lists.identifier')}</Table.Th>
                <Table.Th>{t('lists.links')}</Table.Th>
                <Table.Th>{t('lists.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queues.map((queue) => (
                <Table.Tr key={queue.id} data-queue={queue.id}>
                  <Table.Td>
                    {queue.name}{' '}
                    {queue.is_default && (
                      <Badge size="sm" variant="light">
                        {t('lists.isDefault')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{queue.identifier}</Table.Td>
                  <Table.Td>
                    <Group gap="sm">
                      {/* Each of the list's own sections has a link that survives a reload (queue-sections.ts). */}
                      {LINKED_SECTIONS.map((section) => (
                        <Anchor key={section} component={Link} to={queueSectionPath(queue.id, section)}>
                          {t(`queueSections.links.${section}`)}
                        </Anchor>
                      ))}
                      <Anchor component={Link} to={`/backend/management/${queue.id}/rollout`}>
                        {t('lists.rollout')}
                      </Anchor>
                      <Anchor component={Link} to={`/backend/processor/${queue.id}`}>
                        {t('lists.workView')}
                      </Anchor>
                      <Anchor component={Link} to={`/backend/management/${queue.id}/reporting`}>
                        {t('lists.reporting')}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <QueueForm profile={profile} queue={queue} onSaved={onSaved} defaultOpen={focused?.id === queue.id} />
                      <QueueDelete queue={queue} siblings={queues} timeZone={profile.time_zone} onDeleted={onSaved} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}
