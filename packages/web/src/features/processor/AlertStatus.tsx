import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Member } from '@wartefrei/shared';

/**
 * How a ticket's "almost your turn" alerts went (docs/product.md#alerts): each alert sent or
 * failed, with the failure's reason on hover; or the channels asked for while nothing was due.
 */
export function AlertStatus({ alerts }: { alerts: Member['alerts'] }) {
  const { t } = useTranslation('processor');
  if (alerts.deliveries.length === 0 && alerts.channels.length === 0) return null;
  const channels = alerts.channels.map((channel) => t(`alerts.channel.${channel}`)).join(', ');
  return (
    <Text size="xs" c="dimmed" component="div" data-alerts>
      <span>{t('alerts.label')}: </span>
      {alerts.deliveries.length === 0
        ? t('alerts.pending', { channels })
        : alerts.deliveries.map((delivery, index) => (
            <span key={`${delivery.channel}-${delivery.kind}`} title={delivery.error ?? undefined} data-state={delivery.state}>
              {index > 0 && ' · '}
              {t('alerts.entry', { channel: t(`alerts.channel.${delivery.channel}`), kind: t(`alerts.kind.${delivery.kind}`), state: t(`alerts.state.${delivery.state}`) })}
            </span>
          ))}
    </Text>
  );
}
