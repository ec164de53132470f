import { Checkbox, Fieldset, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BOOKING_FIELDS,
  CreateAppointmentSlotInput,
  DEFAULT_BOOKING_FIELD_MODES,
  PATIENT_INPUT_MODES,
  type AppointmentSlot,
  type AppointmentType,
  type BookingFieldModes,
} from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { DialogActions } from '../../../ui/DialogActions';
import { FormAlert } from '../../../ui/FormAlert';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { useFormValues } from '../../../ui/useFormValues';
import { WEEKDAYS, weekdayName } from '../schedule-entries';
import type { SlotEditing } from './SlotsTab';

interface SlotFormProps {
  editing: SlotEditing;
  profileId: string;
  processorId: string;
  types: AppointmentType[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A slot in a dialog: the day (a weekday, or a date for a single one), the hours, the types it
 * offers (none ticked: every type of the location), the booking window and the details it asks
 * — checked by the shared rules, which require mail or phone.
 */
export function SlotForm({ editing, profileId, processorId, types, onClose, onSaved }: SlotFormProps) {
  const { t, i18n } = useTranslation(['appointments', 'management', 'server', 'common']);
  const client = useQueryClient();
  const slot: AppointmentSlot | undefined = editing.slot;
  const form = useFormValues({
    weekday: String(slot?.weekday ?? editing.weekday ?? 1),
    date: slot?.date ?? '',
    start_time: slot?.start_time ?? '08:00',
    end_time: slot?.end_time ?? '12:00',
    min_hours_in_advance: String(slot?.min_hours_in_advance ?? 0),
    max_hours_in_advance: slot?.max_hours_in_advance ? String(slot.max_hours_in_advance) : '',
  });
  const [typeIds, setTypeIds] = useState<string[]>(slot?.appointment_type_ids ?? []);
  const [fields, setFields] = useState<BookingFieldModes>(slot?.required_fields ?? DEFAULT_BOOKING_FIELD_MODES);
  const { values, errors, setValue } = form;
  const { submit, busy, failure } = useFormSubmit({
    schema: CreateAppointmentSlotInput,
    showErrors: form.showErrors,
    save: async (body: CreateAppointmentSlotInput) => {
      if (slot) {
        const { profile_id: _location, ...changes } = body;
        await api.patch<AppointmentSlot>(`/appointment-slots/${slot.id}`, { ...changes, weekday: changes.weekday ?? null, date: changes.date ?? null }, { silent: true });
      } else await api.post<AppointmentSlot>('/appointment-slots', body, { silent: true });
      await client.invalidateQueries({ queryKey: queryKeys.appointmentSlots.all });
      onSaved();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: CreateAppointmentSlotInput = {
      profile_id: profileId,
      processor_id: processorId,
      kind: editing.kind,
      start_time: values.start_time,
      end_time: values.end_time,
      appointment_type_ids: typeIds,
      min_hours_in_advance: Number(values.min_hours_in_advance) || 0,
      max_hours_in_advance: values.max_hours_in_advance === '' ? null : Number(values.max_hours_in_advance),
      required_fields: fields,
    };
    if (editing.kind === 'WEEK') body.weekday = Number(values.weekday);
    else body.date = values.date;
    void submit(body);
  };
  const toggleType = (id: string, on: boolean) => setTypeIds((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${slot ? t('manage.slots.editTitle') : t('manage.slots.newTitle')} · ${t(`manage.slots.kinds.${editing.kind}`)}`}
      size="lg"
      closeButtonProps={{ 'aria-label': t('management:close') }}
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {editing.kind === 'WEEK' ? (
              <NativeSelect
                label={t('manage.slots.weekday')}
                data={WEEKDAYS.map((day) => ({ value: String(day), label: weekdayName(day, i18n.language) }))}
                value={values.weekday}
                onChange={(e) => setValue('weekday', e.currentTarget.value)}
                error={errors.weekday}
              />
            ) : (
              <TextInput type="date" label={t('manage.slots.date')} required {...form.textProps('date')} />
            )}
            <TextInput type="time" label={t('manage.slots.start')} required {...form.textProps('start_time')} />
            <TextInput type="time" label={t('manage.slots.end')} required {...form.textProps('end_time')} />
          </SimpleGrid>
          {editing.kind !== 'SINGLE_NEGATE' && (
            <>
              <Fieldset legend={t('manage.slots.types')}>
                <Stack gap={6}>
                  <Text size="sm">{t('manage.slots.allTypes')}</Text>
                  {types.map((type) => (
                    <Checkbox key={type.id} label={type.name} checked={typeIds.includes(type.id)} onChange={(e) => toggleType(type.id, e.currentTarget.checked)} />
                  ))}
                </Stack>
              </Fieldset>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput type="number" inputMode="numeric" min={0} label={t('manage.slots.minHours')} {...form.textProps('min_hours_in_advance')} />
                <TextInput type="number" inputMode="numeric" min={1} label={t('manage.slots.maxHours')} {...form.textProps('max_hours_in_advance')} />
              </SimpleGrid>
              <Fieldset legend={t('manage.slots.fields')}>
                <Text size="sm" mb="xs">
                  {t('manage.slots.fieldsHint')}
                </Text>
                {errors.required_fields && (
                  <Text role="alert" c="red.8" size="sm" mb="xs">
                    {errors.required_fields}
                  </Text>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {BOOKING_FIELDS.map((field) => (
                    <NativeSelect
                      key={field}
                      label={t(`server:fields.${field}`)}
                      data={PATIENT_INPUT_MODES.map((mode) => ({ value: mode, label: t(`manage.slots.modes.${mode}`) }))}
                      value={fields[field]}
                      onChange={(e) => {
                        const mode = e.currentTarget.value as BookingFieldModes[typeof field];
                        setFields((current) => ({ ...current, [field]: mode }));
                      }}
                    />
                  ))}
                </SimpleGrid>
              </Fieldset>
            </>
          )}
          <DialogActions onCancel={onClose} cancelLabel={t('management:cancel')} submitLabel={t('common:actions.save')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
