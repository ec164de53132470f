import { z } from 'zod';
import { DEVICE_ORDER_STATUSES, SUBSCRIPTION_STATES } from '../enums.js';

// The billing contract (docs/product.md#billing). Amounts are euro cents; the screens format them
// with `formatEuro`.

const Cents = z.number().int();

/** The monthly price as the shared `quoteSubscription` computes it. */
export const PriceBreakdown = z.object({
  tier: z.enum(['introductory', 'regular']),
  locations: z.number().int(),
  lists: z.number().int(),
  base_cents: Cents,
  extra_locations: z.number().int(),
  extra_locations_cents: Cents,
  included_lists: z.number().int(),
  extra_lists: z.number().int(),
  extra_lists_cents: Cents,
  net_cents: Cents,
  vat_cents: Cents,
  gross_cents: Cents,
});
export type PriceBreakdown = z.infer<typeof PriceBreakdown>;

/** `GET /billing`: where the practice stands. */
export const BillingOverview = z.object({
  /** False on a self-hosted server (no Stripe key): everything is free and nothing locks. */
  payment_configured: z.boolean(),
  subscription_state: z.enum(SUBSCRIPTION_STATES),
  trial_end: z.string().nullable(),
  trial_days_left: z.number().int().nullable(),
  /** The day `notPaid` becomes `deactivated`. */
  deactivation_at: z.string().nullable(),
  has_payment_method: z.boolean(),
  price: PriceBreakdown,
  /** Stripe's publishable key for Stripe Elements; null where the test form stands in. */
  stripe_publishable_key: z.string().nullable(),
  /** A Stripe test key: the screen may offer Stripe's test payment data (where Stripe.js cannot load). */
  test_mode: z.boolean(),
  /** The SEPA mandate text the admin accepts before adding a bank account. */
  sepa_mandate_text: z.string(),
});
export type BillingOverview = z.infer<typeof BillingOverview>;

/**
 * `GET /billing/quote?locations=&lists=` (counts after the change) or `?add_locations=&add_lists=`
 * (what the change adds): the monthly price now and after it.
 */
export const BillingQuoteQuery = z.object({
  locations: z.coerce.number().int().min(1).max(1000).optional(),
  lists: z.coerce.number().int().min(1).max(10_000).optional(),
  add_locations: z.coerce.number().int().min(0).max(100).optional(),
  add_lists: z.coerce.number().int().min(0).max(100).optional(),
});
export const BillingQuote = z.object({
  /** Whether the change costs the practice anything (false when exempt or self-hosted). */
  charged: z.boolean(),
  current: PriceBreakdown,
  next: PriceBreakdown,
  difference_gross_cents: Cents,
});
export type BillingQuote = z.infer<typeof BillingQuote>;

export const PaymentMethod = z.object({
  id: z.string(),
  type: z.enum(['card', 'sepa_debit']),
  /** Card: brand, last four digits, valid until (month/year). */
  brand: z.string().nullable(),
  last4: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  /** SEPA: the bank code and the IBAN masked but its country and last four. */
  bank_code: z.string().nullable(),
  iban_masked: z.string().nullable(),
  default: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** `POST /payment-methods/setup`: a SetupIntent the browser confirms with Stripe. */
export const PaymentSetupInput = z.strictObject({
  type: z.enum(['card', 'sepa_debit']).default('card'),
  /** For SEPA: the admin accepted the mandate text shown (`sepa_mandate_text`). */
  mandate_accepted: z.boolean().optional(),
});
export const PaymentSetup = z.object({ setup_intent_id: z.string(), client_secret: z.string() });
export type PaymentSetup = z.infer<typeof PaymentSetup>;

/**
 * `POST /payment-methods/setup/{id}/test-confirm`: confirms a SetupIntent on the server with
 * Stripe's test payment data — only against a Stripe test server, where Stripe.js cannot load.
 */
export const PaymentTestConfirmInput = z.strictObject({
  card: z.enum(['pm_card_visa', 'pm_card_mastercard', 'pm_card_chargeDeclined']).optional(),
  iban: z.string().trim().min(15).max(34).optional(),
  account_holder: z.string().trim().min(1).max(100).optional(),
});
export type PaymentTestConfirmInput = z.infer<typeof PaymentTestConfirmInput>;

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export const Invoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  sent_to: z.string().nullable(),
  date: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  refunded: z.boolean(),
  net_cents: Cents,
  vat_cents: Cents,
  gross_cents: Cents,
});
export type Invoice = z.infer<typeof Invoice>;

export const DeviceKind = z.enum(['KIOSK', 'MONITOR']);
export const DeliveryAddress = z.strictObject({
  street1: z.string().trim().min(1).max(200),
  postcode: z.string().trim().min(1).max(20),
  city: z.string().trim().min(1).max(100),
  province: z.string().trim().max(100).nullish(),
  /** ISO 3166 code as `GET /countries` lists it. */
  country: z
    .string()
    .trim()
    .length(2)
    .transform((c) => c.toUpperCase()),
});
/** The most devices of one kind an order may ask for. */
export const DEVICE_ORDER_QUANTITY_MAX = 50;
export const CreateDeviceOrderInput = z.strictObject({
  items: z
    .array(z.strictObject({ device: DeviceKind, quantity: z.number().int().min(1).max(DEVICE_ORDER_QUANTITY_MAX) }))
    .min(1)
    .max(2),
  delivery_address: DeliveryAddress,
});
export type CreateDeviceOrderInput = z.infer<typeof CreateDeviceOrderInput>;

export const DeviceOrder = z.object({
  id: z.uuid(),
  number: z.number().int(),
  items: z.array(z.object({ device: DeviceKind, quantity: z.number().int(), unit_cents: Cents })),
  delivery_address: z.object({
    street1: z.string(),
    postcode: z.string(),
    city: z.string(),
    province: z.string().nullable(),
    country: z.string(),
  }),
  net_cents: Cents,
  vat_cents: Cents,
  gross_cents: Cents,
  status: z.enum(DEVICE_ORDER_STATUSES),
  invoice_id: z.string().nullable(),
  created_at: z.string(),
  shipped_at: z.string().nullable(),
});
export type DeviceOrder = z.infer<typeof DeviceOrder>;
