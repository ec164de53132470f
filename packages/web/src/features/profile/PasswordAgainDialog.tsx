import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api';
import { DialogActions } from '../../ui/DialogActions';
import { FormAlert } from '../../ui/FormAlert';

/**
 * A step that weakens or replaces the sign-in's protection (removing a factor, new recovery
 * codes) asks for the password again: a stolen session alone cannot do it.
 */
export function PasswordAgainDialog({
  opened,
  title,
  message,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['profile', 'auth', 'common']);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const close = () => {
    setPassword('');
    setFailure(undefined);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm(password);
      setPassword('');
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.body?.fields?.password?.message : undefined;
      setFailure(field ?? (error instanceof ApiRequestError && !error.network ? error.message : t('auth:login.offline')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text>{message}</Text>
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <PasswordInput
            label={t('secondFactor.password')}
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <DialogActions onCancel={close} cancelLabel={t('secondFactor.cancel')} submitLabel={confirmLabel} busy={busy} danger={danger} />
        </Stack>
      </form>
    </Modal>
  );
}
