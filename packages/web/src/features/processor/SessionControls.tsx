import { Badge, Button, Group, Menu, Switch } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayPress, type Queue, type SendableSessionEvent } from '@wartefrei/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { sendSessionEvent, setQueueingAllowed } from './processor.api';
import { queryKeys } from '../../lib/query-keys';

// The active switch has its own file (with its pause menu); the work view imports it from here.
export { ActiveSwitch } from './ActiveSwitch';

interface SessionControlsProps {
  queue: Queue;
  /** The list's visibility as it holds for this processor (their own narrows it). */
  buttonVisibility: Queue['button_visibility'];
  isAdmin: boolean;
}

/** The list's state and the session buttons this role may see: open, close (asks first), suspend intake. */
export function SessionControls({ queue, buttonVisibility: visible, isAdmin }: SessionControlsProps) {
  const { t } = useTranslation('processor');
  const client = useQueryClient();
  const [confirmClose, setConfirmClose] = useState(false);
  const send = useMutation({
    mutationFn: (event: SendableSessionEvent) => sendSessionEvent(queue.id, event),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.queues.all }),
    onSuccess: (_, event) => {
      if (event === 'TERMINATE') setConfirmClose(false);
      void client.invalidateQueries({ queryKey: queryKeys.members.ofQueue(queue.id) });
    },
  });
  const suspendFor = useMutation({
    mutationFn: ({ event, minutes }: { event: 'SUSPEND_ONLINE_TIMED' | 'SUSPEND_KIOSK_TIMED'; minutes: number }) =>
      sendSessionEvent(queue.id, event, new Date(Date.now() + minutes * 60_000).toISOString()),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.queues.all }),
  });
  const queueing = useMutation({
    mutationFn: (allowed: boolean) => setQueueingAllowed(queue.id, allowed),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.queues.all }),
  });
  const { session } = queue;
  // The server's own rule (FORBIDDEN otherwise): a button shows only to whom may press it.
  const may = (button: keyof Queue['button_visibility']) => mayPress(visible[button], isAdmin);
  const pending = (event: SendableSessionEvent) => send.isPending && send.variables === event;

  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label={t('session.label')}>
      <Badge color={session.open ? 'brand' : 'gray.7'} variant="filled" size="lg">
        {session.open ? t('session.open') : t('session.closed')}
      </Badge>
      {session.open && session.online_suspended && (
        <Badge color="yellow.4" autoContrast>
          {t('session.onlineSuspended')}
        </Badge>
      )}
      {session.open && session.kiosk_suspended && (
        <Badge color="yellow.4" autoContrast>
          {t('session.kioskSuspended')}
        </Badge>
      )}
      {session.open && session.blocked && (
        <Badge color="orange.4" autoContrast>
          {t('session.blocked')}
        </Badge>
      )}
      {!session.open && may('queue_opened') && (
        <Button size="xs" onClick={() => send.mutate('START')} loading={pending('START')}>
          {t('session.start')}
        </Button>
      )}
      {session.open && may('suspend_online') && (
        <Button
          size="xs"
          variant="default"
          onClick={() => send.mutate(session.online_suspended ? 'RESUME_ONLINE_FIXED' : 'SUSPEND_ONLINE_FIXED')}
          loading={pending('RESUME_ONLINE_FIXED') || pending('SUSPEND_ONLINE_FIXED')}
        >
          {session.online_suspended ? t('session.resumeOnline') : t('session.suspendOnline')}
        </Button>
      )}
      {session.open && may('suspend_online') && !session.online_suspended && (
        <TimedSuspend label={t('session.suspendOnlineFor')} onPick={(minutes) => suspendFor.mutate({ event: 'SUSPEND_ONLINE_TIMED', minutes })} />
      )}
      {session.open && may('suspend_kiosk') && (
        <Button
          size="xs"
          variant="default"
          onClick={() => send.mutate(session.kiosk_suspended ? 'RESUME_KIOSK_FIXED' : 'SUSPEND_KIOSK_FIXED')}
          loading={pending('RESUME_KIOSK_FIXED') || pending('SUSPEND_KIOSK_FIXED')}
        >
          {session.kiosk_suspended ? t('session.resumeKiosk') : t('session.suspendKiosk')}
        </Button>
      )}
      {session.open && may('suspend_kiosk') && !session.kiosk_suspended && (
        <TimedSuspend label={t('session.suspendKioskFor')} onPick={(minutes) => suspendFor.mutate({ event: 'SUSPEND_KIOSK_TIMED', minutes })} />
      )}
      {session.open && may('queue_opened') && (
        // BLOCK stops online and kiosk intake at once without closing the list; START lifts it.
        <Button
          size="xs"
          variant="default"
          title={session.blocked ? undefined : t('session.blockHint')}
          onClick={() => send.mutate(session.blocked ? 'START' : 'BLOCK')}
          loading={pending(session.blocked ? 'START' : 'BLOCK')}
        >
          {session.blocked ? t('session.unblock') : t('session.block')}
        </Button>
      )}
      {session.open && may('queue_opened') && (
        <Switch
          checked={queueing.isPending ? queueing.variables : session.queueing_allowed}
          disabled={queueing.isPending}
          onChange={(event) => queueing.mutate(event.currentTarget.checked)}
          label={t('session.queueingAllowed')}
        />
      )}
      {session.open && may('terminate') && (
        <Button size="xs" color="red.8" variant="outline" onClick={() => setConfirmClose(true)}>
          {t('session.terminate')}
        </Button>
      )}
      <ConfirmDialog
        opened={confirmClose}
        title={t('session.terminateTitle')}
        message={t('session.terminateMessage', { name: queue.name })}
        confirmLabel={t('session.terminate')}
        danger
        loading={pending('TERMINATE')}
        onConfirm={() => send.mutate('TERMINATE')}
        onClose={() => setConfirmClose(false)}
      />
    </Group>
  );
}

const SUSPEND_MINUTES = [15, 30, 60];

/** "Pause for …": a timed suspend that ends by itself (SUSPEND_*_TIMED with its end). */
function TimedSuspend({ label, onPick }: { label: string; onPick: (minutes: number) => void }) {
  const { t } = useTranslation('processor');
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {SUSPEND_MINUTES.map((minutes) => (
          <Menu.Item key={minutes} onClick={() => onPick(minutes)}>
            {t('session.minutes', { count: minutes })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
