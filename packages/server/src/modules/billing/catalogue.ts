import { PRICES, type PriceTier } from '@wartefrei/shared';
import type { Stripe } from '../../platform/stripe.js';

/**
 * The price list as Stripe prices, found by lookup key (the amount is in the key, so a new price
 * list makes new prices and leaves running subscriptions on theirs) and created on first use:
 * nothing to set up by hand in Stripe's dashboard.
 */
const PRICE_KEYS = {
  base_introductory: { key: `wartefrei_base_introductory_${PRICES.introductoryBaseCents}`, cents: PRICES.introductoryBaseCents, name: 'wartefrei Abonnement' },
  base_regular: { key: `wartefrei_base_regular_${PRICES.regularBaseCents}`, cents: PRICES.regularBaseCents, name: 'wartefrei Abonnement' },
  extra_location: { key: `wartefrei_extra_location_${PRICES.extraLocationCents}`, cents: PRICES.extraLocationCents, name: 'Weiterer Standort' },
  extra_list: { key: `wartefrei_extra_list_${PRICES.extraListCents}`, cents: PRICES.extraListCents, name: 'Weitere Warteliste' },
} as const;

export type PriceSlot = keyof typeof PRICE_KEYS;

export interface Catalogue {
  prices: Record<PriceSlot, string>;
  /** The 20 % VAT as a Stripe tax rate, added on top of the net prices. */
  taxRateId: string;
}

const VAT_MARKER = 'wartefrei_vat';
const cache = new WeakMap<Stripe, Promise<Catalogue>>();

async function loadCatalogue(stripe: Stripe): Promise<Catalogue> {
  const wanted = Object.values(PRICE_KEYS).map((p) => p.key);
  const found = await stripe.prices.list({ lookup_keys: wanted, active: true, limit: 100 });
  const byKey = new Map(found.data.filter((p) => p.lookup_key && (wanted as string[]).includes(p.lookup_key)).map((p) => [p.lookup_key!, p.id]));
  const prices = {} as Record<PriceSlot, string>;
  for (const [slot, spec] of Object.entries(PRICE_KEYS) as [PriceSlot, (typeof PRICE_KEYS)[PriceSlot]][]) {
    prices[slot] =
      byKey.get(spec.key) ??
      (
        await stripe.prices.create(
          { lookup_key: spec.key, currency: 'eur', unit_amount: spec.cents, recurring: { interval: 'month' }, product_data: { name: spec.name } },
          { idempotencyKey: `price-${spec.key}` },
        )
      ).id;
  }
  const rates = await stripe.taxRates.list({ active: true, limit: 100 });
  const vat = rates.data.find((r) => r.metadata?.[VAT_MARKER] === String(PRICES.vatPercent));
  const taxRateId =
    vat?.id ??
    (
      await stripe.taxRates.create(
        { display_name: 'USt', percentage: PRICES.vatPercent, inclusive: false, metadata: { [VAT_MARKER]: String(PRICES.vatPercent) } },
        { idempotencyKey: `tax-rate-vat-${PRICES.vatPercent}` },
      )
    ).id;
  return { prices, taxRateId };
}

/** The catalogue, loaded once per client; a failed load is tried again next time. */
export function catalogueOf(stripe: Stripe): Promise<Catalogue> {
  let pending = cache.get(stripe);
  if (!pending) {
    pending = loadCatalogue(stripe);
    cache.set(stripe, pending);
    pending.catch(() => cache.delete(stripe));
  }
  return pending;
}

/** The subscription's items for a number of locations and lists: the quantities follow the practice. */
export function subscriptionQuantities(tier: PriceTier, extraLocations: number, extraLists: number): [PriceSlot, number][] {
  return [
    [tier === 'introductory' ? 'base_introductory' : 'base_regular', 1],
    ['extra_location', extraLocations],
    ['extra_list', extraLists],
  ];
}
