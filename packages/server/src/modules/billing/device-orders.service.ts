import { formatEuro, PRICES, quoteDevices, translate, isSupportedLang, type CreateDeviceOrderInput, type DeviceOrder } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sendMail } from '../accounts/index.js';
import { listCountryCodes } from '../countries/index.js';
import { Stripe } from '../../platform/stripe.js';
import { catalogueOf } from './catalogue.js';
import {
  deleteDeviceOrder,
  findBillingContact,
  findDeviceOrder,
  insertDeviceOrder,
  listDeviceOrders,
  updateDeviceOrder,
  updateDeviceOrderByNumber,
  type DeviceOrderRow,
} from './billing.repo.js';
import { requireBillingAccount, stripeOf, viaStripe } from './subscription.service.js';

function present(row: DeviceOrderRow): DeviceOrder {
  return {
    id: row.id,
    number: row.number,
    items: [
      ...(row.kiosks > 0 ? [{ device: 'KIOSK' as const, quantity: row.kiosks, unit_cents: PRICES.kioskCents }] : []),
      ...(row.monitors > 0 ? [{ device: 'MONITOR' as const, quantity: row.monitors, unit_cents: PRICES.monitorCents }] : []),
    ],
    delivery_address: { street1: row.street1, postcode: row.postcode, city: row.city, province: row.province, country: row.country },
    net_cents: row.netCents,
    vat_cents: row.vatCents,
    gross_cents: row.grossCents,
    status: row.status,
    invoice_id: row.stripeInvoiceId,
    created_at: row.createdAt.toISOString(),
    shipped_at: row.shippedAt?.toISOString() ?? null,
  };
}

export async function listOrders(ctx: AppContext, actor: Actor): Promise<DeviceOrder[]> {
  return (await listDeviceOrders(ctx.db, actor.accountId)).map(present);
}

export async function getOrder(ctx: AppContext, actor: Actor, id: string): Promise<DeviceOrder> {
  const row = await findDeviceOrder(ctx.db, actor.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return present(row);
}

/** Adds up the items per device: the same device twice is one line. */
function countDevices(items: CreateDeviceOrderInput['items']) {
  const sum = (device: string) => items.filter((i) => i.device === device).reduce((n, i) => n + i.quantity, 0);
  return { kiosks: sum('KIOSK'), monitors: sum('MONITOR') };
}

/**
 * `POST /device-orders`: priced with the shared `quoteDevices`, stored, then charged through
 * Stripe as one invoice of its own (one-off items, VAT on top) to the default payment method;
 * a confirmation mail follows. When Stripe refuses, the order is not kept.
 */
export async function placeOrder(ctx: AppContext, actor: Actor, input: CreateDeviceOrderInput): Promise<DeviceOrder> {
  stripeOf(ctx);
  const account = await requireBillingAccount(ctx, actor.accountId);
  const codes = new Set((await listCountryCodes(ctx.db)).map((c) => c.isoCode.toUpperCase()));
  if (!codes.has(input.delivery_address.country)) throw new AppError('VALIDATION', { fields: { 'delivery_address.country': 'INVALID_VALUE' } });
  if (!account.stripeCustomerId || !account.defaultPaymentMethodId) throw new AppError('PAYMENT_METHOD_REQUIRED');
  const { kiosks, monitors } = countDevices(input.items);
  const quote = quoteDevices({ kiosks, monitors });
  const address = input.delivery_address;
  const order = await insertDeviceOrder(ctx.db, {
    accountId: account.id,
    orderedBy: actor.userId,
    kiosks,
    monitors,
    street1: address.street1,
    postcode: address.postcode,
    city: address.city,
    province: address.province ?? null,
    country: address.country,
    netCents: quote.netCents,
    vatCents: quote.vatCents,
    grossCents: quote.grossCents,
  });
  let invoiceId: string;
  try {
    invoiceId = await chargeOrder(ctx, order, account.stripeCustomerId, account.defaultPaymentMethodId);
  } catch (error) {
    await deleteDeviceOrder(ctx.db, order.id);
    throw error;
  }
  const saved = (await updateDeviceOrder(ctx.db, order.id, { stripeInvoiceId: invoiceId }))!;
  await mailConfirmation(ctx, saved);
  return present(saved);
}

async function chargeOrder(ctx: AppContext, order: DeviceOrderRow, customer: string, paymentMethod: string): Promise<string> {
  const stripe = stripeOf(ctx);
  const { taxRateId } = await viaStripe(ctx, 'catalogue', () => catalogueOf(stripe));
  const invoice = await viaStripe(ctx, 'invoice create', () =>
    stripe.invoices.create(
      {
        customer,
        collection_method: 'charge_automatically',
        auto_advance: false,
        pending_invoice_items_behavior: 'exclude',
        default_payment_method: paymentMethod,
        default_tax_rates: [taxRateId],
        description: `Bestellung Nr. ${order.number}`,
        metadata: { device_order_id: order.id },
      },
      { idempotencyKey: `device-order-${order.id}` },
    ),
  );
  const lines: [string, number, number][] = [
    ['Kiosk', order.kiosks, PRICES.kioskCents],
    ['Monitor', order.monitors, PRICES.monitorCents],
  ];
  for (const [name, quantity, cents] of lines.filter(([, quantity]) => quantity > 0)) {
    await viaStripe(ctx, 'invoice item create', () =>
      stripe.invoiceItems.create({ customer, invoice: invoice.id, quantity, unit_amount_decimal: Stripe.Decimal.from(cents), currency: 'eur', description: name }),
    );
  }
  await viaStripe(ctx, 'invoice finalize', () => stripe.invoices.finalizeInvoice(invoice.id));
  try {
    await stripe.invoices.pay(invoice.id);
  } catch (error) {
    // The order stands: the invoice stays open, Stripe retries, and the billing screen shows it.
    ctx.log.warn({ err: error, order: order.id }, 'Stripe: device order not paid at once');
  }
  return invoice.id;
}

async function mailConfirmation(ctx: AppContext, order: DeviceOrderRow) {
  const contact = await findBillingContact(ctx.db, order.accountId);
  if (!contact) return;
  const lang = isSupportedLang(contact.lang) ? contact.lang : 'de';
  const items = [
    order.kiosks > 0 ? `${order.kiosks} × ${translate(lang, 'mail', 'device_kiosk')} à ${formatEuro(PRICES.kioskCents)}` : '',
    order.monitors > 0 ? `${order.monitors} × ${translate(lang, 'mail', 'device_monitor')} à ${formatEuro(PRICES.monitorCents)}` : '',
  ].filter(Boolean);
  const address = [order.street1, `${order.postcode} ${order.city}`, order.province, order.country].filter(Boolean).join(', ');
  await sendMail(ctx, {
    to: contact.username,
    lang,
    subject: translate(lang, 'mail', 'device_order_subject', [String(order.number)]),
    greetingName: contact.displayName,
    body: translate(lang, 'mail', 'device_order_body', [String(order.number), items.join('\n'), formatEuro(order.grossCents), address]),
  });
}

/** The operator's command: marks an order shipped or cancelled (`npm run admin -- order <number> shipped`). */
export function setOrderStatus(db: Queryable, number: number, status: 'SHIPPED' | 'CANCELLED', now: Date) {
  return updateDeviceOrderByNumber(db, number, { status, shippedAt: status === 'SHIPPED' ? now : null });
}
