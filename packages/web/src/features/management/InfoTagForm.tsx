import { Checkbox, ColorInput, Modal, NativeSelect, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateInfoTagInput, INFO_TAG_DELAY_MAX_MINUTES, INFO_TAG_DELAYS, INFO_TAG_NAME_MAX_LENGTH, type InfoTag, type InfoTagDelay } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { EMPTY_INFO_TAG, infoTagFormValuesOf, infoTagInputOf } from './infotags-form';
import { queryKeys } from '../../lib/query-keys';
import { DialogActions } from '../../ui/DialogActions';

interface InfoTagFormProps {
  /** The tag to edit; absent for a new one. */
  tag?: InfoTag;
  onClose: () => void;
  onSaved: () => void;
}

/** Creating or editing an info tag in a dialog; the shared schema checks it before the server does. */
export function InfoTagForm({ tag, onClose, onSaved }: InfoTagFormProps) {
  const { t } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  const form = useFormValues(tag ? infoTagFormValuesOf(tag) : EMPTY_INFO_TAG);
  const { values, errors, setValue } = form;
  const {
    submit: save,
    busy,
    failure,
  } = useFormSubmit({
    schema: CreateInfoTagInput,
    showErrors: form.showErrors,
    save: async (body: ReturnType<typeof infoTagInputOf>) => {
      if (tag) await api.patch<InfoTag>(`/info-tags/${tag.id}`, body, { silent: true });
      else await api.post<InfoTag>('/info-tags', body, { silent: true });
      await client.invalidateQueries({ queryKey: queryKeys.infoTags.all });
      onSaved();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(infoTagInputOf(values));
  };

  const delays = INFO_TAG_DELAYS.map((delay) => ({ value: delay, label: t(`infotags.delays.${delay}`) }));
  return (
    <Modal opened onClose={onClose} title={tag ? t('infotags.editTitle', { name: tag.name }) : t('infotags.create')} closeButtonProps={{ 'aria-label': t('close') }}>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <TextInput
            label={t('infotags.name')}
            description={t('infotags.nameHint', { max: INFO_TAG_NAME_MAX_LENGTH })}
            required
            maxLength={INFO_TAG_NAME_MAX_LENGTH}
            data-autofocus
            {...form.textProps('name')}
          />
          <TextInput label={t('infotags.label')} description={t('infotags.labelHint')} {...form.textProps('label')} />
          <ColorInput
            label={t('infotags.color')}
            format="hex"
            withEyeDropper={false}
            placeholder="#1C7ED6"
            value={values.color}
            onChange={(color) => setValue('color', color)}
            error={errors.color}
            name="color"
          />
          <NativeSelect
            label={t('infotags.delay')}
            data={delays}
            value={values.delay}
            onChange={(e) => setValue('delay', e.currentTarget.value as InfoTagDelay)}
            error={errors.delay}
            name="delay"
          />
          {values.delay !== 'NONE' && (
            <NumberInput
              label={t('infotags.delayMinutes')}
              required
              min={1}
              max={INFO_TAG_DELAY_MAX_MINUTES}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={values.delay_minutes}
              onChange={(value) => setValue('delay_minutes', String(value))}
              error={errors.delay_minutes}
              name="delay_minutes"
            />
          )}
          <Checkbox
            label={t('infotags.timePriority')}
            description={t('infotags.timePriorityHint')}
            checked={values.time_priority}
            onChange={(e) => setValue('time_priority', e.currentTarget.checked)}
          />
          <Checkbox label={t('infotags.visibleOnTicket')} checked={values.visible_on_ticket} onChange={(e) => setValue('visible_on_ticket', e.currentTarget.checked)} />
          <Textarea
            label={t('infotags.ticketText')}
            description={t('infotags.ticketTextHint')}
            autosize
            minRows={2}
            name="ticket_text"
            value={values.ticket_text}
            onChange={(e) => setValue('ticket_text', e.currentTarget.value)}
            error={errors.ticket_text}
          />
          <Checkbox label={t('infotags.hideTimes')} checked={values.hide_times_on_ticket} onChange={(e) => setValue('hide_times_on_ticket', e.currentTarget.checked)} />
          <DialogActions onCancel={onClose} cancelLabel={t('cancel')} submitLabel={t('infotags.save')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
