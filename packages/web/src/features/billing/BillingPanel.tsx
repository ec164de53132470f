import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DeviceOrders } from './DeviceOrders';
import { DpaCard } from './DpaCard';
import { Invoices } from './Invoices';
import { PaymentMethods } from './PaymentMethods';
import { SubscriptionCard } from './SubscriptionCard';
import { useBillingOverview } from './billing.api';

/**
 * The billing screen's content (docs/product.md#billing): subscription and price, payment
 * methods, invoices, device orders, and the data processing agreement. A self-hosted server
 * shows that nothing is billed, and the agreement.
 */
export function BillingPanel() {
  const { t } = useTranslation('billing');
  const overview = useBillingOverview();
  if (overview.isPending) return <Loader aria-label={t('loading')} />;
  if (overview.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const data = overview.data;
  return (
    <Stack gap="lg">
      <SubscriptionCard overview={data} />
      {data.payment_configured && (
        <>
          <PaymentMethods overview={data} />
          <Invoices />
          <DeviceOrders overview={data} />
        </>
      )}
      <DpaCard />
    </Stack>
  );
}
