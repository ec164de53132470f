import { ActionIcon, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile, Queue } from '@wartefrei/shared';
import { moveQueue, toggleQueue } from './monitors-form';

interface MonitorQueuesPickerProps {
  queues: Queue[];
  profiles: Profile[];
  /** The shown queues, in display order. */
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

/**
 * Which lists a monitor shows and in which order: the shown ones first, in their order, each
 * with up/down buttons; the others after them. Ticking a list appends it. After a move the focus
 * follows the moved list's button, so pressing it again keeps moving the same list.
 */
export function MonitorQueuesPicker({ queues, profiles, value, onChange, error }: MonitorQueuesPickerProps) {
  const { t } = useTranslation('management');
  const [focusAfterMove, setFocusAfterMove] = useState<string>();
  useEffect(() => {
    if (!focusAfterMove) return;
    const [id, direction] = focusAfterMove.split(':');
    const wanted = document.getElementById(`monitor-queue-${direction}-${id}`) as HTMLButtonElement | null;
    const other = document.getElementById(`monitor-queue-${direction === 'up' ? 'down' : 'up'}-${id}`) as HTMLButtonElement | null;
    // At the top (or bottom) the pressed button is disabled; the other one takes the focus.
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfterMove(undefined);
  }, [focusAfterMove, value]);

  const byId = new Map(queues.map((queue) => [queue.id, queue]));
  const shown = value.map((id) => byId.get(id)).filter((queue): queue is Queue => queue !== undefined);
  const hidden = queues.filter((queue) => !value.includes(queue.id));
  const placeOf = (queue: Queue) => (profiles.length > 1 ? profiles.find((p) => p.id === queue.profile_id)?.name : undefined);
  const move = (index: number, by: -1 | 1) => {
    const id = value[index]!;
    onChange(moveQueue(value, index, by));
    setFocusAfterMove(`${id}:${by < 0 ? 'up' : 'down'}`);
  };

  const row = (queue: Queue, index: number | undefined) => (
    <Paper key={queue.id} withBorder p="xs" data-monitor-queue={queue.id}>
      <Group justify="space-between" wrap="nowrap">
        <Checkbox
          label={queue.name}
          description={placeOf(queue)}
          checked={index !== undefined}
          onChange={(event) => onChange(toggleQueue(value, queue.id, event.currentTarget.checked))}
        />
        {index !== undefined && (
          <Group gap={4} wrap="nowrap">
            <Text size="sm" c="dimmed" aria-hidden>
              {index + 1}.
            </Text>
            <ActionIcon
              id={`monitor-queue-up-${queue.id}`}
              variant="default"
              aria-label={t('monitors.moveUp', { name: queue.name })}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              id={`monitor-queue-down-${queue.id}`}
              variant="default"
              aria-label={t('monitors.moveDown', { name: queue.name })}
              disabled={index === shown.length - 1}
              onClick={() => move(index, 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );

  return (
    <Stack component="fieldset" gap={6} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={500} size="sm" p={0}>
        {t('monitors.queues')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('monitors.queuesHint')}
      </Text>
      {queues.length === 0 && <Text c="dimmed">{t('monitors.noQueues')}</Text>}
      {shown.map((queue, index) => row(queue, index))}
      {hidden.map((queue) => row(queue, undefined))}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
