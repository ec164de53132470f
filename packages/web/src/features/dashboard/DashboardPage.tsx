import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../lib/api';
import { useUser } from '../../lib/session';
import { Page } from '../../ui/Page';
import { OperatorWarning } from '../legal/OperatorWarning';
import { DashboardQueueCard } from './DashboardQueueCard';
import { useDashboard } from './useDashboard';

/** Where to go while no waiting list can be seen: the work view, and for admins management. */
function EmptyDashboard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" component="section" aria-labelledby="dashboard-empty">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconListNumbers size={28} />
        </ThemeIcon>
        <Title order={2} size="h3" id="dashboard-empty">
          {t('empty.title')}
        </Title>
        <Text>{t('empty.message')}</Text>
        <Text>{isAdmin ? t('empty.adminMessage') : t('empty.processorMessage')}</Text>
        <Group gap="sm">
          <Button component={Link} to="/backend/processor">
            {t('toProcessor')}
          </Button>
          {isAdmin && (
            <Button component={Link} to="/backend/management" variant="default">
              {t('toManagement')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /backend/dashboard: per waiting list the caller may see — open or closed, waiting, in progress,
 * the current average wait and the estimated end of the list — each leading into its work view.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useUser();
  const { dashboard, live } = useDashboard();
  // The backend guard renders this page only for a signed-in user.
  if (!user) return null;

  const body = () => {
    if (dashboard.isPending) {
      return (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('loading')}</Text>
        </Group>
      );
    }
    if (dashboard.isError) {
      const offline = dashboard.error instanceof ApiRequestError && dashboard.error.network;
      return (
        <Alert color="red" variant="outline" icon={<IconAlertTriangle aria-hidden />} title={t('error.title')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{offline ? t('error.offline') : dashboard.error.message}</Text>
            <Button variant="default" size="xs" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
              {t('error.retry')}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (dashboard.data.length === 0) return <EmptyDashboard isAdmin={user.is_admin} />;
    return (
      <>
        {live === 'reconnecting' && (
          <Text size="sm" c="orange.9" role="status">
            {t('reconnecting')}
          </Text>
        )}
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')}>
          {dashboard.data.map((queue) => (
            <DashboardQueueCard key={queue.queue_id} queue={queue} />
          ))}
        </SimpleGrid>
      </>
    );
  };

  return (
    <Page title={t('greeting', { name: user.display_name })}>
      <Text>{t('intro')}</Text>
      {user.is_admin && <OperatorWarning />}
      {body()}
    </Page>
  );
}
