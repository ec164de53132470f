import { useCostCheck } from '../billing/useCostCheck';
import { Accordion, Button, Drawer, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUTTON_VISIBILITIES,
  BUTTON_VISIBILITY_BUTTONS,
  CreateQueueInput,
  LOGO_PLACEMENTS,
  NAME_ORDERS,
  PATIENT_INPUT_FIELDS,
  PATIENT_INPUT_MODES,
  QUEUE_PRIORITIES,
  queueSetting,
  SECTOR_AVERAGE_MINUTES,
  UpdateQueueInput,
  type Profile,
  type Queue,
  type QueueSettingName,
} from '@wartefrei/shared';
import { api } from '../../lib/api';
import { useAccount } from '../../lib/account';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { useNameWithIdentifier } from '../../ui/useNameWithIdentifier';
import { buttonVisibilityField, hasAgeLimit, patientInputField, queueFormValues, queueInputOf, queueRangeProblems } from './lists-form';
import { queueFieldInputs, sectionsOf } from './queue-form-fields';
import { SmsSwitch, useSmsEnabled } from './SmsSwitch';
import { queryKeys } from '../../lib/query-keys';
import { EditButton } from './EditButton';

interface QueueFormProps {
  profile: Profile;
  queue?: Queue;
  onSaved: () => void;
  defaultOpen?: boolean;
}

/**
 * A waiting list's create or edit drawer, opened by its own button: every field of the queue in
 * sections. The shared schema checks first; the server's field messages land at the same fields.
 */
export function QueueForm({ profile, queue, onSaved, defaultOpen = false }: QueueFormProps) {
  const { t } = useTranslation('management');
  // Open from the start when a deep link names this list (`/backend/management/:queueId/general`).
  const [open, setOpen] = useState(defaultOpen);
  const label = queue ? t('lists.queue.edit', { name: queue.name }) : t('lists.queue.addTo', { location: profile.name });
  return (
    <>
      {queue ? (
        <EditButton label={label} onClick={() => setOpen(true)} />
      ) : (
        <Button variant="light" aria-label={label} onClick={() => setOpen(true)}>
          {t('lists.queue.add')}
        </Button>
      )}
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        position="right"
        size="xl"
        title={queue ? t('lists.queue.editTitle', { name: queue.name }) : t('lists.queue.newTitle', { location: profile.name })}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {/* Mounted only while open, so each opening starts from the stored queue. */}
        <QueueFields
          profile={profile}
          queue={queue}
          onCancel={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            onSaved();
          }}
        />
      </Drawer>
    </>
  );
}

function QueueFields({ profile, queue, onCancel, onSaved }: { profile: Profile; queue?: Queue; onCancel: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  const sector = useAccount().data?.sector;
  const form = useFormValues(
    queueFormValues(queue, sector ? { average_process_minutes: SECTOR_AVERAGE_MINUTES[sector], ticket_text_before: t(`onboarding:sectors.${sector}.ticketText`) } : undefined),
  );
  const linked = useNameWithIdentifier(form, Boolean(queue));
  const [sections, setSections] = useState<string[]>(['general']);
  const cost = useCostCheck();
  const smsEnabled = useSmsEnabled();
  const ageLimited = hasAgeLimit(form.values);
  type Body = ReturnType<typeof queueInputOf> & { profile_id?: string };
  const saving = useFormSubmit({
    schema: queue ? UpdateQueueInput : CreateQueueInput,
    showErrors: (errors) => showErrors(errors),
    // Ranges across two fields (min and max age, …), which the schema checks field by field.
    check: (input: Body) =>
      Object.fromEntries(Object.entries(queueRangeProblems(input)).map(([field, code]) => [field, t(`server:validation.${code}`, { 0: t(`server:fields.${field}`) })])),
    save: async (body: Body) => {
      if (queue) await api.patch<Queue>(`/queues/${queue.id}`, body, { silent: true });
      else if (await cost.confirmCost({ add_lists: 1 })) await api.post<Queue>('/queues', body, { silent: true });
      else return;
      await client.invalidateQueries({ queryKey: queryKeys.queues.all });
      onSaved();
    },
  });
  const { busy, failure } = saving;

  /** Shows the messages and opens their sections, so the focus can move to the first one. */
  const showErrors = (errors: Record<string, string>) => {
    const fields = Object.keys(errors);
    setSections((open) => [...new Set([...open, ...sectionsOf(fields)])]);
    form.showErrors(errors);
    if (fields.length > 0 && sectionsOf(fields).length === 0) saving.setFailure(Object.values(errors).join(' '));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = queueInputOf(form.values);
    void saving.submit(queue ? input : { ...input, profile_id: profile.id });
  };

  const { label, text, whole, area, flag, choice, color, section } = queueFieldInputs(form, t);
  // With an age limit the birth date is required (queueInputOf sends it so): shown fixed, with why.
  const birthDateFixed = ageLimited ? { value: 'REQUIRED', reason: t('lists.queue.hints.ageNeedsBirthDate') } : undefined;
  // A setting declared as refused while the list is open (queue-settings.ts) cannot be edited then.
  const refusedNow = (name: QueueSettingName) => Boolean(queue?.session.open && queueSetting(name).refusedWhileOpen);
  const logoPlacements = LOGO_PLACEMENTS.map((p) => ({ value: p, label: t(`lists.queue.logoPlacements.${p}`) }));

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      {cost.dialog}
      <Stack gap="md">
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {/* No transition: a section opened for an invalid field is visible when the focus moves there. */}
        <Accordion multiple value={sections} onChange={setSections} variant="separated" transitionDuration={0}>
          {section(
            'general',
            <>
              <TextInput label={label('name')} required data-autofocus {...linked.nameProps} />
              <TextInput label={label('identifier')} required {...linked.identifierProps} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('phone', { type: 'tel' })}
                {choice(
                  'priority',
                  label('priority'),
                  QUEUE_PRIORITIES.map((p) => ({ value: String(p), label: t(`lists.queue.priorities.${p}`) })),
                )}
                {color('color')}
                {color('accent_color')}
              </SimpleGrid>
              {choice(
                'name_order',
                label('name_order'),
                NAME_ORDERS.map((o) => ({ value: o, label: t(`lists.queue.nameOrders.${o}`) })),
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {choice('logo_placement_ticket', label('logo_placement_ticket'), logoPlacements)}
                {choice('logo_placement_kiosk', label('logo_placement_kiosk'), logoPlacements)}
              </SimpleGrid>
              {flag('is_default')}
            </>,
          )}
          {section(
            'drawing',
            <>
              {flag('draw_online_enabled')}
              {flag('kiosk_enabled')}
              {flag('display_monitor_on_kiosk')}
              {flag('ask_patient_for_language')}
              {flag('always_show_probing_questions')}
              {flag('allow_move_appointment')}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {whole('min_age', t('lists.queue.hints.ages'))}
                {whole('max_age', t('lists.queue.hints.ages'))}
              </SimpleGrid>
            </>,
          )}
          {section(
            'numbers',
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {whole('number_start', t('lists.queue.hints.numbers'))}
                {whole('number_end', t('lists.queue.hints.numbers'))}
              </SimpleGrid>
              {flag('number_wrap')}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {/* docs/product.md#states-and-transitions: it changes together with a close; while open the server refuses it. */}
                <TextInput
                  label={label('max_concurrent_processing')}
                  description={refusedNow('max_concurrent_processing') ? t('lists.queue.hints.maxConcurrentWhileOpen') : undefined}
                  inputMode="numeric"
                  {...form.textProps('max_concurrent_processing')}
                  disabled={refusedNow('max_concurrent_processing')}
                />
                {whole('average_process_minutes')}
                {whole('preprocessing_buffer_minutes')}
                {whole('timeout_minutes', t('lists.queue.hints.timeout'))}
              </SimpleGrid>
              {whole('smart_suspend_minutes')}
              {flag('wait_time_calculation_enabled')}
              {flag('automatically_next')}
            </>,
          )}
          {section(
            'texts',
            <>
              {area('kiosk_text_before')}
              {area('kiosk_text_after')}
              {area('ticket_text_before')}
              {area('ticket_text_after')}
              {area('monitor_text')}
              {area('opening_hours')}
            </>,
          )}
          {section(
            'patientInputs',
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {PATIENT_INPUT_FIELDS.map((field) => (
                <div key={field}>
                  {choice(
                    patientInputField(field),
                    t(`lists.queue.patientInputs.${field}`),
                    PATIENT_INPUT_MODES.map((m) => ({ value: m, label: t(`lists.queue.patientInputModes.${m}`) })),
                    field === 'birth_date' ? birthDateFixed : undefined,
                  )}
                </div>
              ))}
            </SimpleGrid>,
          )}
          {section(
            'processing',
            <>
              {flag('show_processor_on_processing')}
              {flag('allow_actual_processor_selection_for_non_active_processors')}
              <Text fw={600} mt="xs">
                {t('lists.queue.buttons.title')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {BUTTON_VISIBILITY_BUTTONS.map((button) => (
                  <div key={button}>
                    {choice(
                      buttonVisibilityField(button),
                      t(`lists.queue.buttons.${button}`),
                      BUTTON_VISIBILITIES.map((v) => ({ value: v, label: t(`lists.queue.visibilities.${v}`) })),
                    )}
                  </div>
                ))}
              </SimpleGrid>
            </>,
          )}
          {section(
            'alerts',
            <>
              <Text size="sm">{t('lists.queue.hints.alerts')}</Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {whole('alert_members_ahead', t('lists.queue.hints.alertOff'))}
                {whole('alert_minutes_left', t('lists.queue.hints.alertOff'))}
              </SimpleGrid>
              <SmsSwitch
                label={label('may_activate_sms_notifications')}
                checked={form.values.may_activate_sms_notifications as boolean}
                onChange={(checked) => form.setValue('may_activate_sms_notifications', checked)}
                error={form.errors.may_activate_sms_notifications}
                smsEnabled={smsEnabled}
              />
            </>,
          )}
        </Accordion>
        {/* Stays in sight at the drawer's bottom: the form is long. */}
        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 1 }}>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {queue ? t('lists.queue.save') : t('lists.queue.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
