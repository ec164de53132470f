import { Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingOverview, PaymentMethod } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useUser } from '../../lib/session';
import { FormAlert } from '../../ui/FormAlert';
import { AddPaymentMethod } from './AddPaymentMethod';
import { usePaymentMethods } from './billing.api';

/** The practice's cards and SEPA mandates: add, make default, remove after a confirmation. */
export function PaymentMethods({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation('billing');
  const methods = usePaymentMethods();
  const client = useQueryClient();
  const accountId = useUser()?.account_id ?? '';
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod>();
  const [busy, setBusy] = useState<string>();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();

  const describe = (m: PaymentMethod) =>
    m.type === 'card'
      ? t('methods.card', { brand: (m.brand ?? '').toUpperCase(), last4: m.last4, month: String(m.exp_month ?? '').padStart(2, '0'), year: m.exp_year ?? '' })
      : t('methods.sepa', { iban: m.iban_masked ?? '', bank: m.bank_code ?? '' });

  const act = async (key: string, call: () => Promise<unknown>) => {
    setBusy(key);
    setMessage(undefined);
    try {
      await call();
      await client.invalidateQueries({ queryKey: queryKeys.billing.all });
      setRemoving(undefined);
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="billing-methods">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="billing-methods">
            {t('methods.title')}
          </Title>
          <Button onClick={() => setAdding(true)}>{t('methods.add')}</Button>
        </Group>
        {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
        {methods.isPending && <Loader size="sm" aria-label={t('loading')} />}
        {methods.isError && <FormAlert tone="error">{t('loadFailed')}</FormAlert>}
        {methods.data?.length === 0 && <Text c="dimmed">{t('methods.none')}</Text>}
        {methods.data?.map((m) => (
          <Group key={m.id} justify="space-between" data-payment-method={m.type}>
            <Group gap="xs">
              <Text>{describe(m)}</Text>
              {m.default && <Badge variant="light">{t('methods.default')}</Badge>}
            </Group>
            <Group gap="xs">
              {!m.default && (
                <Button
                  variant="subtle"
                  size="xs"
                  loading={busy === `default:${m.id}`}
                  onClick={() => void act(`default:${m.id}`, () => api.post(`/payment-methods/${m.id}/default`, undefined, { silent: true }))}
                >
                  {t('methods.makeDefault')}
                </Button>
              )}
              <Button variant="subtle" color="red" size="xs" onClick={() => setRemoving(m)} aria-label={`${t('methods.remove')}: ${describe(m)}`}>
                {t('methods.remove')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('methods.add')} closeButtonProps={{ 'aria-label': t('close') }} size="lg">
        <AddPaymentMethod
          overview={overview}
          onCancel={() => setAdding(false)}
          onAdded={(type) => {
            setAdding(false);
            setMessage({ tone: 'success', text: type === 'sepa_debit' ? t('methods.addedSepa') : t('methods.added') });
            void client.invalidateQueries({ queryKey: queryKeys.billing.all });
            // The account carries the state the staff banner shows.
            void client.invalidateQueries({ queryKey: queryKeys.account(accountId) });
          }}
        />
      </Modal>
      <Modal opened={removing !== undefined} onClose={() => setRemoving(undefined)} title={t('methods.removeConfirmTitle')} closeButtonProps={{ 'aria-label': t('close') }}>
        {removing && <Text>{t('methods.removeConfirm', { name: describe(removing) })}</Text>}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRemoving(undefined)} data-autofocus>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            loading={busy === 'remove'}
            onClick={() => removing && void act('remove', () => api.post(`/payment-methods/${removing.id}/detach`, undefined, { silent: true }))}
          >
            {t('methods.remove')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
