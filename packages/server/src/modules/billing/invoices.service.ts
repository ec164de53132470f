import { INVOICE_STATUSES, type Invoice } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { Stripe } from '../../platform/stripe.js';
import { renderInvoicePdf, vatOfInvoice } from './invoice-pdf.js';
import { findOwnStripeObject, requireBillingAccount, viaStripe } from './subscription.service.js';

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

export function presentInvoice(invoice: Stripe.Invoice): Invoice {
  const vat = vatOfInvoice(invoice);
  const line = invoice.lines?.data?.[0];
  return {
    id: invoice.id,
    number: invoice.number ?? null,
    sent_to: invoice.customer_email ?? null,
    date: iso(invoice.created)!,
    period_start: iso(line?.period?.start ?? invoice.period_start),
    period_end: iso(line?.period?.end ?? invoice.period_end),
    status: (INVOICE_STATUSES as readonly string[]).includes(invoice.status ?? '') ? (invoice.status as Invoice['status']) : 'draft',
    refunded: (invoice.post_payment_credit_notes_amount ?? 0) > 0,
    net_cents: invoice.total - vat,
    vat_cents: vat,
    gross_cents: invoice.total,
  };
}

/** `GET /invoices`: the practice's invoices, newest first; empty when self-hosted or before the first. */
export async function listInvoices(ctx: AppContext, actor: Actor): Promise<Invoice[]> {
  const stripe = ctx.stripe;
  if (!stripe) return [];
  const account = await requireBillingAccount(ctx, actor.accountId);
  if (!account.stripeCustomerId) return [];
  const invoices = await viaStripe(ctx, 'invoices list', () => stripe.invoices.list({ customer: account.stripeCustomerId!, limit: 100 }));
  return invoices.data.map(presentInvoice).sort((a, b) => b.date.localeCompare(a.date));
}

/** `GET /invoices/{id}/pdf`: the invoice as a PDF of ours (German, the screen's figures); a foreign id is a 404. */
export async function invoicePdf(ctx: AppContext, actor: Actor, id: string): Promise<{ filename: string; bytes: Uint8Array }> {
  const { object: invoice, account } = await findOwnStripeObject(ctx, actor.accountId, 'invoice retrieve', (stripe) => stripe.invoices.retrieve(id));
  const bytes = await renderInvoicePdf(invoice, { practice: account.displayName });
  const name = (invoice.number ?? invoice.id).replace(/[^A-Za-z0-9-]+/g, '-');
  return { filename: `rechnung-${name}.pdf`, bytes };
}
