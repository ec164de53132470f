import { ActionIcon, Badge, Loader, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro, type Invoice } from '@wartefrei/shared';
import { FormAlert } from '../../ui/FormAlert';
import { downloadInvoice, useInvoices } from './billing.api';
import { SectionCard } from '../../ui/SectionCard';

const STATUS_COLORS: Record<Invoice['status'], string> = { draft: 'gray', open: 'orange', paid: 'green', void: 'gray', uncollectible: 'red' };

/** The practice's invoices, newest first, each downloadable as a PDF. */
export function Invoices() {
  const { t, i18n } = useTranslation('billing');
  const invoices = useInvoices();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso)) : '–');
  const download = async (invoice: Invoice) => {
    setBusy(invoice.id);
    setFailure(undefined);
    try {
      await downloadInvoice(invoice);
    } catch {
      setFailure(t('invoices.downloadFailed'));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <SectionCard id="billing-invoices" title={t('invoices.title')}>
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      {invoices.isPending && <Loader size="sm" aria-label={t('loading')} />}
      {invoices.isError && <FormAlert tone="error">{t('loadFailed')}</FormAlert>}
      {invoices.data?.length === 0 && <Text c="dimmed">{t('invoices.none')}</Text>}
      {invoices.data && invoices.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoices.number')}</Table.Th>
                <Table.Th>{t('invoices.date')}</Table.Th>
                <Table.Th>{t('invoices.period')}</Table.Th>
                <Table.Th>{t('invoices.sentTo')}</Table.Th>
                <Table.Th>{t('invoices.status')}</Table.Th>
                <Table.Th ta="right">{t('invoices.amount')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('invoices.download')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.map((invoice) => (
                <Table.Tr key={invoice.id} data-invoice={invoice.number ?? invoice.id}>
                  <Table.Td>{invoice.number ?? '–'}</Table.Td>
                  <Table.Td>{date(invoice.date)}</Table.Td>
                  <Table.Td>
                    {date(invoice.period_start)} – {date(invoice.period_end)}
                  </Table.Td>
                  <Table.Td>{invoice.sent_to ?? '–'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={STATUS_COLORS[invoice.status]} variant="light" style={{ overflow: 'visible' }}>
                      {t(`invoices.statuses.${invoice.status}`)}
                    </Badge>
                    {invoice.refunded && (
                      <Badge color="gray" variant="outline" ml={4}>
                        {t('invoices.refunded')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatEuro(invoice.gross_cents)}</Table.Td>
                  <Table.Td>
                    <Tooltip label={t('invoices.download')}>
                      <ActionIcon
                        variant="subtle"
                        loading={busy === invoice.id}
                        aria-label={t('invoices.downloadNamed', { number: invoice.number ?? invoice.id })}
                        onClick={() => void download(invoice)}
                      >
                        <IconDownload size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
