import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateProcessorInput, type Processor } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { fieldErrorsOf, validateWithSchema } from '../../lib/forms';
import { FormAlert } from '../../ui/FormAlert';
import { useFormValues } from '../../ui/useFormValues';

/** A new processor by mail address; the server sends them the invitation to set a password. */
export function InviteProcessor({ onInvited }: { onInvited: () => void }) {
  const { t } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useFormValues<{ username: string; display_name: string; is_admin: boolean }>({ username: '', display_name: '', is_admin: false });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const errors = validateWithSchema(CreateProcessorInput, form.values);
    form.showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await api.post<Processor>('/processors', form.values, { silent: true });
      await client.invalidateQueries({ queryKey: ['processors'] });
      setOpen(false);
      form.setValues({ username: '', display_name: '', is_admin: false });
      onInvited();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) form.showErrors(fields);
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('processors.invite')}</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('processors.invite')} closeButtonProps={{ 'aria-label': t('close') }}>
        <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            {failure && <FormAlert tone="error">{failure}</FormAlert>}
            <TextInput label={t('processors.mail')} type="email" required data-autofocus {...form.textProps('username')} />
            <TextInput label={t('processors.name')} required {...form.textProps('display_name')} />
            <Checkbox label={t('processors.isAdmin')} checked={form.values.is_admin} onChange={(e) => form.setValue('is_admin', e.currentTarget.checked)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('processors.sendInvite')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
