import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CryptoRefused, type EncryptionState } from '@wartefrei/shared';
import { useUser } from '../../lib/session';
import { notifyFailure } from '../processor/notify';
import { unlock } from './key-steps';

/** The passphrase that opens the user's key and, where granted, the practice's key for this tab. */
export function UnlockForm({ state, onUnlocked, compact }: { state: EncryptionState; onUnlocked: () => void; compact?: boolean }) {
  const { t } = useTranslation('encryption');
  const user = useUser();
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string>();
  const [noAccess, setNoAccess] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user || passphrase === '') return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await unlock(state, passphrase, user.id);
      setNoAccess(result === 'no-access');
      if (result === 'held') {
        setPassphrase('');
        onUnlocked();
      }
    } catch (failure) {
      if (failure instanceof CryptoRefused) setError(t('own.wrongPassphrase'));
      else notifyFailure(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {!compact && <Text size="sm">{t('own.unlockHint')}</Text>}
        <Group align="flex-end">
          <PasswordInput
            label={t('own.passphrase')}
            autoComplete="current-password"
            value={passphrase}
            error={error}
            onChange={(e) => setPassphrase(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit" loading={busy} loaderProps={{ 'aria-label': t('working') }}>
            {t('own.unlock')}
          </Button>
        </Group>
        {noAccess && (
          <Alert color="yellow" role="status">
            {t('own.noAccessYet')}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
