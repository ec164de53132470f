import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CryptoRefused, type EncryptionState } from '@wartefrei/shared';
import { holdAccountKey } from '../../lib/keyring';
import { useHeldOwnKey } from '../../lib/own-key';
import { useUser } from '../../lib/session';
import { FormCard } from '../../ui/FormCard';
import { notifyDone, notifyFailure } from '../processor/notify';
import { fetchRecoveryKey, recoverAccess } from './encryption.api';
import { ownKeyFor, recoverWithCode } from './key-steps';
import { OwnPassphraseField } from './OwnPassphraseField';

/** Admins without access: the practice's key opened with the printed recovery code, then granted to their own key. */
export function RecoveryCard({ state, replace, reopen }: { state: EncryptionState; replace: (next: EncryptionState) => void; reopen: () => void }) {
  const { t } = useTranslation('encryption');
  const user = useUser();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ownKey = state.my_key?.public_key;
  const heldOwn = useHeldOwnKey();
  const [passphrase, setPassphrase] = useState('');
  const [passphraseError, setPassphraseError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ownKey || !user || !state.key_id || code.trim() === '') return;
    if (!heldOwn && passphrase === '') {
      setPassphraseError(t('own.passphraseNeeded'));
      return;
    }
    setBusy(true);
    setError(undefined);
    setPassphraseError(undefined);
    try {
      // Granted to the admin's key as derived from their own private key, not to the one the server names.
      let own;
      try {
        own = await ownKeyFor(state, passphrase, user.id);
      } catch (failure) {
        if (failure instanceof CryptoRefused) {
          setPassphraseError(t('own.wrongPassphrase'));
          return;
        }
        throw failure;
      }
      const { recovery_wrapped_key } = await fetchRecoveryKey();
      const { wrapped, privateKey } = await recoverWithCode(recovery_wrapped_key, code, own, state.key_id);
      const next = await recoverAccess(wrapped);
      if (next.key_id) holdAccountKey({ userId: user.id, keyId: next.key_id, privateKey });
      setCode('');
      setPassphrase('');
      replace(next);
      reopen();
      notifyDone(t('recovery.done'));
    } catch (failure) {
      if (failure instanceof CryptoRefused) setError(t('recovery.wrongCode'));
      else notifyFailure(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormCard labelledBy="recovery-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="recovery-title">
            {t('recovery.title')}
          </Title>
          <Text size="sm">{t('recovery.text')}</Text>
          {ownKey && !heldOwn && (
            <Group align="flex-end">
              <OwnPassphraseField value={passphrase} error={passphraseError} onChange={setPassphrase} />
            </Group>
          )}
          <Group align="flex-end">
            <TextInput
              label={t('recovery.code')}
              value={code}
              error={error}
              autoComplete="off"
              spellCheck={false}
              disabled={!ownKey}
              onChange={(e) => setCode(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 260 }}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
            <Button type="submit" loading={busy} disabled={!ownKey} loaderProps={{ 'aria-label': t('working') }}>
              {t('recovery.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCard>
  );
}
