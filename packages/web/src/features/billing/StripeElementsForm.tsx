import { Loader, Stack } from '@mantine/core';
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentSetup } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { currentLanguage } from '../../i18n';
import { DialogActions } from '../../ui/DialogActions';
import { FormAlert } from '../../ui/FormAlert';
import type { AddProps } from './AddPaymentMethod';

/**
 * Stripe Elements' Payment Element for a SetupIntent (card or SEPA, with Stripe's own mandate
 * text): the details go from the browser to Stripe; we only learn that it worked. Loaded on
 * demand, as its own chunk, from js.stripe.com; when that fails the caller offers the test form.
 */
export function StripeElementsForm({ overview, type, onCancel, onAdded, onUnavailable }: AddProps & { onUnavailable: () => void }) {
  const { t } = useTranslation('billing');
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements; setupIntentId: string }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  // The parent's callback may change every render; the effect must run once per type.
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const stripe = await loadStripe(overview.stripe_publishable_key!, { locale: currentLanguage() === 'de' ? 'de' : 'en' });
        if (!stripe) throw new Error('Stripe.js unavailable');
        const setup = await api.post<PaymentSetup>('/payment-methods/setup', { type, mandate_accepted: type === 'sepa_debit' }, { silent: true });
        if (cancelled || !mount.current) return;
        const elements = stripe.elements({ clientSecret: setup.client_secret });
        elements.create('payment').mount(mount.current);
        setReady({ stripe, elements, setupIntentId: setup.setup_intent_id });
      } catch {
        if (!cancelled) unavailable.current();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [overview.stripe_publishable_key, type]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setFailure(undefined);
    const result = await ready.stripe.confirmSetup({ elements: ready.elements, redirect: 'if_required' });
    try {
      if (result.error) throw new Error(result.error.message);
      await api.post(`/payment-methods/setup/${ready.setupIntentId}/complete`, undefined, { silent: true });
      onAdded(type);
    } catch (error) {
      setFailure(`${t('methods.addFailed')}${error instanceof Error && error.message ? `: ${error.message}` : ''}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="sm">
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {!ready && <Loader size="sm" aria-label={t('methods.stripeLoading')} />}
        <div ref={mount} />
        <DialogActions onCancel={onCancel} cancelLabel={t('cancel')} submitLabel={t('methods.save')} busy={busy} />
      </Stack>
    </form>
  );
}
