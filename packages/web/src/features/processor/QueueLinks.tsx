import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Queue } from '@wartefrei/shared';
import { carriesMember, draggedMemberOf } from './member-drag';
import classes from './processor.module.css';
import { useDropMove } from './useDropMove';

interface QueueLinksProps {
  queues: Queue[];
  selectedId: string;
}

/**
 * The lists the caller works on, one button each. A waiting ticket dragged onto another list's
 * button moves there, taking its place by draw time (docs/product.md#screens-and-routes); the row menu's "Verschieben"
 * does the same by keyboard.
 */
export function QueueLinks({ queues, selectedId }: QueueLinksProps) {
  const { t } = useTranslation('processor');
  const [overId, setOverId] = useState<string>();
  const { move } = useDropMove();
  return (
    <Group gap="xs" component="nav" aria-label={t('queues.label')} wrap="wrap">
      {queues.map((queue) => {
        const takesDrop = queue.id !== selectedId;
        return (
          <Button
            key={queue.id}
            component={Link}
            to={`/backend/processor/${queue.id}`}
            variant={queue.id === selectedId ? 'filled' : 'default'}
            aria-current={queue.id === selectedId ? 'page' : undefined}
            size="sm"
            className={overId === queue.id ? classes.queueDropOver : undefined}
            data-queue-drop={takesDrop ? queue.id : undefined}
            onDragOver={(event) => {
              if (!takesDrop || !carriesMember(event)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOverId(queue.id);
            }}
            onDragLeave={() => setOverId(undefined)}
            onDrop={(event) => {
              event.preventDefault();
              setOverId(undefined);
              const dragged = draggedMemberOf(event);
              if (takesDrop && dragged && dragged.queue_id !== queue.id) move(dragged, { queue_id: queue.id });
            }}
          >
            {queue.name}
          </Button>
        );
      })}
    </Group>
  );
}
