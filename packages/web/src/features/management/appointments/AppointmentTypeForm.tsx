import { Checkbox, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateAppointmentTypeInput, DEFAULT_APPOINTMENT_TYPE_NAME, type AppointmentType, type AssignedProcessor } from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { DialogActions } from '../../../ui/DialogActions';
import { FormAlert } from '../../../ui/FormAlert';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { useFormValues } from '../../../ui/useFormValues';
import { listOptions, type useAppointmentSetup } from './manage.api';

interface AppointmentTypeFormProps {
  type?: AppointmentType;
  setup: ReturnType<typeof useAppointmentSetup>;
  onClose: () => void;
  onSaved: () => void;
}

/** A new appointment type or a change, in a dialog; the shared schema checks it first. The list of a type stays once created. */
export function AppointmentTypeForm({ type, setup, onClose, onSaved }: AppointmentTypeFormProps) {
  const { t } = useTranslation(['appointments', 'management', 'server', 'common']);
  const client = useQueryClient();
  const form = useFormValues({
    queue_id: type?.queue_id ?? setup.queues[0]?.id ?? '',
    name: type?.name ?? DEFAULT_APPOINTMENT_TYPE_NAME,
    duration_minutes: String(type?.duration_minutes ?? 15),
    default_processor_id: type?.default_processor_id ?? '',
    bookable_online: type?.bookable_online ?? true,
    bookable_kiosk: type?.bookable_kiosk ?? false,
  });
  const { values, setValue, errors } = form;
  // Only a processor of the type's list can be its default.
  const serving = useQuery({ queryKey: queryKeys.queueProcessors.ofQueue(values.queue_id), queryFn: () => api.get<AssignedProcessor[]>(`/queues/${values.queue_id}/processors`), enabled: values.queue_id !== '' });
  const { submit, busy, failure } = useFormSubmit({
    schema: CreateAppointmentTypeInput,
    showErrors: form.showErrors,
    save: async (body: CreateAppointmentTypeInput) => {
      if (type) {
        const { queue_id: _list, ...changes } = body;
        await api.patch<AppointmentType>(`/appointment-types/${type.id}`, changes, { silent: true });
      } else await api.post<AppointmentType>('/appointment-types', body, { silent: true });
      await client.invalidateQueries({ queryKey: queryKeys.appointmentTypes.all });
      onSaved();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({
      queue_id: values.queue_id,
      name: values.name,
      duration_minutes: Number(values.duration_minutes),
      default_processor_id: values.default_processor_id || null,
      bookable_online: values.bookable_online,
      bookable_kiosk: values.bookable_kiosk,
    });
  };
  const processors = [{ value: '', label: t('manage.types.anyone') }, ...(serving.data ?? []).map((p) => ({ value: p.id, label: p.display_name || p.username }))];
  return (
    <Modal opened onClose={onClose} title={type ? t('manage.types.editTitle') : t('manage.types.newTitle')} closeButtonProps={{ 'aria-label': t('management:close') }}>
      <form ref={form.formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <NativeSelect
            label={t('manage.types.list')}
            description={type ? t('manage.types.listLocked') : undefined}
            data={listOptions(setup.profiles, setup.queues)}
            value={values.queue_id}
            disabled={type !== undefined}
            onChange={(e) => {
              setValue('queue_id', e.currentTarget.value);
              setValue('default_processor_id', '');
            }}
            error={errors.queue_id}
          />
          <TextInput label={t('manage.types.name')} required data-autofocus {...form.textProps('name')} />
          {/* A plain number field: what is typed stays as typed, and the shared rule says what is wrong. */}
          <TextInput type="number" inputMode="numeric" label={t('manage.types.durationMinutes')} required min={5} max={480} step={5} {...form.textProps('duration_minutes')} />
          <NativeSelect label={t('manage.types.defaultProcessor')} data={processors} value={values.default_processor_id} onChange={(e) => setValue('default_processor_id', e.currentTarget.value)} error={errors.default_processor_id} />
          <Checkbox label={t('manage.types.bookableOnline')} checked={values.bookable_online} onChange={(e) => setValue('bookable_online', e.currentTarget.checked)} />
          <Checkbox label={t('manage.types.bookableKiosk')} checked={values.bookable_kiosk} onChange={(e) => setValue('bookable_kiosk', e.currentTarget.checked)} />
          <DialogActions onCancel={onClose} cancelLabel={t('management:cancel')} submitLabel={t('common:actions.save')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
