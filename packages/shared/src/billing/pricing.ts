// Prices of docs/product.md#constants-and-limits, in euro cents, net of VAT.
//
// The price list says "89 € per list per month" and also "2 lists free per location, each further
// list 29,99 €". Read literally, both cannot hold at once, so we read it like this:
//
//   - The subscription (89 €/month introductory for the first 20 practices, 139 € afterwards) is
//     the practice's base price. It includes the first location.
//   - Each further location costs 29,99 €/month.
//   - Every location includes 2 waiting lists. The included lists are counted across the whole
//     practice (2 locations → 4 lists included, however they are spread).
//   - Each waiting list beyond the included ones costs 29,99 €/month.
//   - Kiosk and monitor are bought once, 699 € each.
//   - VAT (20 %) is added to the sum and rounded to the cent, half up.
//
// So the smallest practice (1 location, 1–2 lists) pays exactly the headline 89 €.

/** Net prices in euro cents and the other constants of the price list. */
export const PRICES = {
  introductoryBaseCents: 8_900,
  regularBaseCents: 13_900,
  /** The introductory base price is for this many practices. */
  introductoryPractices: 20,
  extraLocationCents: 2_999,
  extraListCents: 2_999,
  includedListsPerLocation: 2,
  kioskCents: 69_900,
  monitorCents: 69_900,
  vatPercent: 20,
  trialDays: 14,
  currency: 'EUR',
} as const;

export type PriceTier = 'introductory' | 'regular';

/** Net, VAT and gross of an amount, all in cents. */
export interface VatBreakdown {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export interface SubscriptionInput {
  /** Number of locations (profiles), at least 1. */
  locations: number;
  /** Number of waiting lists across all locations, at least 1. */
  lists: number;
  tier: PriceTier;
}

export interface SubscriptionQuote extends VatBreakdown {
  baseCents: number;
  extraLocations: number;
  extraLocationsCents: number;
  includedLists: number;
  extraLists: number;
  extraListsCents: number;
}

export interface DevicesInput {
  kiosks: number;
  monitors: number;
}

export interface DevicesQuote extends VatBreakdown {
  kiosksCents: number;
  monitorsCents: number;
}

function requireCount(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}, got ${value}`);
  }
}

/** The 20 % VAT on a net amount in cents, rounded half up to the cent. */
export function vatOf(netCents: number): number {
  requireCount('netCents', netCents, 0);
  // Integer arithmetic: (net · 20 + 50) / 100, floored, is net · 0.2 rounded half up.
  return Math.floor((netCents * PRICES.vatPercent + 50) / 100);
}

/** Net, VAT and gross for a net amount in cents. */
export function withVat(netCents: number): VatBreakdown {
  const vatCents = vatOf(netCents);
  return { netCents, vatCents, grossCents: netCents + vatCents };
}

/** The monthly subscription price for a number of locations and waiting lists. */
export function quoteSubscription({ locations, lists, tier }: SubscriptionInput): SubscriptionQuote {
  requireCount('locations', locations, 1);
  requireCount('lists', lists, 1);
  const baseCents = tier === 'introductory' ? PRICES.introductoryBaseCents : PRICES.regularBaseCents;
  const extraLocations = locations - 1;
  const includedLists = locations * PRICES.includedListsPerLocation;
  const extraLists = Math.max(0, lists - includedLists);
  const extraLocationsCents = extraLocations * PRICES.extraLocationCents;
  const extraListsCents = extraLists * PRICES.extraListCents;
  return {
    baseCents,
    extraLocations,
    extraLocationsCents,
    includedLists,
    extraLists,
    extraListsCents,
    ...withVat(baseCents + extraLocationsCents + extraListsCents),
  };
}

/** The one-off price of kiosks and monitors. */
export function quoteDevices({ kiosks, monitors }: DevicesInput): DevicesQuote {
  requireCount('kiosks', kiosks, 0);
  requireCount('monitors', monitors, 0);
  const kiosksCents = kiosks * PRICES.kioskCents;
  const monitorsCents = monitors * PRICES.monitorCents;
  return { kiosksCents, monitorsCents, ...withVat(kiosksCents + monitorsCents) };
}

const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: PRICES.currency });

/** An amount in cents in German format, whatever the interface language: 8900 → "89,00 €". */
export function formatEuro(cents: number): string {
  return euroFormat.format(cents / 100);
}
