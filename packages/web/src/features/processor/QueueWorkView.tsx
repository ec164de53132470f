import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoggedUser, OwnQueue, Queue } from '@wartefrei/shared';
import { FormAlert } from '../../ui/FormAlert';
import { QuickAppointment } from '../appointments/QuickAppointment';
import { CallBar } from './CallBar';
import { ManualTicketModal } from './ManualTicketModal';
import { currentMemberOf } from './member-display';
import { hasFilters } from './member-filters';
import { MemberFilterBar } from './MemberFilterBar';
import { MemberTable } from './MemberTable';
import { fetchInfoTags } from './processor.api';
import { ActiveSwitch, SessionControls } from './SessionControls';
import { TodayAppointments } from './TodayAppointments';
import { SealedDataBanner } from '../encryption/SealedDataBanner';
import { useLiveMembers } from './useLiveMembers';
import { useMemberFilters } from './useMemberFilters';
import { useProcessorSettings } from './useProcessorSettings';
import { roleViewOf, shownFilters } from './work-view-config';
import { mayChooseProcessor } from './actual-processor';
import { queryKeys } from '../../lib/query-keys';
import { LiveBadge } from '../../ui/LiveBadge';

interface QueueWorkViewProps {
  queue: Queue;
  queues: Queue[];
  own: OwnQueue | undefined;
  user: LoggedUser;
}

/** One queue at work: session and calls on top, then the filtered, live member list and today's appointments still to come. */
export function QueueWorkView({ queue, queues, own, user }: QueueWorkViewProps) {
  const { t } = useTranslation('processor');
  const client = useQueryClient();
  // What this list shows the caller's role; hiding is presentation, the API still allows everything.
  const view = roleViewOf(queue, user);
  const { filters: chosenFilters, setFilters, resetFilters } = useMemberFilters();
  const filters = shownFilters(chosenFilters, view);
  const { members, live } = useLiveMembers(queue.id, filters);
  const mine = useProcessorSettings(queue);
  const infoTags = useQuery({ queryKey: queryKeys.infoTags.all, queryFn: fetchInfoTags, staleTime: 60_000 });
  const [manualOpen, setManualOpen] = useState(false);
  const refetch = () => void client.invalidateQueries({ queryKey: queryKeys.members.ofQueue(queue.id) });
  const list = members.data?.members ?? [];
  const appointments = members.data?.appointments ?? [];

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="processor-queue-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3" id="processor-queue-title">
              {queue.name}
            </Title>
            <LiveBadge live={live} label={t(`live.${live}`)} />
          </Group>
          <SessionControls queue={queue} buttonVisibility={mine.buttonVisibility} isAdmin={user.is_admin} />
          {own && <ActiveSwitch own={own} />}
        </Stack>
      </Paper>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <CallBar queueId={queue.id} current={currentMemberOf(list, user.id)} onChanged={refetch} silentCall={view.actions.call_silently} />
        </Stack>
        <Group gap="xs">
          {view.actions.quick_appointment && <QuickAppointment queue={queue} userId={user.id} onBooked={refetch} />}
          {view.actions.manual_ticket && (
            <Button variant="default" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setManualOpen(true)}>
              {t('manual.open')}
            </Button>
          )}
        </Group>
      </Group>
      <SealedDataBanner />
      <MemberFilterBar filters={filters} shown={view.filters} onChange={setFilters} onReset={resetFilters} />
      {members.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('list.loading')} />
        </Group>
      ) : members.isError && list.length === 0 ? (
        <FormAlert tone="error" title={t('list.failed')}>
          <Button size="xs" variant="light" mt="xs" onClick={() => void members.refetch()}>
            {t('list.retry')}
          </Button>
        </FormAlert>
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" role="status">
          {hasFilters(filters) ? t('list.emptyFiltered') : t('list.empty')}
        </Text>
      ) : (
        <MemberTable
          members={list}
          queue={queue}
          queues={queues}
          tags={infoTags.data ?? []}
          nameOrder={mine.nameOrder}
          servers={mine.servers}
          view={view}
          chooseProcessor={mayChooseProcessor(user, own, queue)}
          onChanged={refetch}
        />
      )}
      <TodayAppointments queueName={queue.name} appointments={appointments} onChanged={refetch} />
      {manualOpen && <ManualTicketModal queue={queue} onClose={() => setManualOpen(false)} onDrawn={refetch} />}
    </Stack>
  );
}
