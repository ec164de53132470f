import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EncryptionState } from '@wartefrei/shared';
import { useHeldOwnKey } from '../../lib/own-key';
import { FormCard } from '../../ui/FormCard';
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
    <FormCard labelledBy="access-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="access-title">
          {t('access.title')}
        </Title>
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
      </Stack>
    </FormCard>
  );
}
