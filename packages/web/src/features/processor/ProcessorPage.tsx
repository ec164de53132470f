import { Button, Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useUser } from '../../lib/session';
import { FormAlert } from '../../ui/FormAlert';
import { Page } from '../../ui/Page';
import { fetchOwnQueues, fetchQueues } from './processor.api';
import { QueueLinks } from './QueueLinks';
import { QueueWorkView } from './QueueWorkView';
import { queryKeys } from '../../lib/query-keys';

/**
 * /backend/processor and /backend/processor/:queueId — the work view (docs/product.md#screens-and-routes). A processor
 * sees the assigned queues, an admin every queue of the account; without a queue in the path the
 * first one (by priority) opens.
 */
export function ProcessorPage() {
  const { t } = useTranslation('processor');
  const { queueId } = useParams();
  const user = useUser();
  const queues = useQuery({ queryKey: queryKeys.queues.all, queryFn: fetchQueues });
  const own = useQuery({ queryKey: queryKeys.ownQueues, queryFn: fetchOwnQueues });

  // The backend guard renders this page only for a signed-in user.
  if (!user) return null;
  const title = t('title');
  if (queues.isPending || own.isPending) {
    return (
      <Page title={title} size="xl">
        <Group justify="center" py="xl">
          <Loader aria-label={t('list.loading')} />
        </Group>
      </Page>
    );
  }
  if (queues.isError || own.isError) {
    return (
      <Page title={title} size="xl">
        <FormAlert tone="error" title={t('queues.failed')}>
          <Button size="xs" variant="light" mt="xs" onClick={() => void Promise.all([queues.refetch(), own.refetch()])}>
            {t('list.retry')}
          </Button>
        </FormAlert>
      </Page>
    );
  }
  // Queue priority first (docs/product.md#roles-and-permissions), then the name.
  const list = [...queues.data].sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
  if (list.length === 0) {
    return (
      <Page title={title} size="xl">
        <FormAlert tone="info" title={t('queues.noneTitle')}>
          {t('queues.none')}
        </FormAlert>
      </Page>
    );
  }
  if (!queueId) return <Navigate to={`/backend/processor/${list[0]!.id}`} replace />;
  const selected = list.find((q) => q.id === queueId);

  return (
    <Page title={title} size="xl">
      <QueueLinks queues={list} selectedId={queueId} />
      {selected ? (
        <QueueWorkView key={selected.id} queue={selected} queues={list} own={own.data.find((o) => o.queue_id === selected.id)} user={user} />
      ) : (
        <FormAlert tone="error" title={t('queues.notFoundTitle')}>
          {t('queues.notFound')}
        </FormAlert>
      )}
    </Page>
  );
}
