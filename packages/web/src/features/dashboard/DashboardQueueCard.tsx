import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardQueue } from '@wartefrei/shared';

/** The time of an instant as the location's clock reads it: staff may sit in another zone. */
function timeAt(iso: string, timeZone: string, lang: string): string {
  return new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', timeZone });
}

/** One figure: its label above, its value below (a description list's term and details); counts stand out. */
function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} size={typeof value === 'number' ? 'xl' : 'md'} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** A waiting list on the dashboard: its state, its figures and the way into its work view. */
export function DashboardQueueCard({ queue }: { queue: DashboardQueue }) {
  const { t, i18n } = useTranslation('dashboard');
  const headingId = `dashboard-queue-${queue.queue_id}`;
  const averageWait = queue.average_wait_minutes === null ? t('queue.noCalls') : t('queue.minutes', { count: queue.average_wait_minutes });
  const estimatedEnd =
    queue.estimated_end !== null
      ? t('queue.time', { time: timeAt(queue.estimated_end, queue.time_zone, i18n.language) })
      : queue.waiting === 0
        ? t('queue.nobodyWaiting')
        : t('queue.notCalculated');

  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={headingId} data-testid="dashboard-queue" data-queue-id={queue.queue_id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} size="h4" id={headingId}>
              {queue.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('queue.location', { name: queue.profile_name })}
            </Text>
          </div>
          <Badge color={queue.open ? 'brand' : 'gray.7'} variant="filled" data-testid="dashboard-queue-state">
            {queue.open ? t('queue.open') : t('queue.closed')}
          </Badge>
        </Group>
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
          <Figure label={t('queue.waiting')} value={queue.waiting} testId="dashboard-queue-waiting" />
          <Figure label={t('queue.processing')} value={queue.processing} testId="dashboard-queue-processing" />
          <Figure label={t('queue.averageWait')} value={averageWait} testId="dashboard-queue-average-wait" />
          <Figure label={t('queue.estimatedEnd')} value={estimatedEnd} testId="dashboard-queue-estimated-end" />
        </SimpleGrid>
        <Group>
          <Button
            component={Link}
            to={`/backend/processor/${queue.queue_id}`}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            aria-label={t('queue.openWorkViewLabel', { name: queue.name })}
          >
            {t('queue.openWorkView')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
