import { Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey, CreatedApiKey } from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { scopeKey } from './scope-key';
import { queryKeys } from '../../../lib/query-keys';
import { FormAlert } from '../../../ui/FormAlert';
import { ConfirmedDelete } from '../ConfirmedDelete';
import { ManageTable, RowActions } from '../ManageTable';
import { SavedNote } from '../SavedNote';
import { useSavedFlag } from '../useSavedFlag';
import { ApiKeyForm } from './ApiKeyForm';
import { ApiKeyShownOnce } from './ApiKeyShownOnce';

/** What the dialog shows: the form for a new key, then that key, once. */
type Dialog = { kind: 'form' } | { kind: 'created'; key: CreatedApiKey };

/**
 * The practice's API keys (docs/api.md#scopes): the list with scopes, when made
 * and last used; a new key is shown once, right after it is made; revoking asks first and stops
 * the key at once.
 */
export function ApiKeys() {
  const { t, i18n } = useTranslation(['management', 'common']);
  const { saved, markSaved } = useSavedFlag();
  const [dialog, setDialog] = useState<Dialog>();
  const keys = useQuery({ queryKey: queryKeys.apiKeys.all, queryFn: () => api.get<ApiKey[]>('/api-keys') });
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <Stack gap="md" component="section" aria-labelledby="api-keys-title">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3" id="api-keys-title">
            {t('apiKeys.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('apiKeys.intro')}
          </Text>
        </div>
        <Group gap="sm">
          <SavedNote saved={saved} />
          <Button onClick={() => setDialog({ kind: 'form' })}>{t('apiKeys.create')}</Button>
        </Group>
      </Group>
      {keys.isPending ? (
        <Loader aria-label={t('apiKeys.loading')} />
      ) : keys.isError ? (
        <FormAlert tone="error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('apiKeys.loadFailed')}</Text>
            <Button size="xs" variant="default" onClick={() => void keys.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </FormAlert>
      ) : keys.data.length === 0 ? (
        <Text c="dimmed">{t('apiKeys.none')}</Text>
      ) : (
        <ManageTable
          minWidth={720}
          caption={t('apiKeys.caption')}
          columns={[t('apiKeys.name'), t('apiKeys.scopes'), t('apiKeys.hint'), t('apiKeys.createdAt'), t('apiKeys.lastUsedAt')]}
          actionsLabel={t('apiKeys.actions')}
        >
          {keys.data.map((key) => (
            <Table.Tr key={key.id} data-api-key={key.id}>
              <Table.Td>
                <Text fw={600}>{key.name}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {key.scopes.map((scope) => (
                    <Badge key={scope} variant="light" color="gray" tt="none">
                      {t(`apiKeys.scopeNames.${scopeKey(scope)}`)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm">
                  wf_…{key.hint}
                </Text>
              </Table.Td>
              <Table.Td>{when(key.created_at)}</Table.Td>
              <Table.Td>{key.last_used_at ? when(key.last_used_at) : t('apiKeys.neverUsed')}</Table.Td>
              <RowActions>
                <ConfirmedDelete
                  label={t('apiKeys.revoke', { name: key.name })}
                  title={t('apiKeys.revokeTitle')}
                  question={t('apiKeys.revokeQuestion', { name: key.name })}
                  confirm={t('apiKeys.revokeConfirm')}
                  path={`/api-keys/${key.id}`}
                  invalidate={[queryKeys.apiKeys.all]}
                  onDeleted={markSaved}
                />
              </RowActions>
            </Table.Tr>
          ))}
        </ManageTable>
      )}
      {dialog?.kind === 'form' && <ApiKeyForm onClose={() => setDialog(undefined)} onCreated={(key) => setDialog({ kind: 'created', key })} />}
      {dialog?.kind === 'created' && <ApiKeyShownOnce created={dialog.key} onClose={() => setDialog(undefined)} />}
    </Stack>
  );
}
