import { Alert, Anchor, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Profile, Queue } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { ScheduleWeek } from './ScheduleWeek';
import { queryKeys } from '../../lib/query-keys';
import { useFocusedQueue } from './focused-queue';
import { queueSectionPath } from './queue-sections';

/**
 * The weekly schedule of one waiting list: the list is chosen above (kept in the URL as
 * `&queue=<id>`, or the path of `/backend/management/:queueId/schedule`, so a reload or a link
 * shows the same list), its week below.
 */
export function ScheduleTab() {
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
  const profile = profiles.data.find((p) => p.id === queue.profile_id);
  const choose = (queueId: string) =>
    // Opened by a list's deep link, another list is that list's deep link.
    focused ? void navigate(queueSectionPath(queueId, 'schedule'), { replace: true }) : setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('queue', queueId);
        return next;
      },
      { replace: true },
    );
  const options = profiles.data
    .map((p) => ({ group: p.name, items: queues.data.filter((q) => q.profile_id === p.id).map((q) => ({ value: q.id, label: q.name })) }))
    .filter((group) => group.items.length > 0);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="lg">
        <NativeSelect label={t('schedule.queue')} data={options} value={queue.id} onChange={(e) => choose(e.currentTarget.value)} w={320} />
      </Group>
      {profile && (
        <FormAlert tone="info">
          {t('schedule.timeZoneNote', { location: profile.name, timeZone: profile.time_zone })} {t('schedule.holidayNote')}
        </FormAlert>
      )}
      <ScheduleWeek key={queue.id} queue={queue} />
    </Stack>
  );
}
