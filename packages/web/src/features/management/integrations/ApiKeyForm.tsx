import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_NAME_MAX_LENGTH, API_SCOPES, CreateApiKeyInput, type ApiScope, type CreatedApiKey } from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { scopeKey } from './scope-key';
import { queryKeys } from '../../../lib/query-keys';
import { DialogActions } from '../../../ui/DialogActions';
import { FormAlert } from '../../../ui/FormAlert';
import { useFormSubmit } from '../../../ui/useFormSubmit';
import { useFormValues } from '../../../ui/useFormValues';

/**
 * A new API key: a name people recognise it by and what it may do, checked with the shared
 * schema before the server checks it again. The answer (with the key) goes to `onCreated`.
 */
export function ApiKeyForm({ onClose, onCreated }: { onClose: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  // The ticked scopes as a comma list: a form value, so ticking one clears the field's message.
  const form = useFormValues({ name: '', scopes: '' });
  const scopes = form.values.scopes.split(',').filter(Boolean) as ApiScope[];
  const { submit, busy, failure } = useFormSubmit({
    schema: CreateApiKeyInput,
    showErrors: form.showErrors,
    // Clearer than the schema's generic "too short" for a list of checkboxes.
    check: (body: CreateApiKeyInput): Record<string, string> => (body.scopes.length === 0 ? { scopes: t('apiKeys.scopesRequired') } : {}),
    save: async (body: CreateApiKeyInput) => {
      const created = await api.post<CreatedApiKey>('/api-keys', body, { silent: true });
      await client.invalidateQueries({ queryKey: queryKeys.apiKeys.all });
      onCreated(created);
    },
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    // Checkboxes in the order of the table, whatever order they were ticked in.
    void submit({ name: form.values.name, scopes: API_SCOPES.filter((scope) => scopes.includes(scope)) });
  };

  return (
    <Modal opened onClose={onClose} title={t('apiKeys.create')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      <form ref={form.formRef} onSubmit={send} noValidate>
        <Stack gap="md">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <TextInput label={t('apiKeys.name')} description={t('apiKeys.nameHint')} required maxLength={API_KEY_NAME_MAX_LENGTH} data-autofocus {...form.textProps('name')} />
          <Checkbox.Group
            label={t('apiKeys.scopes')}
            description={t('apiKeys.scopesHint')}
            required
            value={scopes}
            onChange={(value) => form.setValue('scopes', value.join(','))}
            error={form.errors.scopes}
          >
            <Stack gap="xs" mt="xs">
              {API_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={t(`apiKeys.scopeNames.${scopeKey(scope)}`)}
                  description={t(`apiKeys.scopeHints.${scopeKey(scope)}`)}
                  aria-invalid={form.errors.scopes ? true : undefined}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <DialogActions onCancel={onClose} cancelLabel={t('cancel')} submitLabel={t('apiKeys.createSubmit')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
