import { Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ageInYears, checkDrawTicket, PATIENT_DATA_FIELDS, PATIENT_FIELD_INPUTS, PATIENT_INPUT_OF, withAgeLimit, type Queue } from '@wartefrei/shared';
import { i18next } from '../../i18n';
import { fieldErrorsOf } from '../../lib/forms';
import { browserToday } from '../../lib/browser-date';
import { notifyDone, notifyFailure } from './notify';
import { drawManualTicket } from './processor.api';
import { sealForPractice } from '../encryption/sealing';
import { DialogActions } from '../../ui/DialogActions';

/** A validation code as a message in the chosen language, with the field's label (the server's catalogue). */
function messageFor(field: string, code: string): string {
  const label = i18next.t(`server:fields.${field}`);
  const key = `server:validation.${code}`;
  return i18next.exists(key) ? i18next.t(key, { 0: label }) : i18next.t('server:validation.INVALID_VALUE', { 0: label });
}

/** A ticket drawn by the processor (origin MANUAL) with the queue's patient inputs, checked by the shared rules first. */
export function ManualTicketModal({ queue, onClose, onDrawn }: { queue: Queue; onClose: () => void; onDrawn: () => void }) {
  const { t } = useTranslation(['processor', 'common']);
  const [values, setValues] = useState<Record<string, string>>({});
  const [silent, setSilent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A list with an age limit asks for the birth date, as the server judges the draw.
  const inputs = withAgeLimit(queue.patient_inputs, queue.min_age, queue.max_age);
  // Which queue setting governs a field (first_name covers the last name too) is PATIENT_INPUT_OF's.
  const asked = PATIENT_DATA_FIELDS.filter((name) => inputs[PATIENT_INPUT_OF[name]] !== 'NONE');

  const draw = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      const sealed = await sealForPractice(body, { table: 'queue_members' });
      // Sealed, the birth date is not the server's to read: the age checked here goes beside it.
      const limited = queue.min_age !== null || queue.max_age !== null;
      if (sealed !== body && limited && typeof body.birth_date === 'string' && body.birth_date !== '') sealed.declared_age = ageInYears(body.birth_date, browserToday());
      return drawManualTicket(queue.id, sealed);
    },
    onSuccess: (ticket) => {
      notifyDone(t('manual.drawn', { number: ticket.number }));
      onDrawn();
      onClose();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyFailure(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = { origin: 'MANUAL', silent };
    for (const name of asked) body[name] = (values[name] ?? '').trim();
    const checked = checkDrawTicket(inputs, body, { today: browserToday(), minAge: queue.min_age, maxAge: queue.max_age });
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.fields).map(([field, code]) => [field, messageFor(field, code)])));
      return;
    }
    setErrors({});
    draw.mutate(body);
  };

  return (
    <Modal opened onClose={onClose} title={t('manual.title', { name: queue.name })} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {asked.length === 0 && <Text size="sm">{t('manual.noInputs')}</Text>}
          {asked.map((name, index) => (
            <TextInput
              key={name}
              name={name}
              type={PATIENT_FIELD_INPUTS[name].type}
              label={t(`server:fields.${name}`)}
              required={inputs[PATIENT_INPUT_OF[name]] === 'REQUIRED'}
              // The patient's data, not the staff member's own: nothing to fill in from the browser.
              autoComplete="off"
              value={values[name] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [name]: value }));
              }}
              error={errors[name]}
              data-autofocus={index === 0 || undefined}
            />
          ))}
          <Checkbox label={t('manual.silent')} description={t('manual.silentHint')} checked={silent} onChange={(event) => setSilent(event.currentTarget.checked)} />
          {errors.body && (
            <Text c="red.8" size="sm" role="alert">
              {errors.body}
            </Text>
          )}
          <DialogActions onCancel={onClose} cancelLabel={t('common:actions.cancel')} submitLabel={t('manual.submit')} busy={draw.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
