import { Badge, Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@wartefrei/shared';

// Light shades with dark text (autoContrast): a light variant's coloured text on white is below 4.5:1.
const STATUS_COLOR: Record<WebhookDelivery['status'], string> = { PENDING: 'yellow.4', DELIVERED: 'green.2', FAILED: 'red.2' };

/** An endpoint's newest deliveries: what went out, how often, what the receiver answered, the next try; each can be sent again. */
export function WebhookDeliveries({ deliveries, onRetry, busyId }: { deliveries: WebhookDelivery[]; onRetry: (delivery: WebhookDelivery) => void; busyId?: string }) {
  const { t, i18n } = useTranslation('webhooks');
  const time = (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso)) : '—');
  if (deliveries.length === 0) return <Text c="dimmed">{t('deliveries.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={t('deliveries.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deliveries.event')}</Table.Th>
            <Table.Th>{t('deliveries.status')}</Table.Th>
            <Table.Th>{t('deliveries.attempts')}</Table.Th>
            <Table.Th>{t('deliveries.response')}</Table.Th>
            <Table.Th>{t('deliveries.next')}</Table.Th>
            <Table.Th>{t('deliveries.created')}</Table.Th>
            <Table.Th>{t('deliveries.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Table.Tr key={delivery.id} data-delivery={delivery.id}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {delivery.event_type}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[delivery.status]} autoContrast>
                  {t(`deliveries.statuses.${delivery.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td>{delivery.last_response_code ?? delivery.last_error ?? '—'}</Table.Td>
              <Table.Td>{delivery.status === 'PENDING' ? (delivery.next_attempt_at ? time(delivery.next_attempt_at) : t('deliveries.soon')) : '—'}</Table.Td>
              <Table.Td>{time(delivery.created_at)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  loading={busyId === delivery.id}
                  onClick={() => onRetry(delivery)}
                  aria-label={t('deliveries.retryLabel', { event: delivery.event_type, time: time(delivery.created_at) })}
                >
                  {t('deliveries.retry')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
