import { ActionIcon, Checkbox, ColorInput, Modal, NativeSelect, NumberInput, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUTTON_VISIBILITIES,
  LANGUAGE_NAMES,
  NAME_ORDERS,
  OFFERED_LANGS,
  PROCESSOR_MAX_CONCURRENT_PROCESSING_MAX,
  PROCESSOR_ROOM_MAX_LENGTH,
  QUEUE_PRIORITIES,
  UpdateProcessorInput,
  type ButtonVisibility,
  type NameOrder,
  type Processor,
} from '@wartefrei/shared';
import { api } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { queryKeys } from '../../lib/query-keys';
import { DialogActions } from '../../ui/DialogActions';

// Every field acts (docs/product.md#processor-settings): colour in the work view and calendar,
// priority where processors are offered, the own limit in every call, button visibility and
// name order in their work view (where set, instead of the list's), the room on the ticket page
// and monitor, the Microsoft tenant in the sign-in with Microsoft.
type Values = {
  display_name: string;
  is_admin: boolean;
  lang: string;
  color: string;
  priority: string;
  max_concurrent_processing: number | string;
  /** '' = not set: the list's setting applies. */
  button_visibility: ButtonVisibility | '';
  name_order: NameOrder | '';
  room: string;
  microsoft_tenant_id: string;
};

const valuesOf = (p: Processor): Values => ({
  display_name: p.display_name,
  is_admin: p.is_admin,
  lang: p.lang,
  color: p.color ?? '',
  priority: String(p.priority),
  max_concurrent_processing: p.max_concurrent_processing ?? '',
  button_visibility: p.button_visibility ?? '',
  name_order: p.name_order ?? '',
  room: p.room ?? '',
  microsoft_tenant_id: p.microsoft_tenant_id ?? '',
});

/** The body of `PATCH /processors/{id}`: an empty colour, limit, room or choice means none (null). */
export function processorChanges(values: Values, self: boolean) {
  return {
    display_name: values.display_name,
    // One's own admin right stays: an admin must not lock themselves out of the management.
    ...(self ? {} : { is_admin: values.is_admin }),
    lang: values.lang,
    color: values.color.trim() || null,
    priority: Number(values.priority),
    max_concurrent_processing: values.max_concurrent_processing === '' ? null : Number(values.max_concurrent_processing),
    button_visibility: values.button_visibility || null,
    name_order: values.name_order || null,
    room: values.room.trim() || null,
    microsoft_tenant_id: values.microsoft_tenant_id.trim() || null,
  };
}

/** Editing a processor's name, role, language, colour, priority, own limit, work-view settings and Microsoft tenant. */
export function EditProcessor({ processor, isMe, onSaved }: { processor: Processor; isMe: boolean; onSaved: () => void }) {
  const { t } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(processor));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const label = t('processors.edit', { name: processor.display_name });
  // A priority outside the five levels (set through the API) stays choosable as its number.
  const priorities: string[] = QUEUE_PRIORITIES.map(String);
  if (!priorities.includes(values.priority)) priorities.push(values.priority);
  const {
    submit: save,
    busy,
    failure,
  } = useFormSubmit({
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
            <TextInput
              label={t('processors.name')}
              required
              data-autofocus
              value={values.display_name}
              error={errors.display_name}
              onChange={(e) => set('display_name', e.currentTarget.value)}
            />
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
            <ColorInput
              label={t('processors.color')}
              description={t('processors.colorHint')}
              format="hex"
              value={values.color}
              error={errors.color}
              onChange={(value) => set('color', value)}
              closeOnColorSwatchClick
              eyeDropperButtonProps={{ 'aria-label': t('processors.eyeDropper') }}
            />
            <NativeSelect
              label={t('processors.priority')}
              description={t('processors.priorityHint')}
              data={priorities.map((p) => ({ value: p, label: t(`lists.queue.priorities.${p}`, { defaultValue: p }) }))}
              value={values.priority}
              error={errors.priority}
              onChange={(e) => set('priority', e.currentTarget.value)}
            />
            <NumberInput
              label={t('processors.maxConcurrent')}
              description={t('processors.maxConcurrentHint')}
              min={1}
              max={PROCESSOR_MAX_CONCURRENT_PROCESSING_MAX}
              allowDecimal={false}
              value={values.max_concurrent_processing}
              error={errors.max_concurrent_processing}
              onChange={(value) => set('max_concurrent_processing', value)}
            />
            <NativeSelect
              label={t('processors.buttonVisibility')}
              description={t('processors.buttonVisibilityHint')}
              data={[{ value: '', label: t('processors.asList') }, ...BUTTON_VISIBILITIES.map((v) => ({ value: v, label: t(`lists.queue.visibilities.${v}`) }))]}
              value={values.button_visibility}
              onChange={(e) => set('button_visibility', e.currentTarget.value as ButtonVisibility | '')}
            />
            <NativeSelect
              label={t('processors.nameOrder')}
              description={t('processors.nameOrderHint')}
              data={[{ value: '', label: t('processors.asList') }, ...NAME_ORDERS.map((o) => ({ value: o, label: t(`lists.queue.nameOrders.${o}`) }))]}
              value={values.name_order}
              onChange={(e) => set('name_order', e.currentTarget.value as NameOrder | '')}
            />
            <TextInput
              label={t('processors.room')}
              description={t('processors.roomHint')}
              maxLength={PROCESSOR_ROOM_MAX_LENGTH}
              value={values.room}
              error={errors.room}
              onChange={(e) => set('room', e.currentTarget.value)}
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
