import { Button, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyExchange } from '@wartefrei/shared';
import { useHeldAccountKey } from '../../lib/keyring';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormCard } from '../../ui/FormCard';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { notifyDone, notifyFailure } from '../processor/notify';
import { approveRequest, encryptionKeys, fetchRequests, rejectRequest } from './encryption.api';
import { wrapHeldKeyFor } from './key-steps';

type Decision = { request: KeyExchange; approve: boolean };

/** Admins while encryption is on: who asked for the practice's key or holds it; approving wraps it here for their key. */
export function RequestsCard() {
  const { t, i18n } = useTranslation('encryption');
  const client = useQueryClient();
  const held = useHeldAccountKey();
  const requests = useQuery({ queryKey: encryptionKeys.requests, queryFn: fetchRequests });
  const [decision, setDecision] = useState<Decision>();
  const [busy, setBusy] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const decide = async ({ request, approve }: Decision) => {
    setBusy(true);
    try {
      const next = approve ? await approveRequest(request.id, await wrapHeldKeyFor(request.public_key)) : await rejectRequest(request.id);
      client.setQueryData(encryptionKeys.requests, next);
      notifyDone(t(approve ? 'requests.approved' : 'requests.rejectedDone', { name: request.user_name }));
      setDecision(undefined);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormCard labelledBy="requests-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="requests-title">
          {t('requests.title')}
        </Title>
        {!held && <Text size="sm" c="dimmed">{t('requests.needsUnlock')}</Text>}
        {requests.isPending ? (
          <Loader size="sm" aria-label={t('loading')} />
        ) : requests.isError ? (
          <LoadFailedAlert size="sm" message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void requests.refetch()} />
        ) : requests.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('requests.empty')}
          </Text>
        ) : (
          <ScrollRegion label={t('requests.caption')} minWidth={640}>
            <Table>
              <Table.Caption>{t('requests.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('requests.user')}</Table.Th>
                  <Table.Th>{t('requests.fingerprint')}</Table.Th>
                  <Table.Th>{t('requests.state')}</Table.Th>
                  <Table.Th>{t('requests.since')}</Table.Th>
                  <Table.Th>{t('requests.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.data.map((request) => (
                  <Table.Tr key={request.id} data-request-of={request.user_id}>
                    <Table.Td>{request.user_name}</Table.Td>
                    <Table.Td>
                      <Code>{request.fingerprint}</Code>
                    </Table.Td>
                    <Table.Td>{t(`requests.${request.status}`)}</Table.Td>
                    <Table.Td>{date.format(new Date(request.decided_at ?? request.created_at))}</Table.Td>
                    <Table.Td>
                      {request.status === 'PENDING' && (
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" disabled={!held} onClick={() => setDecision({ request, approve: true })} aria-label={`${t('requests.approve')}: ${request.user_name}`}>
                            {t('requests.approve')}
                          </Button>
                          <Button size="xs" variant="default" onClick={() => setDecision({ request, approve: false })} aria-label={`${t('requests.reject')}: ${request.user_name}`}>
                            {t('requests.reject')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
      <ConfirmDialog
        opened={decision !== undefined}
        title={decision ? t(decision.approve ? 'requests.approveTitle' : 'requests.rejectTitle', { name: decision.request.user_name }) : ''}
        message={decision ? t(decision.approve ? 'requests.approveMessage' : 'requests.rejectMessage', { name: decision.request.user_name, fingerprint: decision.request.fingerprint }) : ''}
        confirmLabel={decision?.approve ? t('requests.approve') : t('requests.reject')}
        danger={decision?.approve === false}
        loading={busy}
        onClose={() => setDecision(undefined)}
        onConfirm={() => decision && void decide(decision)}
      />
    </FormCard>
  );
}
