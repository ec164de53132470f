import { NumberInput, Paper, Radio, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatEuro, PRICES, quoteDevices, quoteSubscription, type PriceTier, type VatBreakdown } from '@wartefrei/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Pricing.module.css';

const LIMITS = {
  locations: { min: 1, max: 50 },
  lists: { min: 1, max: 200 },
  devices: { min: 0, max: 50 },
} as const;

/** A NumberInput's value as a whole number in range; an empty or partial entry counts as the minimum. */
function toCount(value: number | string, { min, max }: { min: number; max: number }): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

interface Line {
  key: string;
  label: string;
  cents: number;
}

/** Locations, lists and devices in; net, 20 % VAT and gross per month (and one-off) out. */
export function PriceCalculator() {
  const { t } = useTranslation('pricing');
  const [locationsInput, setLocations] = useState<number | string>(1);
  const [listsInput, setLists] = useState<number | string>(2);
  const [kiosksInput, setKiosks] = useState<number | string>(0);
  const [monitorsInput, setMonitors] = useState<number | string>(0);
  const [tier, setTier] = useState<PriceTier>('introductory');

  const monthly = quoteSubscription({
    locations: toCount(locationsInput, LIMITS.locations),
    lists: toCount(listsInput, LIMITS.lists),
    tier,
  });
  const kiosks = toCount(kiosksInput, LIMITS.devices);
  const monitors = toCount(monitorsInput, LIMITS.devices);
  const devices = quoteDevices({ kiosks, monitors });

  const monthlyLines: Line[] = [
    { key: 'base', label: t('calculator.base', { count: PRICES.includedListsPerLocation }), cents: monthly.baseCents },
    {
      key: 'extraLocations',
      label: t('calculator.extraLocations', { count: monthly.extraLocations, price: formatEuro(PRICES.extraLocationCents) }),
      cents: monthly.extraLocationsCents,
    },
    {
      key: 'extraLists',
      label: t('calculator.extraLists', { count: monthly.extraLists, price: formatEuro(PRICES.extraListCents) }),
      cents: monthly.extraListsCents,
    },
  ];
  const deviceLines: Line[] = [
    { key: 'kiosks', label: t('calculator.kioskLine', { count: kiosks, price: formatEuro(PRICES.kioskCents) }), cents: devices.kiosksCents },
    { key: 'monitors', label: t('calculator.monitorLine', { count: monitors, price: formatEuro(PRICES.monitorCents) }), cents: devices.monitorsCents },
  ];

  return (
    <section aria-labelledby="pricing-calculator">
      <Title order={2} id="pricing-calculator" mb="xs">
        {t('calculator.title')}
      </Title>
      <Text mb="md">{t('calculator.intro')}</Text>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('calculator.locations')}
              description={t('calculator.locationsDescription')}
              value={locationsInput}
              onChange={setLocations}
              {...LIMITS.locations}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              data-testid="calculator-locations"
            />
            <NumberInput
              label={t('calculator.lists')}
              description={t('calculator.listsDescription', { count: PRICES.includedListsPerLocation })}
              value={listsInput}
              onChange={setLists}
              {...LIMITS.lists}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              data-testid="calculator-lists"
            />
            <NumberInput
              label={t('calculator.kiosks')}
              description={t('calculator.devicesDescription')}
              value={kiosksInput}
              onChange={setKiosks}
              {...LIMITS.devices}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
            />
            <NumberInput
              label={t('calculator.monitors')}
              description={t('calculator.devicesDescription')}
              value={monitorsInput}
              onChange={setMonitors}
              {...LIMITS.devices}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
            />
          </SimpleGrid>

          <Radio.Group label={t('calculator.tier')} value={tier} onChange={(value) => setTier(value as PriceTier)}>
            <Stack gap="xs" mt="xs">
              <Radio value="introductory" label={t('calculator.introductory', { price: formatEuro(PRICES.introductoryBaseCents) })} />
              <Radio value="regular" label={t('calculator.regular', { price: formatEuro(PRICES.regularBaseCents) })} />
            </Stack>
          </Radio.Group>

          <QuoteTable title={t('calculator.monthly')} lines={monthlyLines} totals={monthly} testId="monthly" />
          {devices.netCents > 0 && <QuoteTable title={t('calculator.oneOff')} lines={deviceLines} totals={devices} testId="devices" />}

          <Text fw={600} aria-live="polite" data-testid="calculator-summary">
            {t('calculator.summary', {
              gross: formatEuro(monthly.grossCents),
              net: formatEuro(monthly.netCents),
              vat: formatEuro(monthly.vatCents),
            })}
          </Text>
        </Stack>
      </Paper>
    </section>
  );
}

function QuoteTable({ title, lines, totals, testId }: { title: string; lines: Line[]; totals: VatBreakdown; testId: string }) {
  const { t } = useTranslation('pricing');
  const amount = { className: classes.amount };
  const headingId = `pricing-calculator-${testId}`;
  return (
    <div>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {title}
      </Title>
      <Table verticalSpacing="xs" aria-labelledby={headingId} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('calculator.item')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('calculator.amount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.key}>
              <Table.Th scope="row" fw={400}>
                {line.label}
              </Table.Th>
              <Table.Td {...amount}>{formatEuro(line.cents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">{t('calculator.net')}</Table.Th>
            <Table.Td {...amount} data-testid={`${testId}-net`}>
              {formatEuro(totals.netCents)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {t('calculator.vat', { vat: PRICES.vatPercent })}
            </Table.Th>
            <Table.Td {...amount} data-testid={`${testId}-vat`}>
              {formatEuro(totals.vatCents)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('calculator.gross')}</Table.Th>
            <Table.Td {...amount} fw={700} data-testid={`${testId}-gross`}>
              {formatEuro(totals.grossCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </div>
  );
}
