import { Alert, Button, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { formatEuro, PRICES, withVat } from '@wartefrei/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSystemInformation } from '../../lib/system-information';
import { Page } from '../../ui/Page';
import classes from './Pricing.module.css';
import { PriceCalculator } from './PriceCalculator';

interface PriceRow {
  key: string;
  label: string;
  /** Net cents, or null for a line that costs nothing extra. */
  cents: number | null;
}

/** The price list, how the prices combine, and a calculator for a practice's monthly price. */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const info = useSystemInformation();
  const vat = PRICES.vatPercent;

  // A self-hosted server (no Stripe) sells nothing: no prices, no trial (issue 40 §10).
  if (!info.data) return <Page title={t('title')}>{info.isError ? <Text>{t('selfHosted.text')}</Text> : <Loader aria-label={t('loading')} />}</Page>;
  if (!info.data.payment_configured) {
    return (
      <Page title={t('title')}>
        <Alert variant="light" icon={<IconGift aria-hidden />} title={t('selfHosted.title')}>
          <Stack gap="sm" align="flex-start">
            <Text>{t('selfHosted.text')}</Text>
            <Button component={Link} to="/signup">
              {t('selfHosted.cta')}
            </Button>
          </Stack>
        </Alert>
      </Page>
    );
  }

  const rows: PriceRow[] = [
    { key: 'introductory', label: t('list.introductory', { count: PRICES.introductoryPractices }), cents: PRICES.introductoryBaseCents },
    { key: 'regular', label: t('list.regular'), cents: PRICES.regularBaseCents },
    { key: 'extraLocation', label: t('list.extraLocation'), cents: PRICES.extraLocationCents },
    { key: 'includedLists', label: t('list.includedLists', { count: PRICES.includedListsPerLocation }), cents: null },
    { key: 'extraList', label: t('list.extraList'), cents: PRICES.extraListCents },
    { key: 'kiosk', label: t('list.kiosk'), cents: PRICES.kioskCents },
    { key: 'monitor', label: t('list.monitor'), cents: PRICES.monitorCents },
  ];

  return (
    <Page title={t('title')}>
      <Text size="lg">{t('intro', { vat })}</Text>

      <Alert variant="light" icon={<IconGift aria-hidden />} title={t('trial.title', { days: PRICES.trialDays })}>
        <Stack gap="sm" align="flex-start">
          <Text>{t('trial.text')}</Text>
          <Button component={Link} to="/signup">
            {t('trial.cta')}
          </Button>
        </Stack>
      </Alert>

      <section aria-labelledby="pricing-list">
        <Title order={2} id="pricing-list" mb="sm">
          {t('list.title')}
        </Title>
        <Table captionSide="bottom" verticalSpacing="sm">
          <Table.Caption>{t('list.caption', { vat })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('list.item')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('list.net')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('list.gross')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={400}>
                  {row.label}
                </Table.Th>
                {row.cents === null ? (
                  <Table.Td colSpan={2} ta="right">
                    {t('list.included')}
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td className={classes.amount}>{formatEuro(row.cents)}</Table.Td>
                    <Table.Td className={classes.amount}>{formatEuro(withVat(row.cents).grossCents)}</Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>

      <section aria-labelledby="pricing-rules">
        <Title order={2} id="pricing-rules" mb="sm">
          {t('rules.title')}
        </Title>
        <List spacing="xs">
          <List.Item>
            {t('rules.base', {
              count: PRICES.introductoryPractices,
              intro: formatEuro(PRICES.introductoryBaseCents),
              regular: formatEuro(PRICES.regularBaseCents),
            })}
          </List.Item>
          <List.Item>{t('rules.lists', { count: PRICES.includedListsPerLocation })}</List.Item>
          <List.Item>{t('rules.extras', { location: formatEuro(PRICES.extraLocationCents), list: formatEuro(PRICES.extraListCents) })}</List.Item>
          <List.Item>{t('rules.devices', { price: formatEuro(PRICES.kioskCents) })}</List.Item>
          <List.Item>{t('rules.vat', { vat })}</List.Item>
        </List>
      </section>

      <PriceCalculator />
    </Page>
  );
}
