import { Anchor, Badge, Button, Divider, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_DESCRIPTION_MAX_LENGTH, PATIENT_FIELD_INPUTS, UpdateAppointmentInput, type Appointment, type AppointmentType, type SeriesScope } from '@wartefrei/shared';
import { ApiRequestError } from '../../lib/api';
import type { MaybeOpened } from '../../lib/sealed-records';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { cancelAppointment, checkInAppointment, deleteAppointment, eraseAppointment, markNoShow, restoreAppointment, undoNoShow, updateAppointment } from './appointments.api';
import { telHref } from './earlier-wish';
import { EarlierWishSection } from './EarlierWishSection';
import { dateOf, minutesOf, nowIn, timeOf, wallMinutes, zonedStart } from './calendar-layout';
import { APPOINTMENT_PATIENT_FIELDS as FIELDS } from './patient-fields';
import { ScopeConfirm } from './ScopeConfirm';
import type { CalendarProcessor } from './useCalendarData';

type Action = 'save' | 'cancel' | 'restore' | 'delete' | 'noShow' | 'undoNoShow' | 'checkIn' | 'erase';
const NO_SHOW_AFTER_MINUTES = 15;
const CONFIRM_MESSAGES: Partial<Record<Action, string>> = { delete: 'confirmDelete', cancel: 'confirmCancel', restore: 'confirmRestore', erase: 'confirmErase' };

interface AppointmentDialogProps {
  appointment: MaybeOpened<Appointment>;
  types: AppointmentType[];
  processors: CalendarProcessor[];
  timeZone: string;
  onClose: () => void;
  /** After a change: the confirmation to show; the dialog closes after a cancel or a delete. */
  onDone: (message: string, close: boolean) => Promise<void>;
}

/**
 * An appointment opened from the calendar (`/backend/appointments/{id}`): its time, type,
 * processor and state (with the patient's confirmation, and the phone to call when unconfirmed);
 * the patient's data and the time to change; the wish for an earlier time; cancel, restore,
 * delete, no-show (and its undo) and check-in. Anything that changes one of a series asks "only
 * this one or all".
 */
export function AppointmentDialog({ appointment, types, processors, timeZone, onClose, onDone }: AppointmentDialogProps) {
  const { t, i18n } = useTranslation(['appointments', 'server', 'common']);
  const [asking, setAsking] = useState<{ action: Action; body?: UpdateAppointmentInput }>();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const type = types.find((candidate) => candidate.id === appointment.appointment_type_id);
  const form = useFormValues<Record<string, string>>({
    date: dateOf(appointment.start),
    time: timeOf(wallMinutes(appointment.start)),
    processor_id: appointment.processor_id ?? '',
    description: appointment.description ?? '',
    ...Object.fromEntries(FIELDS.map((field) => [field, appointment[field] ?? ''])),
  });
  const series = appointment.series_id !== null;
  const now = nowIn(new Date(), timeZone);
  const open = appointment.view === 'booked' && appointment.status === 'BOOKED';
  const started = new Date(appointment.start).getTime() + NO_SHOW_AFTER_MINUTES * 60_000 <= Date.now();
  // Sealed and not opened in this tab: nothing to show or change; a save leaves the sealed data as it is.
  const locked = appointment.seal_state === 'locked';

  const run = async (action: Action, scope: SeriesScope, body?: UpdateAppointmentInput) => {
    setWorking(true);
    setProblem(undefined);
    try {
      if (action === 'save') await updateAppointment(appointment, { ...body, version: appointment.version, ...(series ? { scope } : {}) });
      else if (action === 'cancel') await cancelAppointment(appointment.id, scope);
      else if (action === 'restore') await restoreAppointment(appointment.id, scope);
      else if (action === 'delete') await deleteAppointment(appointment.id, scope);
      else if (action === 'noShow') await markNoShow(appointment.id);
      else if (action === 'undoNoShow') await undoNoShow(appointment.id);
      else if (action === 'erase') await eraseAppointment(appointment.id);
      else await checkInAppointment(appointment.id);
      const message = {
        save: 'saved',
        cancel: 'cancelled',
        restore: 'restored',
        delete: 'deleted',
        noShow: 'markedNoShow',
        undoNoShow: 'noShowUndone',
        checkIn: 'checkedIn',
        erase: 'erased',
      }[action];
      await onDone(t(`dialog.${message}`), action === 'delete' || action === 'cancel' || action === 'erase');
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
      if (action === 'save' && fields) form.showErrors(Object.fromEntries(Object.entries(fields).map(([f, p]) => [f === 'start' || f === 'end' ? 'time' : f, p.message])));
      else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setWorking(false);
      setAsking(undefined);
    }
  };

  const { submit } = useFormSubmit({
    schema: UpdateAppointmentInput,
    showErrors: form.showErrors,
    save: async (body: UpdateAppointmentInput) => {
      if (series) setAsking({ action: 'save', body });
      else await run('save', 'ONE', body);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const v = form.values;
    const body: UpdateAppointmentInput = locked ? {} : { description: v.description?.trim() ? v.description : null };
    for (const field of FIELDS) if (!locked || field === 'mail' || field === 'phone') body[field] = v[field] ?? '';
    if (open && v.date && v.time) {
      const start = zonedStart(v.date, minutesOf(v.time), timeZone);
      if (new Date(start).getTime() !== new Date(appointment.start).getTime()) body.start = start;
      if (v.processor_id && v.processor_id !== appointment.processor_id) body.processor_id = v.processor_id;
    }
    void submit(body);
  };

  const when = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${dateOf(appointment.start)}T12:00:00Z`),
  );
  const state = appointment.status === 'NO_SHOW' ? 'no_show' : appointment.view;
  const choices = processors.filter((p) => type && p.queueIds.includes(type.queue_id));
  // Cancel and delete always ask; a restore asks only which of a series it means.
  const ask = (action: Action) => (action === 'cancel' || action === 'delete' || action === 'erase' || series ? setAsking({ action }) : void run(action, 'ONE'));

  return (
    <Modal opened onClose={onClose} title={t('dialog.title')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>
            {when}, {timeOf(wallMinutes(appointment.start))}–{timeOf(wallMinutes(appointment.end))}
          </Text>
          <Badge variant="default">{t(`status.${state}`)}</Badge>
          {series && <Badge variant="default">{t('dialog.series')}</Badge>}
          {appointment.erased_at && <Badge variant="default">{t('dialog.erasedBadge')}</Badge>}
          {appointment.confirmation_state && (
            <Badge
              variant={appointment.confirmation_state === 'CONFIRMED' ? 'light' : 'default'}
              color={appointment.confirmation_state === 'CONFIRMED' ? 'green.9' : undefined}
              data-confirmation={appointment.confirmation_state}
            >
              {t(`confirmation.${appointment.confirmation_state}`)}
            </Badge>
          )}
          {appointment.unconfirmed && (
            <Badge variant="filled" color="yellow.4" autoContrast data-unconfirmed>
              {t('confirmation.unconfirmed')}
            </Badge>
          )}
        </Group>
        {appointment.unconfirmed && (
          <Text size="sm">
            {appointment.phone ? (
              <Anchor href={telHref(appointment.phone)}>
                {t('confirmation.call')}: {appointment.phone}
              </Anchor>
            ) : (
              t('confirmation.noPhone')
            )}
          </Text>
        )}
        <Text size="sm">
          {t('dialog.type')}: {type?.name ?? '—'} · {t('dialog.processor')}: {processors.find((p) => p.id === appointment.processor_id)?.name ?? '—'}
        </Text>
        {problem && <FormAlert tone="error">{problem}</FormAlert>}
        <Divider />
        <EarlierWishSection appointment={appointment} type={type} timeZone={timeZone} onDone={(message) => onDone(message, false)} />
        <Divider />
        <form ref={form.formRef} onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {open && (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput type="date" label={t('book.date')} {...form.textProps('date')} />
                <TextInput type="time" step={300} label={t('book.time')} {...form.textProps('time')} />
                <NativeSelect
                  label={t('book.processor')}
                  data={choices.map((p) => ({ value: p.id, label: p.name }))}
                  value={form.values.processor_id}
                  onChange={(e) => form.setValue('processor_id', e.currentTarget.value)}
                  error={form.errors.processor_id}
                />
              </SimpleGrid>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {FIELDS.map((field) => {
                const sealedHere = locked && field !== 'mail' && field !== 'phone';
                return (
                  <TextInput
                    key={field}
                    type={sealedHere ? 'text' : PATIENT_FIELD_INPUTS[field].type}
                    autoComplete="off"
                    label={t(`server:fields.${field}`)}
                    {...form.textProps(field)}
                    {...(sealedHere ? { disabled: true, value: '', placeholder: t('dialog.sealed') } : {})}
                  />
                );
              })}
            </SimpleGrid>
            <Textarea
              label={t('server:fields.description')}
              autosize
              minRows={2}
              maxLength={APPOINTMENT_DESCRIPTION_MAX_LENGTH}
              value={form.values.description}
              onChange={(e) => form.setValue('description', e.currentTarget.value)}
              error={form.errors.description}
              disabled={locked}
              placeholder={locked ? t('dialog.sealed') : undefined}
            />
            <Group justify="space-between">
              <Group gap="xs">
                {open && dateOf(appointment.start) === now.date && (
                  <Button variant="default" onClick={() => void run('checkIn', 'ONE')} loading={working && asking === undefined}>
                    {t('dialog.checkIn')}
                  </Button>
                )}
                {open && started && (
                  <Button variant="default" onClick={() => void run('noShow', 'ONE')}>
                    {t('dialog.noShow')}
                  </Button>
                )}
                {appointment.status === 'NO_SHOW' && (
                  <Button variant="default" onClick={() => void run('undoNoShow', 'ONE')}>
                    {t('dialog.undoNoShow')}
                  </Button>
                )}
                {open && (
                  <Button variant="default" color="red.8" onClick={() => ask('cancel')}>
                    {t('dialog.cancel')}
                  </Button>
                )}
                {appointment.view === 'cancelled' && (
                  <Button variant="default" onClick={() => ask('restore')}>
                    {t('dialog.restore')}
                  </Button>
                )}
                <Button variant="default" color="red.8" onClick={() => ask('delete')}>
                  {t('dialog.delete')}
                </Button>
                {appointment.erased_at === null && (
                  <Button variant="default" color="red.8" onClick={() => ask('erase')}>
                    {t('dialog.erase')}
                  </Button>
                )}
              </Group>
              <Button type="submit" loading={working && asking?.action === 'save'}>
                {t('dialog.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      {asking && (
        <ScopeConfirm
          title={t(`dialog.${asking.action === 'save' ? 'save' : asking.action}`)}
          message={CONFIRM_MESSAGES[asking.action] ? t(`dialog.${CONFIRM_MESSAGES[asking.action]}`) : ''}
          // Erasing names one appointment: a series' other occurrences are other visits.
          series={series && asking.action !== 'erase'}
          danger={asking.action === 'delete' || asking.action === 'cancel' || asking.action === 'erase'}
          busy={working}
          onConfirm={(scope) => void run(asking.action, scope, asking.body)}
          onClose={() => setAsking(undefined)}
        />
      )}
    </Modal>
  );
}
