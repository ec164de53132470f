import { Alert, Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile, Queue } from '@wartefrei/shared';
import { api } from '../../lib/api';

/** The locations and their waiting lists, each with the way into its rollout center and work view. */
export function ListsTab() {
  const { t } = useTranslation('management');
  const profiles = useQuery({ queryKey: ['profiles'], queryFn: () => api.get<Profile[]>('/profiles') });
  const queues = useQuery({ queryKey: ['queues'], queryFn: () => api.get<Queue[]>('/queues') });
  if (profiles.isPending || queues.isPending) return <Loader aria-label={t('loading')} />;
  if (profiles.isError || queues.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  if (profiles.data.length === 0) {
    return (
      <Text>
        {t('lists.none')} <Anchor component={Link} to="/backend/onboarding">{t('lists.toOnboarding')}</Anchor>
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {profiles.data.map((profile) => (
        <Table key={profile.id} striped captionSide="top">
          <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>{profile.name}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lists.name')}</Table.Th>
              <Table.Th>{t('lists.identifier')}</Table.Th>
              <Table.Th>{t('lists.links')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {queues.data
              .filter((q) => q.profile_id === profile.id)
              .map((queue) => (
                <Table.Tr key={queue.id}>
                  <Table.Td>{queue.name}</Table.Td>
                  <Table.Td>{queue.identifier}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/backend/management/${queue.id}/rollout`} mr="md">
                      {t('lists.rollout')}
                    </Anchor>
                    <Anchor component={Link} to={`/backend/processor/${queue.id}`}>
                      {t('lists.workView')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      ))}
    </Stack>
  );
}
