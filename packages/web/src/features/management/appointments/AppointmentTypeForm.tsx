import { Checkbox, Fieldset, Modal, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPOINTMENT_DURATION_MAX_MINUTES,
  APPOINTMENT_DURATION_MIN_MINUTES,
  CONFIRM_HOURS_MAX,
  CreateAppointmentTypeInput,
  MAX_OFFER_COUNT,
  OFFER_MINUTES_MAX,
  OFFER_MINUTES_MIN,
  type AppointmentType,
  type AssignedProcessor,
} from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { messageOf } from '../../../lib/forms';
import { queryKeys } from '../../../lib/query-keys';
import { DialogActions } from '../../../ui/DialogActions';
import { FormAlert } from '../../../ui/FormAlert';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { useFormValues } from '../../../ui/useFormValues';
import { listOptions, type useAppointmentSetup } from './manage.api';
import { typeFormProblems, typeFormValues, typeInputOf } from './type-form';

interface AppointmentTypeFormProps {
  type?: AppointmentType;
  setup: ReturnType<typeof useAppointmentSetup>;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A new appointment type or a change, in a dialog; the shared schema checks it first. The list of
 * a type stays once created. Besides what patients book, it sets whether freed times are offered
 * to those who wait (to how many, for how long) and whether patients are asked to confirm.
 */
export function AppointmentTypeForm({ type, setup, onClose, onSaved }: AppointmentTypeFormProps) {
  const { t } = useTranslation(['appointments', 'management', 'server', 'common']);
  const client = useQueryClient();
  const form = useFormValues(typeFormValues(type, setup.queues[0]?.id));
  const { values, setValue, errors } = form;
  // The fields the shared catalogue has no label for are named as the form shows them.
  const labels = {
    offer_count: t('manage.types.offerCount'),
    offer_minutes: t('manage.types.offerMinutes'),
    confirm_hours_before: t('manage.types.confirmHours'),
    unconfirmed_mark_hours: t('manage.types.unconfirmedMarkHours'),
  };
  // Only a processor of the type's list can be its default.
  const serving = useQuery({
    queryKey: queryKeys.queueProcessors.ofQueue(values.queue_id),
    queryFn: () => api.get<AssignedProcessor[]>(`/queues/${values.queue_id}/processors`),
    enabled: values.queue_id !== '',
  });
  const { submit, busy, failure } = useFormSubmit({
    schema: CreateAppointmentTypeInput,
    showErrors: form.showErrors,
    labels,
    check: (body: CreateAppointmentTypeInput) => Object.fromEntries(Object.entries(typeFormProblems(body)).map(([field, code]) => [field, messageOf(field, code, '', labels)])),
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
    void submit(typeInputOf(values));
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
          <TextInput
            type="number"
            inputMode="numeric"
            label={t('manage.types.durationMinutes')}
            required
            min={APPOINTMENT_DURATION_MIN_MINUTES}
            max={APPOINTMENT_DURATION_MAX_MINUTES}
            step={5}
            {...form.textProps('duration_minutes')}
          />
          <NativeSelect
            label={t('manage.types.defaultProcessor')}
            data={processors}
            value={values.default_processor_id}
            onChange={(e) => setValue('default_processor_id', e.currentTarget.value)}
            error={errors.default_processor_id}
          />
          <Checkbox label={t('manage.types.bookableOnline')} checked={values.bookable_online} onChange={(e) => setValue('bookable_online', e.currentTarget.checked)} />
          <Checkbox label={t('manage.types.bookableKiosk')} checked={values.bookable_kiosk} onChange={(e) => setValue('bookable_kiosk', e.currentTarget.checked)} />
          <Fieldset legend={t('manage.types.offersTitle')} variant="unstyled">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  type="number"
                  inputMode="numeric"
                  label={t('manage.types.offerCount')}
                  description={t('manage.types.offerCountHint')}
                  min={0}
                  max={MAX_OFFER_COUNT}
                  step={1}
                  {...form.textProps('offer_count')}
                />
                <TextInput
                  type="number"
                  inputMode="numeric"
                  label={t('manage.types.offerMinutes')}
                  min={OFFER_MINUTES_MIN}
                  max={OFFER_MINUTES_MAX}
                  step={5}
                  disabled={values.offer_count === '0'}
                  {...form.textProps('offer_minutes')}
                />
              </SimpleGrid>
              <Switch
                label={t('manage.types.confirm')}
                description={t('manage.types.confirmHint')}
                checked={values.confirm}
                onChange={(e) => setValue('confirm', e.currentTarget.checked)}
              />
              {values.confirm && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    type="number"
                    inputMode="numeric"
                    label={t('manage.types.confirmHours')}
                    min={1}
                    max={CONFIRM_HOURS_MAX}
                    step={1}
                    {...form.textProps('confirm_hours_before')}
                  />
                  <TextInput
                    type="number"
                    inputMode="numeric"
                    label={t('manage.types.unconfirmedMarkHours')}
                    description={t('manage.types.unconfirmedMarkHint')}
                    min={1}
                    max={CONFIRM_HOURS_MAX}
                    step={1}
                    {...form.textProps('unconfirmed_mark_hours')}
                  />
                </SimpleGrid>
              )}
            </Stack>
          </Fieldset>
          <DialogActions onCancel={onClose} cancelLabel={t('management:cancel')} submitLabel={t('common:actions.save')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
