import { Alert, Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EncryptionState } from '@wartefrei/shared';
import { forgetAccountKey, useHeldAccountKey } from '../../lib/keyring';
import { forgetOwnKey, holdOwnKey, useHeldOwnKey } from '../../lib/own-key';
import { useUser } from '../../lib/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TitledCard } from '../../ui/TitledCard';
import { notifyDone, notifyFailure } from '../processor/notify';
import { saveMyKey } from './encryption.api';
import { newOwnKey } from './key-steps';
import { recentlyAgo } from './key-facts';
import { UnlockForm } from './UnlockForm';
import { PassphraseFields, passphraseProblems, type NewPassphrase } from './PassphraseFields';

interface OwnKeyCardProps {
  state: EncryptionState;
  replace: (next: EncryptionState) => void;
  reopen: () => void;
}

/** The user's own key: created under a passphrase, unlocked in this tab, locked again, or replaced when forgotten. */
export function OwnKeyCard({ state, replace, reopen }: OwnKeyCardProps) {
  const { t, i18n } = useTranslation('encryption');
  const [creating, setCreating] = useState(false);
  const [asking, setAsking] = useState(false);
  const held = useHeldAccountKey();
  const own = useHeldOwnKey();
  const showCreate = !state.my_key || creating;
  // The key this tab unlocked is not the one the server names for the user: someone replaced it meanwhile.
  const mismatch = own !== undefined && state.my_key !== null && own.publicKey !== state.my_key.public_key;
  const replacedAgo = recentlyAgo(state.my_key?.replaced_at, i18n.language);
  return (
    <TitledCard id="own-key-title" title={t('own.title')} gap="sm">
      {state.my_key &&
        (own ? (
          <Text size="sm">
            {t('own.fingerprint')}: <Code data-testid="own-fingerprint">{own.fingerprint}</Code>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('own.fingerprintAfterUnlock')}
          </Text>
        ))}
      {mismatch && (
        <Alert color="red" role="alert">
          {t('own.keyMismatch')}
        </Alert>
      )}
      {replacedAgo && !own && (
        <Text size="sm" data-testid="own-replaced">
          {t('own.replacedAgo', { ago: replacedAgo })}
        </Text>
      )}
      {showCreate ? (
        <CreateKeyForm
          onCreated={(next) => {
            forgetAccountKey();
            replace(next);
            setCreating(false);
            reopen();
          }}
        />
      ) : held ? (
        <Group justify="space-between">
          <Text size="sm" role="status">
            {t('own.unlocked')}
          </Text>
          <Button
            variant="default"
            onClick={() => {
              forgetAccountKey();
              forgetOwnKey();
              reopen();
            }}
          >
            {t('own.lock')}
          </Button>
        </Group>
      ) : (
        <UnlockForm state={state} onUnlocked={reopen} />
      )}
      {state.my_key && !creating && (
        <Anchor component="button" type="button" size="sm" onClick={() => setAsking(true)} style={{ alignSelf: 'flex-start' }}>
          {t('own.replace')}
        </Anchor>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('own.replaceTitle')}
        message={t('own.replaceMessage')}
        confirmLabel={t('own.replaceConfirm')}
        danger
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          setCreating(true);
        }}
      />
    </TitledCard>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (next: EncryptionState) => void }) {
  const { t } = useTranslation('encryption');
  const user = useUser();
  const [value, setValue] = useState<NewPassphrase>({ passphrase: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof NewPassphrase, string>>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    setBusy(true);
    try {
      const problems = await passphraseProblems(value, t, [user.username, user.display_name]);
      setErrors(problems);
      if (Object.keys(problems).length > 0) return;
      const { body, own } = await newOwnKey(value.passphrase, user.id);
      const next = await saveMyKey(body);
      notifyDone(t('own.created'));
      onCreated(next);
      // Held only once the server took it: this tab made the key, so its fingerprint is known without unlocking.
      holdOwnKey(own);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('own.none')}</Text>
        <PassphraseFields value={value} errors={errors} onChange={setValue} username={user?.username ?? ''} />
        <Group>
          <Button type="submit" loading={busy} loaderProps={{ 'aria-label': t('working') }}>
            {t('own.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
