import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CryptoRefused, type EncryptionState } from '@wartefrei/shared';
import { useUser } from '../../lib/session';
import { notifyFailure } from '../processor/notify';
import { unlock } from './key-steps';
import { recentlyAgo } from './key-facts';
import { PassphraseUsername } from './PassphraseFields';

/** The passphrase that opens the user's key and, where granted, the practice's key for this tab. */
export function UnlockForm({ state, onUnlocked, compact }: { state: EncryptionState; onUnlocked: () => void; compact?: boolean }) {
  const { t, i18n } = useTranslation('encryption');
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
      if (failure instanceof CryptoRefused && failure.problem === 'TAMPERED') setError(t('own.grantRefused'));
      else if (failure instanceof CryptoRefused) {
        // A passphrase that opened the key before fails after the key was replaced: say so, it may not have been them.
        const ago = recentlyAgo(state.my_key?.replaced_at, i18n.language);
        setError(ago ? t('own.wrongPassphraseReplaced', { ago }) : t('own.wrongPassphrase'));
      } else notifyFailure(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {!compact && <Text size="sm">{t('own.unlockHint')}</Text>}
        <Group align="flex-end">
          <PassphraseUsername username={user?.username ?? ''} />
          <PasswordInput
            label={t('own.passphrase')}
            // Not "current-password": that invites the login password, which the server receives at every sign-in.
            autoComplete="off"
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
