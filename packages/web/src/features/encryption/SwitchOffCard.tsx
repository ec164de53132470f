import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EncryptionState } from '@wartefrei/shared';
import { forgetAccountKey, useHeldAccountKey } from '../../lib/keyring';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TitledCard } from '../../ui/TitledCard';
import { notifyDone, notifyFailure } from '../processor/notify';
import { fetchEncryptionState } from './encryption.api';
import { switchOff } from './switch-off';

/**
 * Admins holding the key: switching encryption off, after a confirmation, with the write-back's
 * progress; or, `resuming`, going on with a switch-off begun before (already confirmed then).
 */
export function SwitchOffCard({ replace, reopen, resuming }: { replace: (next: EncryptionState) => void; reopen: () => void; resuming: boolean }) {
  const { t } = useTranslation('encryption');
  const held = useHeldAccountKey();
  const [asking, setAsking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [unreadable, setUnreadable] = useState<number>();

  const run = async () => {
    setAsking(false);
    setUnreadable(undefined);
    setProgress({ done: 0, total: 0 });
    try {
      const result = await switchOff((done, total) => setProgress({ done, total }));
      if (result.unreadable > 0) {
        setUnreadable(result.unreadable);
        // Switching off has begun all the same: the page says so.
        replace(await fetchEncryptionState());
        return;
      }
      forgetAccountKey();
      replace(await fetchEncryptionState());
      reopen();
      notifyDone(t('disable.done'));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <TitledCard id="disable-title" title={t('disable.title')} gap="sm">
      <Text size="sm">{t('disable.text')}</Text>
      {resuming && (
        <Alert color="yellow" role="status">
          {t('disable.resume')}
        </Alert>
      )}
      {!held && (
        <Text size="sm" c="dimmed">
          {t('disable.needsUnlock')}
        </Text>
      )}
      {progress && (
        <Text size="sm" role="status">
          {t('disable.progress', { done: progress.done, total: progress.total })}
        </Text>
      )}
      {unreadable !== undefined && (
        <Alert color="red" role="alert">
          {t('disable.unreadable', { count: unreadable })}
        </Alert>
      )}
      <Group>
        <Button variant="default" color="red.8" disabled={!held} loading={progress !== undefined} onClick={() => (resuming ? void run() : setAsking(true))}>
          {resuming ? t('disable.continue') : t('disable.start')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={t('disable.confirmTitle')}
        message={t('disable.confirmMessage')}
        confirmLabel={t('disable.confirm')}
        danger
        onClose={() => setAsking(false)}
        onConfirm={() => void run()}
      />
    </TitledCard>
  );
}
