import { useQuery } from '@tanstack/react-query';
import type { BillingOverview, DeviceOrder, Invoice, PaymentMethod } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { getUser } from '../../lib/session';
import { basicAuth } from '../../lib/api';
import { currentLanguage } from '../../i18n';
import { queryKeys } from '../../lib/query-keys';
import { fileNameOf, saveBlob } from '../../lib/download';

export const useBillingOverview = () => useQuery({ queryKey: queryKeys.billing.overview, queryFn: () => api.get<BillingOverview>('/billing') });
export const usePaymentMethods = () => useQuery({ queryKey: queryKeys.billing.methods, queryFn: () => api.get<PaymentMethod[]>('/payment-methods') });
export const useInvoices = () => useQuery({ queryKey: queryKeys.billing.invoices, queryFn: () => api.get<Invoice[]>('/invoices') });
export const useDeviceOrders = () => useQuery({ queryKey: queryKeys.billing.orders, queryFn: () => api.get<DeviceOrder[]>('/device-orders') });

/** Fetches an invoice's PDF with the user's credentials and hands it to the browser as a download. */
export async function downloadInvoice(invoice: Invoice): Promise<void> {
  const user = getUser();
  const response = await fetch(`/invoices/${encodeURIComponent(invoice.id)}/pdf`, {
    headers: { 'accept-language': currentLanguage(), ...(user && { authorization: basicAuth(user.id, user.token) }) },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), `rechnung-${invoice.number ?? invoice.id}.pdf`));
}
