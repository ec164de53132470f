import { Alert, Anchor, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Profile, Queue } from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { FormAlert } from '../../../ui/FormAlert';
import { useFocusedQueue } from '../focused-queue';
import { queueSectionPath } from '../queue-sections';
import { ViewConfigurationForm } from './ViewConfigurationForm';

/**
 * The processor view configuration (docs/product.md#processor-view-configuration): for one list,
 * which columns, filters and actions its work view shows admins and processors. The list is
 * chosen above (`&queue=<id>`, or the path of `/backend/management/:queueId/viewConfiguration`).
 */
export function ViewConfigurationTab() {
  const { t } = useTranslation('management');
  const [params, setParams] = useSearchParams();
  const focused = useFocusedQueue();
  const navigate = useNavigate();
  const profiles = useQuery({ queryKey: queryKeys.profiles.all, queryFn: () => api.get<Profile[]>('/profiles') });
  const queues = useQuery({ queryKey: queryKeys.queues.all, queryFn: () => api.get<Queue[]>('/queues') });
  if (profiles.isPending || queues.isPending) return <Loader aria-label={t('loading')} />;
  if (profiles.isError || queues.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  if (queues.data.length === 0) {
    return (
      <Text>
        {t('schedule.noQueues')} <Anchor component={Link} to="/backend/onboarding">{t('lists.toOnboarding')}</Anchor>
      </Text>
    );
  }

  const queue = queues.data.find((q) => q.id === (focused?.id ?? params.get('queue'))) ?? queues.data[0]!;
  const choose = (queueId: string) => {
    if (focused) return void navigate(queueSectionPath(queueId, 'viewConfiguration'), { replace: true });
    const next = new URLSearchParams(params);
    next.set('queue', queueId);
    setParams(next, { replace: true });
  };
  const options = profiles.data
    .map((p) => ({ group: p.name, items: queues.data.filter((q) => q.profile_id === p.id).map((q) => ({ value: q.id, label: q.name })) }))
    .filter((group) => group.items.length > 0);

  return (
    <Stack gap="md">
      <Text maw={720}>{t('viewConfiguration.intro')}</Text>
      <NativeSelect label={t('viewConfiguration.queue')} data={options} value={queue.id} onChange={(e) => choose(e.currentTarget.value)} w={320} />
      <FormAlert tone="info">
        <Text size="sm">{t('viewConfiguration.notPermission')}</Text>
        <Text size="sm" mt={4}>
          {t('viewConfiguration.alwaysShown')}
        </Text>
      </FormAlert>
      {/* Keyed by the list: another list starts from its own stored configuration. */}
      <ViewConfigurationForm key={queue.id} queue={queue} />
    </Stack>
  );
}
