import { Alert, Anchor, Loader, NativeSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Profile, Queue } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useFocusedQueue } from './focused-queue';
import { queueSectionPath, type QueueSection } from './queue-sections';

interface ChosenQueue {
  queue: Queue;
  profile: Profile | undefined;
  /** The list picker, lists grouped by location. */
  picker: ReactNode;
}

/**
 * The list a per-list management section (schedule, view configuration) shows, chosen in its
 * picker and kept where a reload or a link finds it again: in `&queue=<id>`, or — opened by a
 * list's deep link — in the path `/backend/management/:queueId/:section`, another list being that
 * list's deep link. Renders loading, failure and "no list yet" itself; `children` gets the choice.
 */
export function QueueChoice({ section, label, children }: { section: QueueSection; label: string; children: (chosen: ChosenQueue) => ReactNode }) {
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
        {t('schedule.noQueues')}{' '}
        <Anchor component={Link} to="/backend/onboarding">
          {t('lists.toOnboarding')}
        </Anchor>
      </Text>
    );
  }

  const queue = queues.data.find((q) => q.id === (focused?.id ?? params.get('queue'))) ?? queues.data[0]!;
  const choose = (queueId: string) => {
    if (focused) return void navigate(queueSectionPath(queueId, section), { replace: true });
    const next = new URLSearchParams(params);
    next.set('queue', queueId);
    setParams(next, { replace: true });
  };
  const options = profiles.data
    .map((p) => ({ group: p.name, items: queues.data.filter((q) => q.profile_id === p.id).map((q) => ({ value: q.id, label: q.name })) }))
    .filter((group) => group.items.length > 0);
  const picker = <NativeSelect label={label} data={options} value={queue.id} onChange={(e) => choose(e.currentTarget.value)} w={320} />;
  return children({ queue, profile: profiles.data.find((p) => p.id === queue.profile_id), picker });
}
