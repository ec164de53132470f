import { Badge, Button, Group, Loader, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateDeviceOrderInput, DEVICE_ORDER_QUANTITY_MAX, formatEuro, PRICES, quoteDevices, type BillingOverview, type Country, type DeviceOrder } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { validateWithSchema } from '../../lib/forms';
import { queryKeys } from '../../lib/query-keys';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { useDeviceOrders } from './billing.api';

type Items = { kiosks: number; monitors: number };

/** "1 Kiosk, 2 Monitore" in the interface language. */
function useItemsText() {
  const { t } = useTranslation('billing');
  return ({ kiosks, monitors }: Items) =>
    [kiosks > 0 ? t('devices.kioskItem', { count: kiosks }) : '', monitors > 0 ? t('devices.monitorItem', { count: monitors }) : ''].filter(Boolean).join(', ');
}

/** Ordering kiosks and monitors: the price with VAT before ordering, a confirmation, the orders so far. */
export function DeviceOrders({ overview }: { overview: BillingOverview }) {
  const { t, i18n } = useTranslation('billing');
  const client = useQueryClient();
  const orders = useDeviceOrders();
  const itemsText = useItemsText();
  const countries = useQuery({ queryKey: [...queryKeys.countries, i18n.language], queryFn: () => api.get<Country[]>('/countries') });
  const [items, setItems] = useState<Items>({ kiosks: 0, monitors: 1 });
  const form = useFormValues({ street1: '', postcode: '', city: '', province: '', country: 'AT' });
  const [confirming, setConfirming] = useState<CreateDeviceOrderInput>();
  const [done, setDone] = useState<DeviceOrder>();
  const quote = quoteDevices(items);
  const nothing = items.kiosks + items.monitors === 0;

  const body = (): CreateDeviceOrderInput => ({
    items: [
      ...(items.kiosks > 0 ? [{ device: 'KIOSK' as const, quantity: items.kiosks }] : []),
      ...(items.monitors > 0 ? [{ device: 'MONITOR' as const, quantity: items.monitors }] : []),
    ],
    delivery_address: { ...form.values, province: form.values.province.trim() || null },
  });
  // The address fields' messages arrive as `delivery_address.city`: the form's fields are `city`.
  const showErrors = (errors: Record<string, string>) => form.showErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace('delivery_address.', ''), v])));
  const { submit, busy, failure, setFailure } = useFormSubmit({
    schema: CreateDeviceOrderInput,
    showErrors,
    save: async (input: CreateDeviceOrderInput) => {
      const order = await api.post<DeviceOrder>('/device-orders', input, { silent: true });
      setConfirming(undefined);
      setDone(order);
      await client.invalidateQueries({ queryKey: queryKeys.billing.all });
    },
  });
  const ask = (event: FormEvent) => {
    event.preventDefault();
    setDone(undefined);
    if (nothing) return setFailure(t('devices.nothing'));
    setFailure(undefined);
    const input = body();
    const invalid = validateWithSchema(CreateDeviceOrderInput, input);
    showErrors(invalid);
    if (Object.keys(invalid).length === 0) setConfirming(input);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="billing-devices" id="devices">
      <Stack gap="sm">
        <Title order={2} size="h4" id="billing-devices">
          {t('devices.title')}
        </Title>
        <Text>{t('devices.intro', { price: formatEuro(PRICES.monitorCents) })}</Text>
        {!overview.has_payment_method && <FormAlert tone="info">{t('devices.needsMethod')}</FormAlert>}
        {done && <FormAlert tone="success">{t('devices.ordered', { number: done.number })}</FormAlert>}
        {failure && !confirming && <FormAlert tone="error">{failure}</FormAlert>}
        <form ref={form.formRef} onSubmit={ask} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label={t('devices.kiosks')}
                min={0}
                max={DEVICE_ORDER_QUANTITY_MAX}
                allowDecimal={false}
                value={items.kiosks}
                onChange={(v) => setItems((c) => ({ ...c, kiosks: Number(v) || 0 }))}
              />
              <NumberInput
                label={t('devices.monitors')}
                min={0}
                max={DEVICE_ORDER_QUANTITY_MAX}
                allowDecimal={false}
                value={items.monitors}
                onChange={(v) => setItems((c) => ({ ...c, monitors: Number(v) || 0 }))}
              />
              <TextInput label={t('devices.street1')} required autoComplete="street-address" {...form.textProps('street1')} />
              <TextInput label={t('devices.postcode')} required autoComplete="postal-code" {...form.textProps('postcode')} />
              <TextInput label={t('devices.city')} required autoComplete="address-level2" {...form.textProps('city')} />
              <TextInput label={t('devices.province')} autoComplete="address-level1" {...form.textProps('province')} />
              <Select
                label={t('devices.country')}
                required
                searchable
                data={(countries.data ?? []).map((c) => ({ value: c.iso_code, label: c.name }))}
                value={form.values.country}
                onChange={(value) => value && form.setValue('country', value)}
                error={form.errors.country}
                allowDeselect={false}
              />
            </SimpleGrid>
            <Text fw={600} aria-live="polite" data-device-total>
              {t('devices.total', { gross: formatEuro(quote.grossCents), net: formatEuro(quote.netCents), vat: formatEuro(quote.vatCents) })}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" disabled={!overview.has_payment_method}>
                {t('devices.order')}
              </Button>
            </Group>
          </Stack>
        </form>

        <Title order={3} size="h5">
          {t('devices.orders')}
        </Title>
        {orders.isPending && <Loader size="sm" aria-label={t('loading')} />}
        {orders.data?.length === 0 && <Text c="dimmed">{t('devices.noOrders')}</Text>}
        {orders.data?.map((order) => (
          <Group key={order.id} gap="xs" data-device-order={order.number}>
            <Text>
              {t('devices.orderLine', {
                number: order.number,
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(order.created_at)),
                items: itemsText({
                  kiosks: order.items.find((i) => i.device === 'KIOSK')?.quantity ?? 0,
                  monitors: order.items.find((i) => i.device === 'MONITOR')?.quantity ?? 0,
                }),
                gross: formatEuro(order.gross_cents),
              })}
            </Text>
            <Badge variant="light">{t(`devices.statuses.${order.status}`)}</Badge>
          </Group>
        ))}
      </Stack>
      <Modal opened={confirming !== undefined} onClose={() => setConfirming(undefined)} title={t('devices.confirmTitle')} closeButtonProps={{ 'aria-label': t('close') }}>
        <Text>{t('devices.confirm', { items: itemsText(items), gross: formatEuro(quote.grossCents) })}</Text>
        {failure && confirming && (
          <FormAlert tone="error" mt="sm">
            {failure}
          </FormAlert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(undefined)} data-autofocus>
            {t('cancel')}
          </Button>
          <Button loading={busy} onClick={() => confirming && void submit(confirming)}>
            {t('devices.order')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
