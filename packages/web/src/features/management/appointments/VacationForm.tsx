import { Checkbox, List, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateVacationInput, formatZoned, type Appointment, type Processor, type Vacation } from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { DialogActions } from '../../../ui/DialogActions';
import { FormAlert } from '../../../ui/FormAlert';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { useFormValues } from '../../../ui/useFormValues';
import { minutesOf, zonedStart } from '../../appointments/calendar-layout';
import { nameOf } from './manage.api';

interface VacationFormProps {
  vacation?: Vacation;
  processors: Processor[];
  timeZone: string;
  onClose: () => void;
  /** After saving: what became of the appointments in that time. */
  onSaved: (message: string) => void;
}

/** 'YYYY-MM-DDTHH:MM' of the location's wall clock for an instant. */
const localInput = (instant: string, timeZone: string) => formatZoned(new Date(instant), timeZone).slice(0, 16);
const instantOf = (local: string, timeZone: string) => (local.length >= 16 ? zonedStart(local.slice(0, 10), minutesOf(local.slice(11, 16)), timeZone) : local);
const MAX_PREVIEW_DAYS = 62;

/**
 * An absence in a dialog: who, whole days or from–to, a substitute. Before saving it lists the
 * absent processor's booked appointments in that time; after saving it says which the
 * substitute took over.
 */
export function VacationForm({ vacation, processors, timeZone, onClose, onSaved }: VacationFormProps) {
  const { t } = useTranslation(['appointments', 'management', 'common']);
  const client = useQueryClient();
  const form = useFormValues({
    absent_processor_id: vacation?.absent_processor_id ?? processors[0]?.id ?? '',
    type: vacation?.type ?? 'VACATION',
    substitute_processor_id: vacation?.substitute_processor_id ?? '',
    whole_days: vacation?.whole_days ?? true,
    start: vacation ? (vacation.whole_days ? vacation.start : localInput(vacation.start, timeZone)) : '',
    end: vacation ? (vacation.whole_days ? vacation.end : localInput(vacation.end, timeZone)) : '',
    consider_existing_appointments: vacation?.consider_existing_appointments ?? true,
  });
  const { values, setValue, errors } = form;
  const body = (): CreateVacationInput => ({
    type: values.type,
    whole_days: values.whole_days,
    start: values.whole_days ? values.start : instantOf(values.start, timeZone),
    end: values.whole_days ? values.end : instantOf(values.end, timeZone),
    absent_processor_id: values.absent_processor_id,
    ...(values.type === 'SUBSTITUTION' ? { substitute_processor_id: values.substitute_processor_id || '' } : {}),
    consider_existing_appointments: values.consider_existing_appointments,
  });

  // The appointments the absence touches, before anything is saved.
  const from = values.start.slice(0, 10);
  const to = values.end.slice(0, 10);
  const range = from && to && from <= to && (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_PREVIEW_DAYS;
  const affected = useQuery({
    queryKey: [...queryKeys.appointments.range(from, to), 'processor', values.absent_processor_id],
    queryFn: () => api.get<Appointment[]>('/appointments', { query: { from, to, processor_id: values.absent_processor_id, status: 'BOOKED' }, silent: true }),
    enabled: Boolean(range && values.absent_processor_id),
  });
  const inTime = (affected.data ?? []).filter((a) => values.whole_days || (a.end > instantOf(values.start, timeZone) && a.start < instantOf(values.end, timeZone)));

  const { submit, busy, failure } = useFormSubmit({
    schema: CreateVacationInput,
    showErrors: form.showErrors,
    save: async (input: CreateVacationInput) => {
      const saved = vacation ? await api.patch<Vacation>(`/vacations/${vacation.id}`, input, { silent: true }) : await api.post<Vacation>('/vacations', input, { silent: true });
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.vacations.all }), client.invalidateQueries({ queryKey: queryKeys.appointments.all })]);
      const handed = saved.affected_appointments ?? [];
      onSaved(t('manage.vacations.result', { moved: handed.filter((a) => a.moved_to_substitute).length, count: handed.length }));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(body());
  };
  const people = processors.map((p) => ({ value: p.id, label: nameOf(processors, p.id) }));
  const absentName = nameOf(processors, values.absent_processor_id);
  const dateType = values.whole_days ? 'date' : 'datetime-local';
  return (
    <Modal
      opened
      onClose={onClose}
      title={vacation ? t('manage.vacations.editTitle') : t('manage.vacations.newTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('management:close') }}
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={t('manage.vacations.absent')}
              data={people}
              value={values.absent_processor_id}
              onChange={(e) => setValue('absent_processor_id', e.currentTarget.value)}
              error={errors.absent_processor_id}
            />
            <NativeSelect
              label={t('manage.vacations.type')}
              data={(['VACATION', 'SUBSTITUTION'] as const).map((type) => ({ value: type, label: t(`manage.vacations.types.${type}`) }))}
              value={values.type}
              onChange={(e) => setValue('type', e.currentTarget.value as Vacation['type'])}
            />
          </SimpleGrid>
          {values.type === 'SUBSTITUTION' && (
            <NativeSelect
              label={t('manage.vacations.substitute')}
              data={[{ value: '', label: '—' }, ...people.filter((p) => p.value !== values.absent_processor_id)]}
              value={values.substitute_processor_id}
              onChange={(e) => setValue('substitute_processor_id', e.currentTarget.value)}
              error={errors.substitute_processor_id}
            />
          )}
          <Checkbox
            label={t('manage.vacations.wholeDays')}
            checked={values.whole_days}
            onChange={(e) => {
              setValue('whole_days', e.currentTarget.checked);
              setValue('start', '');
              setValue('end', '');
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput type={dateType} label={t('manage.vacations.from')} required {...form.textProps('start')} />
            <TextInput type={dateType} label={t('manage.vacations.to')} required {...form.textProps('end')} />
          </SimpleGrid>
          <Checkbox
            label={t('manage.vacations.consider')}
            checked={values.consider_existing_appointments}
            onChange={(e) => setValue('consider_existing_appointments', e.currentTarget.checked)}
          />
          {range && affected.data && (
            <section aria-labelledby="vacation-affected-title">
              <Title order={3} size="h5" id="vacation-affected-title">
                {t('manage.vacations.affected')}
              </Title>
              <Text size="sm" role="status">
                {inTime.length === 0 ? t('manage.vacations.affectedNone', { name: absentName }) : t('manage.vacations.affectedCount', { count: inTime.length })}
              </Text>
              <List size="sm" mt={4}>
                {inTime.map((a) => (
                  <List.Item key={a.id}>
                    {a.start.slice(0, 16).replace('T', ' ')} · {[a.last_name, a.first_name].filter(Boolean).join(', ') || '—'}
                  </List.Item>
                ))}
              </List>
            </section>
          )}
          <DialogActions onCancel={onClose} cancelLabel={t('management:cancel')} submitLabel={t('common:actions.save')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
