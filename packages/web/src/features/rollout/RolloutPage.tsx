import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { Page } from '../../ui/Page';
import { RolloutCenter } from './RolloutCenter';
import { useQueue } from './rollout.api';

/** /backend/management/:queueId/rollout — the rollout center on its own, until management hosts it as a tab. */
export function RolloutPage() {
  const { t } = useTranslation(['rollout', 'common', 'auth']);
  const { queueId = '' } = useParams();
  const queue = useQueue(queueId);

  if (queue.data) {
    return (
      <Page title={t('title', { queue: queue.data.name })}>
        <RolloutCenter queue={queue.data} />
      </Page>
    );
  }
  if (queue.isError && queue.error instanceof ApiRequestError && (queue.error.status === 404 || queue.error.status === 400)) {
    return (
      <Page title={t('notFound.title')}>
        <Stack gap="md" align="flex-start">
          <Text>{t('notFound.message')}</Text>
          <Button component={Link} to="/backend/management" variant="default">
            {t('notFound.back')}
          </Button>
        </Stack>
      </Page>
    );
  }
  if (queue.isError) {
    const error = queue.error;
    const detail = error instanceof ApiRequestError && error.network ? t('auth:login.offline') : error.message;
    return (
      <Page title={t('common:errors.title')}>
        <FormAlert tone="error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('loadFailed', { detail })}</Text>
            <Button size="xs" variant="default" onClick={() => void queue.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </FormAlert>
      </Page>
    );
  }
  return (
    <Page title={t('common:routes.management')}>
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('common:state.loading')}</Text>
      </Group>
    </Page>
  );
}
