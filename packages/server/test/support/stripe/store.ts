import { isValidIban } from '@wartefrei/shared';
import { cardFromToken, list, newId, nowSeconds, sepaFromIban, totalInvoice, type InvoiceObject, type PaymentMethodObject } from './objects.js';

type Params = Record<string, unknown>;
type Answer = { status: number; body: unknown } | undefined;

interface SubscriptionObject {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: Record<string, unknown>; quantity: number }[]; has_more: false; url: string };
  default_payment_method: string | null;
  default_tax_rates: Record<string, unknown>[];
  trial_end: number | null;
  created: number;
  metadata: Record<string, string>;
  livemode: false;
}

const MONTH = 30 * 86_400;
const error = (status: number, type: string, message: string, code?: string): Answer => ({ status, body: { error: { type, message, code } } });

/**
 * What stripe-stateful-mock lacks, kept in memory per server: SetupIntents, PaymentMethods,
 * price-based Subscriptions (with their invoices), Invoices and InvoiceItems. Raises the events
 * Stripe would (`setup_intent.succeeded`, `invoice.paid`, `invoice.payment_failed`,
 * `customer.subscription.*`) through `emit`.
 */
export class BillingStore {
  readonly setupIntents = new Map<string, Record<string, unknown>>();
  readonly paymentMethods = new Map<string, PaymentMethodObject>();
  readonly declining = new Set<string>();
  readonly subscriptions = new Map<string, SubscriptionObject>();
  readonly invoices = new Map<string, InvoiceObject>();
  private readonly idempotent = new Map<string, Promise<Answer>>();
  private invoiceNumber = 0;

  constructor(
    private readonly outside: {
      readMock: (path: string) => Promise<Record<string, unknown> | undefined>;
      emit: (type: string, object: unknown) => void;
    },
  ) {}

  async handle(method: string, path: string, params: Params, idempotencyKey: string): Promise<Answer> {
    const cacheKey = method === 'POST' && idempotencyKey ? `${path}|${idempotencyKey}` : undefined;
    // Like Stripe: a repeated key gets the first request's answer, even while that one still runs.
    if (cacheKey && this.idempotent.has(cacheKey)) return this.idempotent.get(cacheKey);
    const answer = this.route(method, path, params);
    if (cacheKey) this.idempotent.set(cacheKey, answer);
    return answer;
  }

  private async route(method: string, path: string, p: Params): Promise<Answer> {
    const m = (pattern: RegExp) => pattern.exec(path);
    let hit: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetupIntent(p);
    if ((hit = m(/^\/v1\/setup_intents\/([^/]+)$/)) && method === 'GET') return this.found(this.setupIntents.get(hit[1]!));
    if ((hit = m(/^\/v1\/setup_intents\/([^/]+)\/confirm$/)) && method === 'POST') return this.confirmSetupIntent(hit[1]!, p);
    if (method === 'GET' && path === '/v1/payment_methods') {
      const data = [...this.paymentMethods.values()].filter((pm) => pm.customer === p.customer && (!p.type || pm.type === p.type));
      return { status: 200, body: list(data, path) };
    }
    if ((hit = m(/^\/v1\/payment_methods\/([^/]+)$/)) && method === 'GET') return this.found(this.paymentMethods.get(hit[1]!));
    if ((hit = m(/^\/v1\/payment_methods\/([^/]+)\/detach$/)) && method === 'POST') {
      const pm = this.paymentMethods.get(hit[1]!);
      if (!pm) return this.found(undefined);
      pm.customer = null;
      return { status: 200, body: pm };
    }
    if (method === 'POST' && path === '/v1/subscriptions') return this.createSubscription(p);
    if ((hit = m(/^\/v1\/subscriptions\/([^/]+)$/))) {
      if (method === 'GET') return this.found(this.subscriptions.get(hit[1]!));
      if (method === 'POST') return this.updateSubscription(hit[1]!, p);
    }
    if (method === 'POST' && path === '/v1/invoices') return this.createInvoice(p);
    if (method === 'GET' && path === '/v1/invoices') {
      const data = [...this.invoices.values()].filter((i) => i.customer === p.customer).reverse();
      return { status: 200, body: list(data, path) };
    }
    if ((hit = m(/^\/v1\/invoices\/([^/]+)$/)) && method === 'GET') return this.found(this.invoices.get(hit[1]!));
    if ((hit = m(/^\/v1\/invoices\/([^/]+)\/finalize$/)) && method === 'POST') return this.finalize(hit[1]!);
    if ((hit = m(/^\/v1\/invoices\/([^/]+)\/pay$/)) && method === 'POST') return this.pay(hit[1]!);
    if (method === 'POST' && path === '/v1/invoiceitems') return this.addInvoiceItem(p);
    // Test helper (not Stripe's): the next month of a subscription, invoiced and charged now.
    if ((hit = m(/^\/_test\/subscriptions\/([^/]+)\/renew$/)) && method === 'POST') return this.renew(hit[1]!);
    return undefined;
  }

  private found(object: unknown): Answer {
    return object ? { status: 200, body: object } : error(404, 'invalid_request_error', 'No such object', 'resource_missing');
  }

  private createSetupIntent(p: Params): Answer {
    const id = newId('seti');
    const types = (p.allowed_payment_method_types ?? p.payment_method_types ?? ['card']) as string[];
    const intent = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${newId('s').slice(7)}`,
      customer: p.customer ?? null,
      status: 'requires_payment_method',
      payment_method: null,
      allowed_payment_method_types: types,
      payment_method_types: types,
      usage: p.usage ?? 'off_session',
      mandate: null,
      created: nowSeconds(),
      livemode: false,
      metadata: p.metadata ?? {},
    };
    this.setupIntents.set(id, intent);
    return { status: 200, body: intent };
  }

  private confirmSetupIntent(id: string, p: Params): Answer {
    const intent = this.setupIntents.get(id);
    if (!intent) return this.found(undefined);
    const customer = (intent.customer as string | null) ?? null;
    const data = p.payment_method_data as { type?: string; sepa_debit?: { iban?: string }; billing_details?: { name?: string } } | undefined;
    let created: ReturnType<typeof cardFromToken>;
    if (typeof p.payment_method === 'string') {
      created = cardFromToken(p.payment_method, customer);
      if (!created) return error(400, 'invalid_request_error', `No such PaymentMethod: '${p.payment_method}'`, 'resource_missing');
    } else if (data?.type === 'sepa_debit') {
      const iban = String(data.sepa_debit?.iban ?? '').toUpperCase();
      if (!isValidIban(iban)) return error(400, 'invalid_request_error', 'The IBAN you provided is invalid.', 'invalid_bank_account_iban');
      if (!p.mandate_data) return error(400, 'invalid_request_error', 'mandate_data is required for sepa_debit.', 'parameter_missing');
      created = sepaFromIban(iban, data.billing_details?.name ?? null, customer);
    } else {
      return error(400, 'invalid_request_error', 'You must provide a payment method.', 'parameter_missing');
    }
    this.paymentMethods.set(created.method.id, created.method);
    if (created.declines) this.declining.add(created.method.id);
    Object.assign(intent, { status: 'succeeded', payment_method: created.method.id, mandate: data ? newId('mandate') : null });
    this.outside.emit('setup_intent.succeeded', intent);
    return { status: 200, body: intent };
  }

  private async taxRate(ids: unknown): Promise<{ id: string; percentage: number; object: Record<string, unknown> } | undefined> {
    const id = Array.isArray(ids) ? (ids[0] as string | undefined) : undefined;
    const rate = id ? await this.outside.readMock(`/v1/tax_rates/${id}`) : undefined;
    return rate ? { id: String(rate.id), percentage: Number(rate.percentage), object: rate } : undefined;
  }

  private async createSubscription(p: Params): Promise<Answer> {
    const customer = await this.outside.readMock(`/v1/customers/${String(p.customer)}`);
    if (!customer) return error(400, 'invalid_request_error', `No such customer: '${String(p.customer)}'`, 'resource_missing');
    const items = [];
    for (const item of (p.items ?? []) as { price: string; quantity?: string }[]) {
      const price = await this.outside.readMock(`/v1/prices/${item.price}`);
      if (!price) return error(400, 'invalid_request_error', `No such price: '${item.price}'`, 'resource_missing');
      items.push({ id: newId('si'), object: 'subscription_item' as const, price, quantity: Number(item.quantity ?? 1) });
    }
    const tax = await this.taxRate(p.default_tax_rates);
    const trialEnd = p.trial_end ? Number(p.trial_end) : null;
    const subscription: SubscriptionObject = {
      id: newId('sub'),
      object: 'subscription',
      customer: String(p.customer),
      status: trialEnd && trialEnd > nowSeconds() ? 'trialing' : 'active',
      items: list(items, '/v1/subscription_items') as SubscriptionObject['items'],
      default_payment_method: (p.default_payment_method as string | undefined) ?? null,
      default_tax_rates: tax ? [tax.object] : [],
      trial_end: trialEnd,
      created: nowSeconds(),
      metadata: (p.metadata as Record<string, string> | undefined) ?? {},
      livemode: false,
    };
    this.subscriptions.set(subscription.id, subscription);
    this.outside.emit('customer.subscription.created', subscription);
    // The first invoice: nothing during a trial (Stripe sends a paid 0 € invoice), else the month.
    const invoice = await this.subscriptionInvoice(subscription, subscription.status === 'trialing', 'subscription_create');
    await this.charge(invoice, subscription.default_payment_method);
    return { status: 200, body: subscription };
  }

  private async subscriptionInvoice(subscription: SubscriptionObject, free: boolean, reason: string): Promise<InvoiceObject> {
    const start = nowSeconds();
    const invoice = this.draft(subscription.customer, (await this.outside.readMock(`/v1/customers/${subscription.customer}`))?.email as string | null, {
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      billing_reason: reason,
      default_payment_method: subscription.default_payment_method,
    });
    invoice.lines.data = subscription.items.data.map((item) => ({
      id: newId('il'),
      object: 'line_item' as const,
      amount: free ? 0 : Number(item.price.unit_amount) * item.quantity,
      currency: 'eur' as const,
      description: `${item.quantity} × ${String((item.price as { nickname?: string }).nickname ?? item.price.lookup_key ?? item.price.id)}`,
      quantity: item.quantity,
      period: { start, end: start + MONTH },
    }));
    invoice.period_start = start;
    invoice.period_end = start + MONTH;
    const tax = subscription.default_tax_rates[0];
    totalInvoice(invoice, tax ? { id: String(tax.id), percentage: Number(tax.percentage) } : undefined);
    this.finalizeNumber(invoice);
    return invoice;
  }

  private draft(customer: string, email: string | null, extra: Partial<InvoiceObject>): InvoiceObject {
    const invoice: InvoiceObject = {
      id: newId('in'),
      object: 'invoice',
      customer,
      customer_email: email ?? null,
      number: null,
      status: 'draft',
      created: nowSeconds(),
      period_start: nowSeconds(),
      period_end: nowSeconds(),
      currency: 'eur',
      lines: list([], '/v1/invoices/lines') as InvoiceObject['lines'],
      subtotal: 0,
      total: 0,
      total_taxes: [],
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      parent: null,
      billing_reason: 'manual',
      collection_method: 'charge_automatically',
      default_payment_method: null,
      default_tax_rates: [],
      description: null,
      post_payment_credit_notes_amount: 0,
      metadata: {},
      livemode: false,
      ...extra,
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  private finalizeNumber(invoice: InvoiceObject) {
    invoice.status = 'open';
    invoice.number = `WF-${String(++this.invoiceNumber).padStart(4, '0')}`;
  }

  /** Charges an open invoice to a payment method: paid, or still open after a decline. */
  private async charge(invoice: InvoiceObject, paymentMethod: string | null): Promise<boolean> {
    const customer = await this.outside.readMock(`/v1/customers/${invoice.customer}`);
    const method = paymentMethod ?? (customer?.invoice_settings as { default_payment_method?: string } | undefined)?.default_payment_method ?? null;
    const ok = invoice.total === 0 || (method !== null && this.paymentMethods.has(method) && !this.declining.has(method));
    if (ok) {
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.total, amount_due: 0, amount_remaining: 0 });
      this.outside.emit('invoice.paid', invoice);
    } else {
      this.outside.emit('invoice.payment_failed', invoice);
    }
    return ok;
  }

  private async updateSubscription(id: string, p: Params): Promise<Answer> {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return this.found(undefined);
    if (typeof p.default_payment_method === 'string') subscription.default_payment_method = p.default_payment_method;
    return this.updateItems(subscription, p);
  }

  /** Quantities change in place (Stripe would prorate onto the next invoice; tests read the quantities). */
  private async updateItems(subscription: SubscriptionObject, p: Params): Promise<Answer> {
    for (const change of (p.items ?? []) as { id?: string; price?: string; quantity?: string }[]) {
      const existing = subscription.items.data.find((i) => i.id === change.id);
      if (existing) existing.quantity = Number(change.quantity ?? existing.quantity);
      else if (change.price) {
        const price = await this.outside.readMock(`/v1/prices/${change.price}`);
        if (!price) return error(400, 'invalid_request_error', `No such price: '${change.price}'`, 'resource_missing');
        subscription.items.data.push({ id: newId('si'), object: 'subscription_item', price, quantity: Number(change.quantity ?? 1) });
      }
    }
    this.outside.emit('customer.subscription.updated', subscription);
    return { status: 200, body: subscription };
  }

  private async createInvoice(p: Params): Promise<Answer> {
    const customer = await this.outside.readMock(`/v1/customers/${String(p.customer)}`);
    if (!customer) return error(400, 'invalid_request_error', `No such customer: '${String(p.customer)}'`, 'resource_missing');
    const tax = await this.taxRate(p.default_tax_rates);
    const invoice = this.draft(String(p.customer), (customer.email as string | null) ?? null, {
      default_payment_method: (p.default_payment_method as string | undefined) ?? null,
      default_tax_rates: tax ? [tax.id] : [],
      description: (p.description as string | undefined) ?? null,
      metadata: (p.metadata as Record<string, string> | undefined) ?? {},
    });
    return { status: 200, body: invoice };
  }

  private addInvoiceItem(p: Params): Answer {
    const invoice = this.invoices.get(String(p.invoice));
    if (!invoice || invoice.status !== 'draft') return error(400, 'invalid_request_error', 'The invoice must be a draft.', 'invoice_not_editable');
    const quantity = Number(p.quantity ?? 1);
    const amount = p.amount !== undefined ? Number(p.amount) : Math.round(Number(p.unit_amount_decimal) * quantity);
    const line = {
      id: newId('il'),
      object: 'line_item' as const,
      amount,
      currency: 'eur' as const,
      description: typeof p.description === 'string' ? p.description : '',
      quantity,
      period: { start: nowSeconds(), end: nowSeconds() },
    };
    invoice.lines.data.push(line);
    return { status: 200, body: { id: newId('ii'), object: 'invoiceitem', invoice: invoice.id, customer: invoice.customer, amount, quantity, description: line.description } };
  }

  private async finalize(id: string): Promise<Answer> {
    const invoice = this.invoices.get(id);
    if (!invoice) return this.found(undefined);
    if (invoice.status !== 'draft') return error(400, 'invalid_request_error', 'The invoice is already finalized.', 'invoice_not_editable');
    const taxId = invoice.default_tax_rates[0];
    const tax = taxId ? await this.taxRate([taxId]) : undefined;
    totalInvoice(invoice, tax);
    this.finalizeNumber(invoice);
    this.outside.emit('invoice.finalized', invoice);
    return { status: 200, body: invoice };
  }

  private async pay(id: string): Promise<Answer> {
    const invoice = this.invoices.get(id);
    if (!invoice) return this.found(undefined);
    if (invoice.status !== 'open') return error(400, 'invalid_request_error', 'Invoice is not open.', 'invoice_not_open');
    if (await this.charge(invoice, invoice.default_payment_method)) return { status: 200, body: invoice };
    return error(402, 'card_error', 'Your card was declined.', 'card_declined');
  }

  private async renew(id: string): Promise<Answer> {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return this.found(undefined);
    subscription.status = 'active';
    const invoice = await this.subscriptionInvoice(subscription, false, 'subscription_cycle');
    if (!(await this.charge(invoice, subscription.default_payment_method))) subscription.status = 'past_due';
    return { status: 200, body: invoice };
  }
}
