import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@wartefrei/shared';
import { ConfirmedDelete } from '../ConfirmedDelete';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookEndpointForm } from './WebhookEndpointForm';
import { WebhookSecret } from './WebhookSecret';
import { webhookKeys, webhooksApi } from './webhooks.api';

/** The secret of the last create or rotation: shown until the section is left, never fetched again. */
type ShownSecret = { secret: string; url: string; rotated: boolean };

/**
 * Webhooks in "Schnittstellen" (admins): the practice's endpoints with their events, on or off,
 * "Test senden", the deliveries with retry, a new secret (after a confirmation), delete; a new
 * endpoint's secret is shown once, with a copy button.
 */
export function WebhookEndpoints() {
  const { t } = useTranslation('webhooks');
  const client = useQueryClient();
  const endpoints = useQuery({ queryKey: webhookKeys.all, queryFn: webhooksApi.list });
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownSecret>();

  if (endpoints.isPending) return <Loader aria-label={t('loading')} />;
  if (endpoints.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const refresh = () => client.invalidateQueries({ queryKey: webhookKeys.all });

  return (
    <Stack gap="md" component="section" aria-labelledby="webhooks-title">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} id="webhooks-title">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {t('intro')}
          </Text>
        </div>
        <Button onClick={() => setCreating(true)}>{t('create')}</Button>
      </Group>
      {shown && <WebhookSecret {...shown} />}
      {endpoints.data.length === 0 ? (
        <Text c="dimmed">{t('none')}</Text>
      ) : (
        endpoints.data.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onChanged={refresh}
            onRotated={(secret) => setShown({ secret, url: endpoint.url, rotated: true })}
            // A deleted endpoint's secret is of no use any more: its notice goes with it.
            onDeleted={() => setShown((current) => (current?.url === endpoint.url ? undefined : current))}
          />
        ))
      )}
      {creating && (
        <WebhookEndpointForm
          create={webhooksApi.create}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setShown({ secret: created.secret, url: created.url, rotated: false });
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}

function EndpointCard({
  endpoint,
  onChanged,
  onRotated,
  onDeleted,
}: {
  endpoint: WebhookEndpoint;
  onChanged: () => void;
  onRotated: (secret: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const client = useQueryClient();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [askRotate, setAskRotate] = useState(false);
  const [tested, setTested] = useState(false);
  const toggle = useMutation({ mutationFn: (disabled: boolean) => webhooksApi.update(endpoint.id, { disabled }), onSuccess: onChanged });
  const rotate = useMutation({
    mutationFn: () => webhooksApi.rotate(endpoint.id),
    onSuccess: (rotated) => {
      setAskRotate(false);
      onRotated(rotated.secret);
      onChanged();
    },
  });
  const refreshDeliveries = () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
  const sendTest = useMutation({
    mutationFn: () => webhooksApi.sendTest(endpoint.id),
    onSuccess: () => {
      setTested(true);
      setShowDeliveries(true);
      void refreshDeliveries();
    },
  });
  const status = endpoint.disabled ? t(endpoint.disabled_reason === 'FAILING' ? 'status.failing' : 'status.off') : t('status.on');
  return (
    <Card withBorder padding="md" data-webhook-endpoint={endpoint.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
            {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
          </div>
          <Badge color={endpoint.disabled ? (endpoint.disabled_reason === 'FAILING' ? 'red.2' : 'gray.2') : 'green.2'} autoContrast>
            {status}
          </Badge>
        </Group>
        <Group gap={6}>
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline" tt="none">
              {event}
            </Badge>
          ))}
        </Group>
        {endpoint.disabled_reason === 'FAILING' && <Alert color="red">{t('failingHint')}</Alert>}
        <Group gap="sm" wrap="wrap">
          <Switch label={t('enabled')} checked={!endpoint.disabled} disabled={toggle.isPending} onChange={(event) => toggle.mutate(!event.currentTarget.checked)} />
          <Button variant="default" size="xs" loading={sendTest.isPending} onClick={() => sendTest.mutate()}>
            {t('sendTest')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setShowDeliveries((open) => !open)} aria-expanded={showDeliveries}>
            {showDeliveries ? t('hideDeliveries') : t('showDeliveries')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setAskRotate(true)}>
            {t('rotate')}
          </Button>
          <ConfirmedDelete
            label={t('delete', { url: endpoint.url })}
            title={t('deleteTitle')}
            question={t('deleteQuestion', { url: endpoint.url })}
            confirm={t('deleteConfirm')}
            path={webhooksApi.deletePath(endpoint.id)}
            invalidate={[webhookKeys.all]}
            onDeleted={onDeleted}
          />
        </Group>
        <Text role="status" size="sm" c="dimmed">
          {tested ? t('testQueued') : ''}
        </Text>
        {showDeliveries && <EndpointDeliveries endpointId={endpoint.id} />}
      </Stack>
      <Modal opened={askRotate} onClose={() => setAskRotate(false)} title={t('rotateTitle')} closeButtonProps={{ 'aria-label': t('close') }}>
        <Stack gap="md">
          <Text>{t('rotateQuestion', { url: endpoint.url })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAskRotate(false)} data-autofocus>
              {t('form.cancel')}
            </Button>
            <Button loading={rotate.isPending} onClick={() => rotate.mutate()}>
              {t('rotateConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function EndpointDeliveries({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation('webhooks');
  const client = useQueryClient();
  const deliveries = useQuery({ queryKey: webhookKeys.deliveries(endpointId), queryFn: () => webhooksApi.deliveries(endpointId), refetchInterval: 5000 });
  const retry = useMutation({
    mutationFn: (deliveryId: string) => webhooksApi.retry(endpointId, deliveryId),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
  if (deliveries.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (deliveries.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  return <WebhookDeliveries deliveries={deliveries.data} busyId={retry.isPending ? retry.variables : undefined} onRetry={(delivery) => retry.mutate(delivery.id)} />;
}
