import { Checkbox, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_EVENTS, ScheduleEntryInput, type ScheduleEntry } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { WEEKDAYS, weekdayName } from './schedule-entries';
import { queryKeys } from '../../lib/query-keys';
import { DialogActions } from '../../ui/DialogActions';

type EntryValues = { weekday: string; local_time: string; event: string; activated: boolean; valid_on_holiday: boolean };
/** What is sent: the form's values with the weekday as a number. */
type EntryInput = Omit<EntryValues, 'weekday'> & { weekday: number };

const valuesOf = (entry: ScheduleEntry | undefined, weekday: number): EntryValues =>
  entry
    ? { weekday: String(entry.weekday), local_time: entry.local_time, event: entry.event, activated: entry.activated, valid_on_holiday: entry.valid_on_holiday }
    : { weekday: String(weekday), local_time: '', event: 'START', activated: true, valid_on_holiday: false };

interface ScheduleEntryFormProps {
  queueId: string;
  /** The entry to edit; without one, a new entry on `weekday`. */
  entry?: ScheduleEntry;
  weekday: number;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Adding or editing one schedule entry in a dialog: weekday, local time, event, whether it is
 * active and whether it also runs on public holidays. Mounted only while open, so each opening
 * starts from the entry's current values.
 */
export function ScheduleEntryForm({ queueId, entry, weekday, onClose, onSaved }: ScheduleEntryFormProps) {
  const { t, i18n } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  const form = useFormValues<EntryValues>(valuesOf(entry, weekday));
  const {
    submit: save,
    busy,
    failure,
  } = useFormSubmit({
    schema: ScheduleEntryInput,
    showErrors: form.showErrors,
    // An empty time fails the pattern, but "must not be empty" says better what is missing.
    check: (input: EntryInput): Record<string, string> => (input.local_time === '' ? { local_time: t('server:validation.REQUIRED', { 0: t('server:fields.local_time') }) } : {}),
    save: async (input: EntryInput) => {
      if (entry) await api.patch<ScheduleEntry>(`/queues/${queueId}/schedule/${entry.id}`, input, { silent: true });
      else await api.post<ScheduleEntry>(`/queues/${queueId}/schedule`, input, { silent: true });
      await client.invalidateQueries({ queryKey: queryKeys.schedule(queueId) });
      onSaved();
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ ...form.values, weekday: Number(form.values.weekday) });
  };

  const title = entry ? t('schedule.editTitle') : t('schedule.addTitle');
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <NativeSelect
            label={t('schedule.weekday')}
            data={WEEKDAYS.map((day) => ({ value: String(day), label: weekdayName(day, i18n.language) }))}
            value={form.values.weekday}
            onChange={(e) => form.setValue('weekday', e.currentTarget.value)}
            error={form.errors.weekday}
          />
          <TextInput type="time" label={t('schedule.time')} required data-autofocus {...form.textProps('local_time')} />
          <NativeSelect
            label={t('schedule.event')}
            data={SCHEDULE_EVENTS.map((name) => ({ value: name, label: t(`schedule.events.${name}`) }))}
            value={form.values.event}
            onChange={(e) => form.setValue('event', e.currentTarget.value)}
            error={form.errors.event}
          />
          <Checkbox label={t('schedule.activated')} checked={form.values.activated} onChange={(e) => form.setValue('activated', e.currentTarget.checked)} />
          <Checkbox
            label={t('schedule.validOnHoliday')}
            description={t('schedule.validOnHolidayHint')}
            checked={form.values.valid_on_holiday}
            onChange={(e) => form.setValue('valid_on_holiday', e.currentTarget.checked)}
          />
          <DialogActions onCancel={onClose} cancelLabel={t('cancel')} submitLabel={t('schedule.save')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
