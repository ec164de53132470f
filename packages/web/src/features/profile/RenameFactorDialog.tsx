import { Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SECOND_FACTOR_NAME_MAX_LENGTH, type SecondFactor } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { DialogActions } from '../../ui/DialogActions';
import { FormAlert } from '../../ui/FormAlert';

/** A second factor's new name ("Laptop Empfang", "Diensthandy"): PATCH /users/me/second-factors/{id}. */
export function RenameFactorDialog({ factor, onClose, onRenamed }: { factor: SecondFactor | undefined; onClose: () => void; onRenamed: () => Promise<void> }) {
  const { t } = useTranslation(['profile', 'auth', 'common']);
  const [name, setName] = useState(factor?.name ?? '');
  const rename = useMutation({
    mutationFn: (id: string) => api.patch<SecondFactor>(`/users/me/second-factors/${id}`, { name: name.trim() }, { silent: true }),
    onSuccess: async () => {
      await onRenamed();
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (factor && name.trim() !== '') rename.mutate(factor.id);
  };
  return (
    <Modal
      opened={factor !== undefined}
      onClose={onClose}
      title={t('secondFactor.renameTitle', { name: factor?.name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {rename.isError && (
            <FormAlert tone="error">{rename.error instanceof ApiRequestError && !rename.error.network ? rename.error.message : t('auth:login.offline')}</FormAlert>
          )}
          <TextInput
            label={t('secondFactor.name')}
            required
            maxLength={SECOND_FACTOR_NAME_MAX_LENGTH}
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <DialogActions onCancel={onClose} cancelLabel={t('secondFactor.cancel')} submitLabel={t('secondFactor.rename')} busy={rename.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
