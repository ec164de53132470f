import { ActionIcon, Checkbox, Modal, NativeSelect, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, OFFERED_LANGS, UpdateProcessorInput, type Processor } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { queryKeys } from '../../lib/query-keys';
import { DialogActions } from '../../ui/DialogActions';

// A processor's priority, own concurrency limit, colour, button visibility and name order are
// kept by the API but not shown: nothing reads them yet, and a setting that does nothing would
// mislead. They appear with the features that use them. The Microsoft tenant is read by the
// sign-in with Microsoft.
type Values = { display_name: string; is_admin: boolean; lang: string; microsoft_tenant_id: string };

const valuesOf = (p: Processor): Values => ({
  display_name: p.display_name,
  is_admin: p.is_admin,
  lang: p.lang,
  microsoft_tenant_id: p.microsoft_tenant_id ?? '',
});

/** The body of `PATCH /processors/{id}`. */
export function processorChanges(values: Values, self: boolean) {
  return {
    display_name: values.display_name,
    // One's own admin right stays: an admin must not lock themselves out of the management.
    ...(self ? {} : { is_admin: values.is_admin }),
    lang: values.lang,
    microsoft_tenant_id: values.microsoft_tenant_id.trim() || null,
  };
}

/** Editing a processor's name, role, language and Microsoft tenant. */
export function EditProcessor({ processor, isMe, onSaved }: { processor: Processor; isMe: boolean; onSaved: () => void }) {
  const { t } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(processor));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const label = t('processors.edit', { name: processor.display_name });
  const { submit: save, busy, failure } = useFormSubmit({
    schema: UpdateProcessorInput,
    showErrors: setErrors,
    save: async (body: ReturnType<typeof processorChanges>) => {
      await api.patch<Processor>(`/processors/${processor.id}`, body, { silent: true });
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.processors.all }), client.invalidateQueries({ queryKey: queryKeys.queueProcessors.all })]);
      setOpen(false);
      onSaved();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(processorChanges(values, isMe));
  };

  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          aria-label={label}
          onClick={() => {
            setValues(valuesOf(processor));
            setErrors({});
            setOpen(true);
          }}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={open} onClose={() => setOpen(false)} title={label} closeButtonProps={{ 'aria-label': t('close') }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {failure && <FormAlert tone="error">{failure}</FormAlert>}
            <TextInput label={t('processors.name')} required data-autofocus value={values.display_name} error={errors.display_name} onChange={(e) => set('display_name', e.currentTarget.value)} />
            <Checkbox
              label={t('processors.isAdmin')}
              description={isMe ? t('processors.ownAdmin') : undefined}
              checked={values.is_admin}
              disabled={isMe}
              onChange={(e) => set('is_admin', e.currentTarget.checked)}
            />
            <NativeSelect
              label={t('processors.lang')}
              data={OFFERED_LANGS.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
              value={values.lang}
              onChange={(e) => set('lang', e.currentTarget.value)}
            />
            <TextInput
              label={t('processors.microsoftTenant')}
              description={t('processors.microsoftTenantHint')}
              value={values.microsoft_tenant_id}
              error={errors.microsoft_tenant_id}
              onChange={(e) => set('microsoft_tenant_id', e.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
            />
            <DialogActions onCancel={() => setOpen(false)} cancelLabel={t('cancel')} submitLabel={t('processors.save')} busy={busy} />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
