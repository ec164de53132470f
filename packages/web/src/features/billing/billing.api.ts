import { useQuery } from '@tanstack/react-query';
import type { BillingOverview, DeviceOrder, Invoice, PaymentMethod } from '@wartefrei/shared';
import { api, apiResponse } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { fileNameOf, saveBlob } from '../../lib/download';

export const useBillingOverview = () => useQuery({ queryKey: queryKeys.billing.overview, queryFn: () => api.get<BillingOverview>('/billing') });
export const usePaymentMethods = () => useQuery({ queryKey: queryKeys.billing.methods, queryFn: () => api.get<PaymentMethod[]>('/payment-methods') });
export const useInvoices = () => useQuery({ queryKey: queryKeys.billing.invoices, queryFn: () => api.get<Invoice[]>('/invoices') });
export const useDeviceOrders = () => useQuery({ queryKey: queryKeys.billing.orders, queryFn: () => api.get<DeviceOrder[]>('/device-orders') });

/** Fetches an invoice's PDF through the API client (an expired session renews) and hands it to the browser as a download. */
export async function downloadInvoice(invoice: Invoice): Promise<void> {
  const response = await apiResponse(`/invoices/${encodeURIComponent(invoice.id)}/pdf`, { silent: true });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), `rechnung-${invoice.number ?? invoice.id}.pdf`));
}
