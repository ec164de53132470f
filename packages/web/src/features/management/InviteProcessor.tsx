import { Button, Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateProcessorInput, type Processor } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { queryKeys } from '../../lib/query-keys';
import { DialogActions } from '../../ui/DialogActions';
import { useDemoLock } from '../../lib/demo-lock';

/** A new processor by mail address; the server sends them the invitation to set a password. */
type InviteValues = { username: string; display_name: string; is_admin: boolean };
const EMPTY_INVITE: InviteValues = { username: '', display_name: '', is_admin: false };

export function InviteProcessor({ onInvited }: { onInvited: () => void }) {
  const { t } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const lockedReason = useDemoLock();
  const form = useFormValues<InviteValues>(EMPTY_INVITE);
  const {
    submit: save,
    busy,
    failure,
  } = useFormSubmit({
    schema: CreateProcessorInput,
    showErrors: form.showErrors,
    save: async (body: InviteValues) => {
      await api.post<Processor>('/processors', body, { silent: true });
      await client.invalidateQueries({ queryKey: queryKeys.processors.all });
      setOpen(false);
      form.setValues(EMPTY_INVITE);
      onInvited();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(form.values);
  };

  return (
    <>
      {/* The demo invites nobody: the reason stands above (DemoLockNotice) and names the button. */}
      <Button onClick={() => setOpen(true)} disabled={lockedReason !== undefined} aria-describedby={lockedReason ? 'demo-lock-processors' : undefined}>
        {t('processors.invite')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('processors.invite')} closeButtonProps={{ 'aria-label': t('close') }}>
        <form ref={form.formRef} onSubmit={submit} noValidate>
          <Stack gap="sm">
            {failure && <FormAlert tone="error">{failure}</FormAlert>}
            <TextInput label={t('processors.mail')} type="email" required data-autofocus {...form.textProps('username')} />
            <TextInput label={t('processors.name')} required {...form.textProps('display_name')} />
            <Checkbox label={t('processors.isAdmin')} checked={form.values.is_admin} onChange={(e) => form.setValue('is_admin', e.currentTarget.checked)} />
            <DialogActions onCancel={() => setOpen(false)} cancelLabel={t('cancel')} submitLabel={t('processors.sendInvite')} busy={busy} />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
