import { Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingOverview } from '@wartefrei/shared';
import { FormAlert } from '../../ui/FormAlert';
import { TestPaymentForm } from './TestPaymentForm';

const StripeElementsForm = lazy(() => import('./StripeElementsForm').then((m) => ({ default: m.StripeElementsForm })));

export type MethodType = 'card' | 'sepa_debit';

export interface AddProps {
  overview: BillingOverview;
  type: MethodType;
  onCancel: () => void;
  onAdded: (type: MethodType) => void;
}

/**
 * Adding a card or a SEPA mandate: with Stripe's publishable key through Stripe Elements (the
 * card number goes to Stripe, never to us); on a test server, or where Stripe.js cannot load,
 * through the form with Stripe's test data.
 */
export function AddPaymentMethod({ overview, onCancel, onAdded }: Omit<AddProps, 'type'>) {
  const { t } = useTranslation('billing');
  const [type, setType] = useState<MethodType>('sepa_debit');
  const [elementsFailed, setElementsFailed] = useState(false);
  const useElements = overview.stripe_publishable_key !== null && !elementsFailed;
  const props = { overview, type, onCancel, onAdded };
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('methods.type')}
        value={type}
        onChange={(value) => setType(value as MethodType)}
        data={[
          { value: 'sepa_debit', label: t('methods.typeSepa') },
          { value: 'card', label: t('methods.typeCard') },
        ]}
      />
      {useElements ? (
        <Suspense fallback={<Loader size="sm" aria-label={t('methods.stripeLoading')} />}>
          <StripeElementsForm {...props} onUnavailable={() => setElementsFailed(true)} />
        </Suspense>
      ) : overview.test_mode ? (
        <>
          <FormAlert tone="info">{t('methods.testNotice')}</FormAlert>
          <TestPaymentForm key={type} {...props} />
        </>
      ) : (
        <Text>{t('methods.unavailable')}</Text>
      )}
    </Stack>
  );
}
