import { Button, Group, Modal, Text } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro, type BillingQuote } from '@wartefrei/shared';
import { api } from '../../lib/api';

type Change = { add_lists?: number; add_locations?: number };

/**
 * Before a change that costs (a further list or location): asks the server what the month costs
 * then, and when it costs more, shows both amounts and waits for the admin's yes. Answers true
 * when the change may go ahead; `dialog` must be rendered by the caller.
 */
export function useCostCheck(): { confirmCost: (change: Change) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation('billing');
  const [quote, setQuote] = useState<BillingQuote>();
  const answer = useRef<(yes: boolean) => void>(undefined);

  const confirmCost = async (change: Change): Promise<boolean> => {
    const next = await api.get<BillingQuote>('/billing/quote', { query: change, silent: true });
    if (!next.charged || next.difference_gross_cents <= 0) return true;
    setQuote(next);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  };
  const decide = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = undefined;
    setQuote(undefined);
  };

  const dialog = (
    <Modal opened={quote !== undefined} onClose={() => decide(false)} title={t('cost.title')} closeButtonProps={{ 'aria-label': t('close') }}>
      {quote && <Text data-cost-next={quote.next.gross_cents}>{t('cost.body', { current: formatEuro(quote.current.gross_cents), next: formatEuro(quote.next.gross_cents) })}</Text>}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => decide(false)} data-autofocus>
          {t('cost.cancel')}
        </Button>
        <Button onClick={() => decide(true)}>{t('cost.confirm')}</Button>
      </Group>
    </Modal>
  );
  return { confirmCost, dialog };
}
