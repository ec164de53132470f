import { Button, Group, Kbd, Text } from '@mantine/core';
import { IconBellRinging, IconCheck, IconVolumeOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member, MemberActionResult } from '@wartefrei/shared';
import { ApiRequestError } from '../../lib/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyDone, notifyFailure, notifyInfo } from './notify';
import { actOnMember, callNext, isBeyondLimit } from './processor.api';
import { useShortcuts } from './useShortcuts';

interface CallBarProps {
  queueId: string;
  /** What `F` and the finish button end: the caller's member in processing. */
  current: Member | undefined;
  /** Refetch after an action (the socket would too, a moment later). */
  onChanged: () => void;
  /** The list's view configuration shows the silent call to this role (button and key S). */
  silentCall: boolean;
}

/** Over maxConcurrentProcessing the server refuses; the user may call anyway (`force`). */
type PendingForce = { silent: boolean; message: string };

/** Call next (publicly or silently) and finish the current member: buttons and keys N, S, F. */
export function CallBar({ queueId, current, onChanged, silentCall }: CallBarProps) {
  const { t } = useTranslation('processor');
  const [force, setForce] = useState<PendingForce>();

  const announce = (result: MemberActionResult) => {
    if (result.warning) notifyInfo(result.warning.message);
    notifyDone(t('call.called', { number: result.member.number }));
  };

  const call = useMutation({
    mutationFn: (input: { silent: boolean; force?: boolean }) => callNext(queueId, input),
    onSuccess: (result) => {
      setForce(undefined);
      announce(result);
      onChanged();
    },
    onError: (error, input) => {
      if (isBeyondLimit(error) && !input.force) {
        setForce({ silent: input.silent, message: error.message });
        return;
      }
      setForce(undefined);
      if (error instanceof ApiRequestError && error.code === 'NO_WAITING_MEMBER') {
        notifyInfo(error.message);
        return;
      }
      notifyFailure(error);
    },
  });

  const finish = useMutation({
    mutationFn: (member: Member) => actOnMember(member, 'finish'),
    onSuccess: (result) => {
      notifyDone(t('call.finished', { number: result.member.number }));
      if (result.next) notifyDone(t('call.called', { number: result.next.number }));
      onChanged();
    },
    onError: onChanged,
  });

  const busy = call.isPending || finish.isPending;
  const callNow = (silent: boolean) => !busy && call.mutate({ silent });
  const finishNow = () => current && !busy && finish.mutate(current);
  useShortcuts({ n: () => callNow(false), f: finishNow, ...(silentCall && { s: () => callNow(true) }) });

  const shortcut = (key: string) => (
    <Kbd size="xs" ml={6} aria-hidden>
      {key}
    </Kbd>
  );

  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button leftSection={<IconBellRinging size={18} aria-hidden />} onClick={() => callNow(false)} loading={call.isPending && !call.variables.silent} aria-keyshortcuts="N">
          {t('call.next')}
          {shortcut('N')}
        </Button>
        {silentCall && (
          <Button
            variant="default"
            leftSection={<IconVolumeOff size={18} aria-hidden />}
            onClick={() => callNow(true)}
            loading={call.isPending && call.variables.silent}
            aria-keyshortcuts="S"
          >
            {t('call.silent')}
            {shortcut('S')}
          </Button>
        )}
        <Button variant="default" leftSection={<IconCheck size={18} aria-hidden />} onClick={finishNow} disabled={!current} loading={finish.isPending} aria-keyshortcuts="F">
          {current ? t('call.finishNumber', { number: current.number }) : t('call.finish')}
          {shortcut('F')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t(silentCall ? 'call.shortcutsHint' : 'call.shortcutsHintNoSilent')}
      </Text>
      <ConfirmDialog
        opened={force !== undefined}
        title={t('call.maxConcurrentTitle')}
        message={force?.message ?? ''}
        confirmLabel={t('call.callAnyway')}
        loading={call.isPending}
        onConfirm={() => force && call.mutate({ silent: force.silent, force: true })}
        onClose={() => setForce(undefined)}
      />
    </>
  );
}
