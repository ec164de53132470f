import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateWebhookEndpointInput, WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_EVENT_TYPES, type WebhookEndpointWithSecret, type WebhookEventType } from '@wartefrei/shared';
import { DialogActions } from '../../../ui/DialogActions';
import { FormAlert } from '../../../ui/FormAlert';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { useFormValues } from '../../../ui/useFormValues';

/** Which events a new endpoint gets: the boxes, each with the event's own name beside its meaning. */
export function WebhookEventChoice({ value, onChange, error }: { value: WebhookEventType[]; onChange: (events: WebhookEventType[]) => void; error?: string }) {
  const { t } = useTranslation('webhooks');
  return (
    <Checkbox.Group label={t('form.events')} description={t('form.eventsHint')} value={value} onChange={(next) => onChange(next as WebhookEventType[])} error={error} withAsterisk>
      <Stack gap={6} mt="xs">
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <Checkbox key={event} value={event} label={`${t(`events.${event.replace('.', '_')}`)} (${event})`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** Creating an endpoint in a dialog: URL, events, description; the answer carries the secret, shown once by the section. */
export function WebhookEndpointForm({
  onClose,
  onCreated,
  create,
}: {
  onClose: () => void;
  onCreated: (created: WebhookEndpointWithSecret) => void;
  create: (body: CreateWebhookEndpointInput) => Promise<WebhookEndpointWithSecret>;
}) {
  const { t } = useTranslation(['webhooks', 'management']);
  const form = useFormValues({ url: 'https://', description: '' });
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const {
    submit: save,
    busy,
    failure,
  } = useFormSubmit({
    schema: CreateWebhookEndpointInput,
    showErrors: form.showErrors,
    save: async (body: CreateWebhookEndpointInput) => onCreated(await create(body)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ url: form.values.url.trim(), events, description: form.values.description.trim() || null });
  };
  return (
    <Modal opened onClose={onClose} title={t('form.title')} closeButtonProps={{ 'aria-label': t('management:close') }}>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <TextInput label={t('form.url')} description={t('form.urlHint')} required type="url" data-autofocus {...form.textProps('url')} />
          <WebhookEventChoice value={events} onChange={setEvents} error={form.errors.events} />
          <TextInput label={t('form.description')} maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH} {...form.textProps('description')} />
          <DialogActions onCancel={onClose} cancelLabel={t('form.cancel')} submitLabel={t('form.create')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
