import { randomBytes } from 'node:crypto';

// Objects in the shapes Stripe documents for API version 2026-10-28 (the SDK's), reduced to
// the fields wartefrei reads or a test checks; each a plain JSON object like Stripe sends.

export const newId = (prefix: string) =>
  `${prefix}_test${randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const list = <T>(data: T[], url: string) => ({ object: 'list', data, has_more: false, url });

export interface PaymentMethodObject {
  id: string;
  object: 'payment_method';
  type: 'card' | 'sepa_debit';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string } | null;
  sepa_debit: { bank_code: string; branch_code: string; country: string; last4: string; fingerprint: string } | null;
  billing_details: { name: string | null; email: string | null };
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

/** Stripe's test card tokens (docs.stripe.com/testing): a charge to the last one is declined. */
const TEST_CARDS: Record<string, { brand: string; last4: string; declines: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', declines: false },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', declines: false },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0341', declines: true },
};

/** Stripe's test IBANs: this one's debits fail (docs.stripe.com/testing#sepa-direct-debit). */
const FAILING_IBANS = new Set(['AT861904300235473202', 'DE62370400440532013001']);

export function cardFromToken(token: string, customer: string | null): { method: PaymentMethodObject; declines: boolean } | undefined {
  const card = TEST_CARDS[token];
  if (!card) return undefined;
  return {
    declines: card.declines,
    method: {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, country: 'AT' },
      sepa_debit: null,
      billing_details: { name: null, email: null },
      created: nowSeconds(),
      livemode: false,
      metadata: {},
    },
  };
}

export function sepaFromIban(iban: string, name: string | null, customer: string | null): { method: PaymentMethodObject; declines: boolean } {
  return {
    declines: FAILING_IBANS.has(iban),
    method: {
      id: newId('pm'),
      object: 'payment_method',
      type: 'sepa_debit',
      customer,
      card: null,
      sepa_debit: { bank_code: iban.slice(4, 9), branch_code: '', country: iban.slice(0, 2), last4: iban.slice(-4), fingerprint: newId('fp') },
      billing_details: { name, email: null },
      created: nowSeconds(),
      livemode: false,
      metadata: {},
    },
  };
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: 'eur';
  description: string;
  quantity: number;
  period: { start: number; end: number };
}

export interface InvoiceObject {
  id: string;
  object: 'invoice';
  customer: string;
  customer_email: string | null;
  number: string | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  created: number;
  period_start: number;
  period_end: number;
  currency: 'eur';
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; url: string };
  subtotal: number;
  total: number;
  total_taxes: {
    amount: number;
    tax_behavior: 'exclusive';
    taxability_reason: 'standard_rated';
    taxable_amount: number;
    type: 'tax_rate_details';
    tax_rate_details: { tax_rate: string };
  }[];
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } } | null;
  billing_reason: string;
  collection_method: string;
  default_payment_method: string | null;
  default_tax_rates: string[];
  description: string | null;
  post_payment_credit_notes_amount: number;
  metadata: Record<string, string>;
  livemode: false;
}

/** Recomputes an invoice's totals from its lines and its tax rate (percent on top, half up). */
export function totalInvoice(invoice: InvoiceObject, tax: { id: string; percentage: number } | undefined): void {
  const subtotal = invoice.lines.data.reduce((sum, line) => sum + line.amount, 0);
  const vat = tax ? Math.floor((subtotal * tax.percentage + 50) / 100) : 0;
  invoice.subtotal = subtotal;
  invoice.total = subtotal + vat;
  invoice.total_taxes = tax
    ? [{ amount: vat, tax_behavior: 'exclusive', taxability_reason: 'standard_rated', taxable_amount: subtotal, type: 'tax_rate_details', tax_rate_details: { tax_rate: tax.id } }]
    : [];
  invoice.amount_due = invoice.status === 'paid' ? 0 : invoice.total;
  invoice.amount_remaining = invoice.amount_due;
}
