import { Badge, Button, Group, Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ButtonVisibility, OwnQueue, Queue, SendableSessionEvent } from '@wartefrei/shared';
import { ConfirmDialog } from './ConfirmDialog';
import { processorKeys, sendSessionEvent, setOwnQueueActive } from './processor.api';

/** SPEC.md §6: a session button shows for everybody, for admins only, or for nobody. */
function mayPress(visibility: ButtonVisibility, isAdmin: boolean): boolean {
  return visibility === 'EVERYBODY' || (visibility === 'ADMINS_ONLY' && isAdmin);
}

interface SessionControlsProps {
  queue: Queue;
  isAdmin: boolean;
}

/** The list's state and the session buttons this role may see: open, close (asks first), suspend intake. */
export function SessionControls({ queue, isAdmin }: SessionControlsProps) {
  const { t } = useTranslation('processor');
  const client = useQueryClient();
  const [confirmClose, setConfirmClose] = useState(false);
  const send = useMutation({
    mutationFn: (event: SendableSessionEvent) => sendSessionEvent(queue.id, event),
    onSettled: () => client.invalidateQueries({ queryKey: processorKeys.queues }),
    onSuccess: (_, event) => {
      if (event === 'TERMINATE') setConfirmClose(false);
      void client.invalidateQueries({ queryKey: processorKeys.members(queue.id) });
    },
  });
  const { session, button_visibility: visible } = queue;
  const may = (button: keyof Queue['button_visibility']) => mayPress(visible[button], isAdmin);
  const pending = (event: SendableSessionEvent) => send.isPending && send.variables === event;

  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label={t('session.label')}>
      <Badge color={session.open ? 'brand' : 'gray.7'} variant="filled" size="lg">
        {session.open ? t('session.open') : t('session.closed')}
      </Badge>
      {session.open && session.online_suspended && <Badge color="yellow.4" autoContrast>{t('session.onlineSuspended')}</Badge>}
      {session.open && session.kiosk_suspended && <Badge color="yellow.4" autoContrast>{t('session.kioskSuspended')}</Badge>}
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

/** Actively processing (calls reach this person) or only managing the list (SPEC.md §6). */
export function ActiveSwitch({ own }: { own: OwnQueue }) {
  const { t } = useTranslation('processor');
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (active: boolean) => setOwnQueueActive(own.queue_id, active),
    onSettled: () => client.invalidateQueries({ queryKey: processorKeys.ownQueues }),
  });
  const checked = toggle.isPending ? toggle.variables : own.active;
  return (
    <Switch
      checked={checked}
      onChange={(event) => toggle.mutate(event.currentTarget.checked)}
      disabled={toggle.isPending}
      label={t('active.label')}
      description={checked ? t('active.on') : t('active.off')}
    />
  );
}
