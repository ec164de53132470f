import { Button, Checkbox, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_EVENTS, ScheduleEntryInput, type ScheduleEntry } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { fieldErrorsOf, validateWithSchema } from '../../lib/forms';
import { FormAlert } from '../../ui/FormAlert';
import { useFormValues } from '../../ui/useFormValues';
import { scheduleKey, WEEKDAYS, weekdayName } from './schedule-entries';

type EntryValues = { weekday: string; local_time: string; event: string; activated: boolean; valid_on_holiday: boolean };

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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useFormValues<EntryValues>(valuesOf(entry, weekday));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const input = { ...form.values, weekday: Number(form.values.weekday) };
    const errors = validateWithSchema(ScheduleEntryInput, input);
    // An empty time fails the pattern, but "must not be empty" says better what is missing.
    if (input.local_time === '') errors.local_time = t('server:validation.REQUIRED', { 0: t('server:fields.local_time') });
    form.showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      if (entry) await api.patch<ScheduleEntry>(`/queues/${queueId}/schedule/${entry.id}`, input, { silent: true });
      else await api.post<ScheduleEntry>(`/queues/${queueId}/schedule`, input, { silent: true });
      await client.invalidateQueries({ queryKey: scheduleKey(queueId) });
      onSaved();
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) form.showErrors(fields);
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const title = entry ? t('schedule.editTitle') : t('schedule.addTitle');
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate>
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('schedule.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
