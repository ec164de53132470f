import { Checkbox, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPOINTMENT_DESCRIPTION_MAX_LENGTH,
  BookAppointmentBody,
  checkBookingFields,
  MAX_RECURRENCE_INTERVAL,
  MAX_SERIES_OCCURRENCES,
  PATIENT_FIELD_INPUTS,
  RECURRENCE_FREQUENCIES,
  STAFF_BOOKING_FIELD_MODES,
  type AppointmentType,
} from '@wartefrei/shared';
import { messageOf } from '../../lib/forms';
import { DialogActions } from '../../ui/DialogActions';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { bookAppointment } from './appointments.api';
import { minutesOf, nowIn, timeOf, zonedStart } from './calendar-layout';
import { APPOINTMENT_PATIENT_FIELDS } from './patient-fields';
import type { CalendarProcessor } from './useCalendarData';

type BookValues = {
  appointment_type_id: string;
  processor_id: string;
  date: string;
  time: string;
  last_name: string;
  first_name: string;
  birth_date: string;
  mail: string;
  phone: string;
  insurance_number: string;
  description: string;
  notify_mail: boolean;
  repeat: string;
  interval: string;
  ends: string;
  count: string;
  until: string;
  skip_conflicts: boolean;
};

export interface BookingStart {
  date: string;
  minutes: number;
  processorId?: string;
}

interface BookAppointmentModalProps {
  start: BookingStart;
  types: AppointmentType[];
  processors: CalendarProcessor[];
  timeZone: string;
  onClose: () => void;
  /** After a booking: the message to show ("Termin gebucht", "5 Termine gebucht"). */
  onBooked: (message: string) => Promise<void>;
}

/**
 * A staff booking in a dialog, opened by a click into free time or with N: type, processor,
 * date and time in the location's zone, the patient (only the name is needed on the phone),
 * and a series with its limits. Mounted only while open, so each opening starts fresh.
 */
export function BookAppointmentModal({ start, types, processors, timeZone, onClose, onBooked }: BookAppointmentModalProps) {
  const { t } = useTranslation(['appointments', 'server', 'common']);
  const servedBy = (type: AppointmentType | undefined) => processors.filter((p) => type !== undefined && p.queueIds.includes(type.queue_id));
  const firstType = types.find((type) => !start.processorId || servedBy(type).some((p) => p.id === start.processorId)) ?? types[0];
  const form = useFormValues<BookValues>({
    appointment_type_id: firstType?.id ?? '',
    processor_id: start.processorId ?? firstType?.default_processor_id ?? servedBy(firstType)[0]?.id ?? '',
    date: start.date,
    time: timeOf(start.minutes),
    last_name: '',
    first_name: '',
    birth_date: '',
    mail: '',
    phone: '',
    insurance_number: '',
    description: '',
    notify_mail: true,
    repeat: '',
    interval: '1',
    ends: 'count',
    count: '5',
    until: '',
    skip_conflicts: false,
  });
  const type = types.find((candidate) => candidate.id === form.values.appointment_type_id);
  const choices = servedBy(type);
  const required = (label: string) => t('server:validation.REQUIRED', { 0: label });

  const { submit, busy, failure } = useFormSubmit({
    schema: BookAppointmentBody,
    showErrors: form.showErrors,
    check: (body: Record<string, unknown>) => {
      const checked = checkBookingFields(STAFF_BOOKING_FIELD_MODES, body, nowIn(new Date(), timeZone).date);
      const found = checked.ok ? {} : Object.fromEntries(Object.entries(checked.fields).map(([field, code]) => [field, messageOf(field, code)]));
      if (!form.values.date) found.date = required(t('book.date'));
      if (!form.values.time) found.time = required(t('book.time'));
      return found;
    },
    save: async (body: Record<string, unknown>) => {
      const booked = await bookAppointment(body);
      const series = booked.series;
      await onBooked(
        !series
          ? t('book.booked')
          : series.skipped.length > 0
            ? t('book.seriesSkipped', { count: series.booked.length, skipped: series.skipped.length })
            : t('book.seriesBooked', { count: series.booked.length }),
      );
    },
  });

  const bodyOf = (values: BookValues): Record<string, unknown> => {
    const body: Record<string, unknown> = {
      appointment_type_id: values.appointment_type_id,
      start: values.date && values.time ? zonedStart(values.date, minutesOf(values.time), timeZone) : '',
      notify_mail: values.notify_mail && values.mail.trim() !== '',
    };
    if (values.processor_id) body.processor_id = values.processor_id;
    for (const field of APPOINTMENT_PATIENT_FIELDS) if (values[field].trim()) body[field] = values[field];
    if (!values.last_name.trim()) body.last_name = '';
    if (values.description.trim()) body.description = values.description;
    if (values.repeat) {
      body.recurrence = {
        frequency: values.repeat,
        interval: Number(values.interval) || 1,
        ...(values.ends === 'until' ? { until: values.until } : { count: Number(values.count) || 0 }),
      };
      if (values.skip_conflicts) body.skip_conflicts = true;
    }
    return body;
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(bodyOf(form.values));
  };
  const select = (field: keyof BookValues) => ({
    value: form.values[field] as string,
    onChange: (event: ChangeEvent<HTMLSelectElement>) => form.setValue(field, event.currentTarget.value),
    error: form.errors[field] ?? form.errors[`recurrence.${field}`],
  });

  return (
    <Modal opened onClose={onClose} title={t('book.title')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form ref={form.formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect label={t('book.type')} data={types.map((candidate) => ({ value: candidate.id, label: candidate.name }))} {...select('appointment_type_id')} />
            <NativeSelect label={t('book.processor')} data={choices.map((p) => ({ value: p.id, label: p.name }))} {...select('processor_id')} error={form.errors.processor_id} />
            <TextInput type="date" label={t('book.date')} required {...form.textProps('date')} />
            <TextInput type="time" label={t('book.time')} required step={300} {...form.textProps('time')} error={form.errors.time ?? form.errors.start} />
          </SimpleGrid>
          <Text fw={600}>{t('book.patient')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {APPOINTMENT_PATIENT_FIELDS.map((field) => (
              <TextInput
                key={field}
                type={PATIENT_FIELD_INPUTS[field].type}
                // The patient's data, not the staff member's own: nothing to fill in from the browser.
                autoComplete="off"
                label={t(`server:fields.${field}`)}
                required={STAFF_BOOKING_FIELD_MODES[field] === 'REQUIRED'}
                data-autofocus={field === 'last_name' ? true : undefined}
                {...form.textProps(field)}
              />
            ))}
          </SimpleGrid>
          <Textarea
            label={t('server:fields.description')}
            autosize
            minRows={2}
            maxLength={APPOINTMENT_DESCRIPTION_MAX_LENGTH}
            value={form.values.description}
            onChange={(e) => form.setValue('description', e.currentTarget.value)}
          />
          <Checkbox label={t('book.notifyMail')} checked={form.values.notify_mail} onChange={(e) => form.setValue('notify_mail', e.currentTarget.checked)} />
          <NativeSelect
            label={t('book.repeat')}
            data={[{ value: '', label: t('book.repeatNone') }, ...RECURRENCE_FREQUENCIES.map((f) => ({ value: f, label: t(`book.frequency.${f}`) }))]}
            {...select('repeat')}
            error={form.errors.recurrence}
          />
          {form.values.repeat && (
            <Stack gap="xs">
              <Group grow align="flex-start">
                <TextInput
                  type="number"
                  min={1}
                  max={MAX_RECURRENCE_INTERVAL}
                  label={t('book.interval')}
                  description={t('book.intervalHint')}
                  {...form.textProps('interval')}
                  error={form.errors['recurrence.interval']}
                />
                <NativeSelect
                  label={t('book.ends')}
                  data={[
                    { value: 'count', label: t('book.endsAfter') },
                    { value: 'until', label: t('book.endsOn') },
                  ]}
                  {...select('ends')}
                />
                {form.values.ends === 'count' ? (
                  <TextInput type="number" min={1} max={MAX_SERIES_OCCURRENCES} label={t('book.count')} {...form.textProps('count')} error={form.errors['recurrence.count']} />
                ) : (
                  <TextInput type="date" label={t('book.until')} {...form.textProps('until')} error={form.errors['recurrence.until']} />
                )}
              </Group>
              <Text size="sm">{t('book.limits')}</Text>
              <Checkbox label={t('book.skipConflicts')} checked={form.values.skip_conflicts} onChange={(e) => form.setValue('skip_conflicts', e.currentTarget.checked)} />
            </Stack>
          )}
          <DialogActions onCancel={onClose} cancelLabel={t('common:actions.cancel')} submitLabel={t('book.submit')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
