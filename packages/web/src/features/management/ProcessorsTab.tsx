import { Alert, Badge, Button, CloseButton, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignedProcessor, Processor, Profile, Queue } from '@wartefrei/shared';
import { api, apiRequest } from '../../lib/api';
import { useUser } from '../../lib/session';
import { InviteProcessor } from './InviteProcessor';
import { DeleteProcessor } from './DeleteProcessor';
import { EditProcessor } from './EditProcessor';
import { ProcessorMails } from './ProcessorMails';
import { useSavedFlag } from './useSavedFlag';
import { queryKeys } from '../../lib/query-keys';
import { SavedNote } from './SavedNote';
import { DemoLockNotice } from '../../lib/demo-lock';
import { useFocusedQueue } from './focused-queue';

/** What is being dragged: a processor from the staff list, or one of a list's assignments. */
type Dragged = { kind: 'processor'; userId: string } | { kind: 'assignment'; userId: string; queueId: string };
const DRAG_TYPE = 'application/x-wartefrei';

const startDrag = (dragged: Dragged) => (event: DragEvent) => {
  event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(dragged));
  event.dataTransfer.effectAllowed = 'move';
};
const draggedOf = (event: DragEvent): Dragged | undefined => {
  try {
    return JSON.parse(event.dataTransfer.getData(DRAG_TYPE)) as Dragged;
  } catch {
    return undefined;
  }
};
const allowDrop = (event: DragEvent) => event.preventDefault();

/**
 * Processors and which lists they work on: drag a processor onto a list to assign, drag an
 * assignment onto the bin to remove it. Every drag has a keyboard twin (the select and button on
 * each list, the × on each assignment). Invite, and delete with confirmation (never oneself).
 */
export function ProcessorsTab() {
  const { t } = useTranslation('management');
  const me = useUser();
  // A list's deep link (`/backend/management/:queueId/processors`) shows that list's processors only.
  const focused = useFocusedQueue();
  const client = useQueryClient();
  const { saved, markSaved } = useSavedFlag();
  const [failure, setFailure] = useState<string>();
  const processors = useQuery({ queryKey: queryKeys.processors.all, queryFn: () => api.get<Processor[]>('/processors') });
  const profiles = useQuery({ queryKey: queryKeys.profiles.all, queryFn: () => api.get<Profile[]>('/profiles') });
  const queues = useQuery({ queryKey: queryKeys.queues.all, queryFn: () => api.get<Queue[]>('/queues') });
  const assignments = useQueries({
    queries: (queues.data ?? []).map((queue) => ({
      queryKey: queryKeys.queueProcessors.ofQueue(queue.id),
      queryFn: () => api.get<AssignedProcessor[]>(`/queues/${queue.id}/processors`),
    })),
  });

  const change = useMutation({
    mutationFn: ({ action, queueId, userId }: { action: 'assign' | 'unassign'; queueId: string; userId: string }) =>
      action === 'assign'
        ? apiRequest(`/queues/${queueId}/processors/${userId}`, { method: 'PUT', body: {}, silent: true })
        : api.delete(`/queues/${queueId}/processors/${userId}`, { silent: true }),
    onSuccess: async (_result, { queueId }) => {
      setFailure(undefined);
      await client.invalidateQueries({ queryKey: queryKeys.queueProcessors.ofQueue(queueId) });
      markSaved();
    },
    onError: (error) => setFailure(error.message),
  });

  if (processors.isPending || profiles.isPending || queues.isPending) return <Loader aria-label={t('loading')} />;
  if (processors.isError || profiles.isError || queues.isError) return <Alert color="red">{t('loadFailed')}</Alert>;

  const assignedTo = (queueId: string) => assignments[queues.data.findIndex((q) => q.id === queueId)]?.data ?? [];
  const assign = (queueId: string, userId: string) => change.mutate({ action: 'assign', queueId, userId });
  const unassign = (queueId: string, userId: string) => change.mutate({ action: 'unassign', queueId, userId });
  // The dates of a removed processor's appointments: in the locations' zone when they share one.
  const zones = new Set(profiles.data.map((p) => p.time_zone));
  const zone = zones.size === 1 ? [...zones][0] : undefined;

  return (
    <Stack gap="md">
      <DemoLockNotice id="demo-lock-processors" />
      <Group justify="space-between">
        <Text>{t('processors.intro')}</Text>
        <Group gap="sm">
          <SavedNote saved={saved} />
          <InviteProcessor onInvited={markSaved} />
        </Group>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="staff-title">
          <Title order={2} size="h4" id="staff-title" mb="sm">
            {t('processors.staff')}
          </Title>
          <Stack gap="xs">
            {processors.data.map((processor) => (
              <Paper
                key={processor.id}
                withBorder
                p="xs"
                draggable
                onDragStart={startDrag({ kind: 'processor', userId: processor.id })}
                data-processor={processor.id}
                style={{ cursor: 'grab' }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={600}>{processor.display_name}</Text>
                    <Text size="sm" c="dimmed">
                      {processor.username}
                      {processor.is_admin && <> · {t('processors.admin')}</>}
                    </Text>
                    {processor.id !== me?.id && <ProcessorMails processor={processor} />}
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <EditProcessor processor={processor} isMe={processor.id === me?.id} onSaved={markSaved} />
                    <DeleteProcessor processor={processor} colleagues={processors.data} timeZone={zone} isMe={processor.id === me?.id} onDeleted={markSaved} />
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Paper
            mt="md"
            p="md"
            withBorder
            radius="md"
            style={{ borderStyle: 'dashed', textAlign: 'center' }}
            onDragOver={allowDrop}
            onDrop={(event) => {
              const dragged = draggedOf(event);
              if (dragged?.kind === 'assignment') unassign(dragged.queueId, dragged.userId);
            }}
            data-testid="unassign-bin"
          >
            <IconTrash aria-hidden size={22} />
            <Text size="sm">{t('processors.bin')}</Text>
          </Paper>
        </Paper>
        <Stack gap="md" style={{ gridColumn: 'span 2' }}>
          {profiles.data
            .filter((profile) => !focused || profile.id === focused.profile_id)
            .map((profile) => (
              <Stack key={profile.id} gap="sm">
                <Title order={2} size="h4">
                  {profile.name}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {queues.data
                    .filter((q) => q.profile_id === profile.id && (!focused || q.id === focused.id))
                    .map((queue) => (
                      <QueueDropZone
                        key={queue.id}
                        queue={queue}
                        assigned={assignedTo(queue.id)}
                        processors={processors.data}
                        busy={change.isPending}
                        onAssign={(userId) => assign(queue.id, userId)}
                        onUnassign={(userId) => unassign(queue.id, userId)}
                      />
                    ))}
                </SimpleGrid>
              </Stack>
            ))}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

interface QueueDropZoneProps {
  queue: Queue;
  assigned: AssignedProcessor[];
  processors: Processor[];
  busy: boolean;
  onAssign: (userId: string) => void;
  onUnassign: (userId: string) => void;
}

function QueueDropZone({ queue, assigned, processors, busy, onAssign, onUnassign }: QueueDropZoneProps) {
  const { t } = useTranslation('management');
  const [over, setOver] = useState(false);
  const unassigned = processors.filter((p) => !assigned.some((a) => a.id === p.id));
  const [choice, setChoice] = useState('');
  const titleId = `queue-${queue.id}-title`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-queue={queue.id}
      bg={over ? 'teal.0' : undefined}
      onDragOver={(event) => {
        allowDrop(event);
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const dragged = draggedOf(event);
        if (dragged && !assigned.some((a) => a.id === dragged.userId)) onAssign(dragged.userId);
      }}
    >
      <Text fw={600} id={titleId} mb="xs">
        {queue.name}
      </Text>
      <Group gap="xs" mb="sm" mih={28}>
        {assigned.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('processors.noneAssigned')}
          </Text>
        )}
        {assigned.map((processor) => (
          <Badge
            key={processor.id}
            size="lg"
            variant="light"
            draggable
            onDragStart={startDrag({ kind: 'assignment', userId: processor.id, queueId: queue.id })}
            rightSection={
              <CloseButton size="xs" aria-label={t('processors.unassign', { name: processor.display_name, queue: queue.name })} onClick={() => onUnassign(processor.id)} />
            }
          >
            {processor.display_name}
          </Badge>
        ))}
      </Group>
      {unassigned.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            aria-label={t('processors.choose', { queue: queue.name })}
            data={[{ value: '', label: t('processors.choosePlaceholder') }, ...unassigned.map((p) => ({ value: p.id, label: p.display_name }))]}
            value={choice}
            onChange={(event) => setChoice(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            disabled={!choice || busy}
            onClick={() => {
              onAssign(choice);
              setChoice('');
            }}
          >
            {t('processors.assign')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
