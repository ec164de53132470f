import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EncryptionState } from '@wartefrei/shared';
import { useHeldOwnKey } from '../../lib/own-key';
import { TitledCard } from '../../ui/TitledCard';
import { notifyDone, notifyFailure } from '../processor/notify';
import { requestAccess } from './encryption.api';

/** While encryption is on: whether the caller holds the practice's key, and asking for it. */
export function AccessCard({ state, replace }: { state: EncryptionState; replace: (next: EncryptionState) => void }) {
  const { t } = useTranslation('encryption');
  const [busy, setBusy] = useState(false);
  const status = state.my_access?.status;
  // The fingerprint to read out to an admin: of the key this tab unlocked, never one the server names.
  const own = useHeldOwnKey();
  const ask = async () => {
    setBusy(true);
    try {
      replace(await requestAccess());
      notifyDone(t('access.requested'));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <TitledCard id="access-title" title={t('access.title')} gap="sm">
      <Text size="sm" role="status">
        {status === 'APPROVED'
          ? t('access.granted')
          : status === 'PENDING'
            ? own
              ? t('access.pending', { fingerprint: own.fingerprint })
              : t('access.pendingLocked')
            : status === 'REJECTED'
              ? t('access.rejected')
              : t('access.none')}
      </Text>
      {status !== 'APPROVED' && status !== 'PENDING' && (
        <Group>
          <Button onClick={() => void ask()} loading={busy} disabled={!state.my_key}>
            {t('access.request')}
          </Button>
          {!state.my_key && (
            <Text size="sm" c="dimmed">
              {t('enable.needsKey')}
            </Text>
          )}
        </Group>
      )}
    </TitledCard>
  );
}
