import { Checkbox, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidIban, type PaymentMethod, type PaymentSetup } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { DialogActions } from '../../ui/DialogActions';
import { FormAlert } from '../../ui/FormAlert';
import { useFormValues } from '../../ui/useFormValues';
import type { AddProps } from './AddPaymentMethod';

const TEST_CARDS = ['pm_card_visa', 'pm_card_mastercard', 'pm_card_chargeDeclined'] as const;

/**
 * The payment form of a Stripe test setup: a test card token or a test IBAN, confirmed by our
 * server with Stripe's test data. The SEPA mandate is shown and must be accepted first.
 */
export function TestPaymentForm({ overview, type, onCancel, onAdded }: AddProps) {
  const { t } = useTranslation('billing');
  const initial: { card: string; account_holder: string; iban: string; mandate: boolean } = { card: 'pm_card_visa', account_holder: '', iban: '', mandate: false };
  const form = useFormValues(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const { values } = form;
    if (type === 'sepa_debit') {
      const errors: Record<string, string> = {};
      if (values.account_holder.trim() === '') errors.account_holder = t('methods.holder');
      if (!isValidIban(values.iban)) errors.iban = t('methods.ibanInvalid');
      if (!values.mandate) errors.mandate = t('methods.mandateRequired');
      form.showErrors(errors);
      if (Object.keys(errors).length > 0) return;
    }
    setBusy(true);
    try {
      const setup = await api.post<PaymentSetup>('/payment-methods/setup', { type, mandate_accepted: type === 'sepa_debit' ? values.mandate : undefined }, { silent: true });
      const body = type === 'card' ? { card: values.card } : { iban: values.iban.replace(/\s+/g, ''), account_holder: values.account_holder.trim() };
      await api.post<PaymentMethod[]>(`/payment-methods/setup/${setup.setup_intent_id}/test-confirm`, body, { silent: true });
      onAdded(type);
    } catch (error) {
      setFailure(`${t('methods.addFailed')}${error instanceof Error && error.message ? `: ${error.message}` : ''}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form.formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {type === 'card' ? (
          <Select
            label={t('methods.testCard')}
            data={TEST_CARDS.map((value) => ({ value, label: t(`methods.testCards.${value}`) }))}
            value={form.values.card}
            onChange={(value) => value && form.setValue('card', value)}
            allowDeselect={false}
          />
        ) : (
          <>
            <TextInput label={t('methods.holder')} required autoComplete="name" {...form.textProps('account_holder')} />
            <TextInput label={t('methods.iban')} required placeholder="AT61 1904 3002 3457 3201" autoComplete="off" {...form.textProps('iban')} />
            <Paper withBorder p="sm" bg="gray.0">
              <Text fw={600} size="sm">
                {t('methods.mandateTitle')}
              </Text>
              <Text size="sm" data-mandate-text>
                {overview.sepa_mandate_text}
              </Text>
            </Paper>
            <Checkbox
              label={t('methods.mandateAccept')}
              checked={form.values.mandate}
              onChange={(event) => form.setValue('mandate', event.currentTarget.checked)}
              error={form.errors.mandate}
            />
          </>
        )}
        <DialogActions onCancel={onCancel} cancelLabel={t('cancel')} submitLabel={t('methods.save')} busy={busy} />
      </Stack>
    </form>
  );
}
