import { Alert, Button, Code, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyExchange } from '@wartefrei/shared';
import { useHeldAccountKey } from '../../lib/keyring';
import { TitledCard } from '../../ui/TitledCard';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { notifyDone, notifyFailure } from '../processor/notify';
import { approveRequest, encryptionKeys, fetchRequests, rejectRequest } from './encryption.api';
import { wrapHeldKeyFor } from './key-steps';
import { recentlyAgo, useFingerprint } from './key-facts';

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
      const next = approve ? await approveRequest(request.id, await wrapHeldKeyFor(request)) : await rejectRequest(request.id);
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
    <TitledCard id="requests-title" title={t('requests.title')} gap="sm">
      {!held && (
        <Text size="sm" c="dimmed">
          {t('requests.needsUnlock')}
        </Text>
      )}
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
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">{request.user_name}</Text>
                      <ReplacedNote request={request} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Fingerprint publicKey={request.public_key} />
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
      <DecisionDialog decision={decision} busy={busy} onClose={() => setDecision(undefined)} onConfirm={(chosen) => void decide(chosen)} />
    </TitledCard>
  );
}

/** The fingerprint of the key listed, computed here from the key text approving would wrap for. */
function Fingerprint({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation('encryption');
  const computed = useFingerprint(publicKey);
  return computed.data ? <Code data-testid="request-fingerprint">{computed.data}</Code> : <Loader size="xs" aria-label={t('loading')} />;
}

/** "Schlüssel vor 5 Minuten ersetzt": a key replaced shortly before asking is a stolen session's pattern. */
function ReplacedNote({ request }: { request: KeyExchange }) {
  const { t, i18n } = useTranslation('encryption');
  const ago = request.status === 'PENDING' ? recentlyAgo(request.key_replaced_at, i18n.language) : undefined;
  if (!ago) return null;
  return (
    <Text size="xs" c="red.8" fw={600} data-testid="key-replaced">
      {t('requests.replaced', { ago })}
    </Text>
  );
}

/** Asks before approving or rejecting; approving shows the fingerprint to compare and warns of a recently replaced key. */
function DecisionDialog({ decision, busy, onClose, onConfirm }: { decision: Decision | undefined; busy: boolean; onClose: () => void; onConfirm: (decision: Decision) => void }) {
  const { t, i18n } = useTranslation('encryption');
  const computed = useFingerprint(decision?.approve ? decision.request.public_key : undefined);
  const name = decision?.request.user_name ?? '';
  const ago = decision?.approve ? recentlyAgo(decision.request.key_replaced_at, i18n.language) : undefined;
  return (
    <Modal
      opened={decision !== undefined}
      onClose={onClose}
      title={decision ? t(decision.approve ? 'requests.approveTitle' : 'requests.rejectTitle', { name }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {decision && (
        <Stack gap="md">
          {decision.approve ? (
            <>
              <Text>{t('requests.approveMessage', { name })}</Text>
              {computed.data ? (
                <Code block fz="md" data-testid="approve-fingerprint">
                  {computed.data}
                </Code>
              ) : (
                <Loader size="sm" aria-label={t('loading')} />
              )}
              {ago && (
                <Alert color="red" role="alert">
                  {t('requests.replacedWarning', { name, ago })}
                </Alert>
              )}
            </>
          ) : (
            <Text>{t('requests.rejectMessage', { name })}</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('common:actions.cancel')}
            </Button>
            <Button color={decision.approve ? undefined : 'red.8'} onClick={() => onConfirm(decision)} loading={busy} disabled={decision.approve && !computed.data}>
              {decision.approve ? t('requests.approve') : t('requests.reject')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
