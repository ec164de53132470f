import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatEuro, PRICES, type BillingOverview } from '@wartefrei/shared';
import { FormAlert } from '../../ui/FormAlert';

const STATE_COLORS: Record<BillingOverview['subscription_state'], string> = {
  trial: 'blue',
  allPaid: 'green',
  notPaid: 'orange',
  deactivated: 'red',
  paymentExempt: 'gray',
};
// Light badges: their dark text keeps 4.5:1 (theme.ts darkens each light colour).

const dateOf = (iso: string, lang: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(new Date(iso));

/** Where the subscription stands (state, trial days, what to do) and the monthly price, itemised. */
export function SubscriptionCard({ overview }: { overview: BillingOverview }) {
  const { t, i18n } = useTranslation('billing');
  const state = overview.subscription_state;
  const price = overview.price;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="billing-subscription">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="billing-subscription">
            {t('subscription.title')}
          </Title>
          <Badge color={STATE_COLORS[state]} variant="light" size="lg" data-subscription-state={state}>
            {t(`subscription.states.${state}`)}
          </Badge>
        </Group>
        {state === 'trial' && overview.trial_end && overview.trial_days_left !== null && (
          <Text>{t('subscription.trialLeft', { count: overview.trial_days_left, date: dateOf(overview.trial_end, i18n.language) })}</Text>
        )}
        {state === 'allPaid' && overview.trial_end && <Text>{t('subscription.firstCharge', { date: dateOf(overview.trial_end, i18n.language) })}</Text>}
        {state === 'trial' && !overview.has_payment_method && <FormAlert tone="info">{t('subscription.trialNoCard')}</FormAlert>}
        {state === 'notPaid' && (
          <FormAlert tone="error">{t('subscription.notPaid', { date: overview.deactivation_at ? dateOf(overview.deactivation_at, i18n.language) : '—' })}</FormAlert>
        )}
        {state === 'deactivated' && <FormAlert tone="error">{t('subscription.deactivated')}</FormAlert>}
        {state === 'paymentExempt' && <Text c="dimmed">{overview.payment_configured ? t('subscription.exempt') : t('selfHosted')}</Text>}

        <Title order={3} size="h5" mt="xs">
          {t('price.title')} · {t(`price.tier_${price.tier}`)}
        </Title>
        <Table withRowBorders={false} aria-label={t('price.title')}>
          <Table.Tbody>
            <PriceRow label={t('price.base')} cents={price.base_cents} />
            {price.extra_locations > 0 && (
              <PriceRow label={t('price.extraLocations', { count: price.extra_locations, price: formatEuro(PRICES.extraLocationCents) })} cents={price.extra_locations_cents} />
            )}
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text size="sm" c="dimmed">
                  {t('price.includedLists', { included: price.included_lists, count: price.lists })}
                </Text>
              </Table.Td>
            </Table.Tr>
            {price.extra_lists > 0 && (
              <PriceRow label={t('price.extraLists', { count: price.extra_lists, price: formatEuro(PRICES.extraListCents) })} cents={price.extra_lists_cents} />
            )}
            <PriceRow label={t('price.net')} cents={price.net_cents} />
            <PriceRow label={t('price.vat')} cents={price.vat_cents} />
            <PriceRow label={t('price.gross')} cents={price.gross_cents} strong />
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

function PriceRow({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={strong ? 700 : 400}>{label}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text fw={strong ? 700 : 400} data-price={strong ? 'gross' : undefined}>
          {formatEuro(cents)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
