import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CryptoRefused, type EncryptionState } from '@wartefrei/shared';
import { holdAccountKey } from '../../lib/keyring';
import { useUser } from '../../lib/session';
import { FormCard } from '../../ui/FormCard';
import { notifyDone, notifyFailure } from '../processor/notify';
import { fetchRecoveryKey, recoverAccess } from './encryption.api';
import { recoverWithCode } from './key-steps';

/** Admins without access: the practice's key opened with the printed recovery code, then granted to their own key. */
export function RecoveryCard({ state, replace, reopen }: { state: EncryptionState; replace: (next: EncryptionState) => void; reopen: () => void }) {
  const { t } = useTranslation('encryption');
  const user = useUser();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ownKey = state.my_key?.public_key;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ownKey || !user || code.trim() === '') return;
    setBusy(true);
    setError(undefined);
    try {
      const { recovery_wrapped_key } = await fetchRecoveryKey();
      const { wrapped, privateKey } = await recoverWithCode(recovery_wrapped_key, code, ownKey);
      const next = await recoverAccess(wrapped);
      if (next.key_id) holdAccountKey({ userId: user.id, keyId: next.key_id, privateKey });
      setCode('');
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
