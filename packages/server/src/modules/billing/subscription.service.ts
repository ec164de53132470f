import { PRICES, quoteSubscription, type PriceBreakdown, type PriceTier } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Stripe } from '../../platform/stripe.js';
import { catalogueOf, subscriptionQuantities } from './catalogue.js';
import { countPricedItems, countSubscribedPractices, findBillingAccount, findBillingContact, keepCustomerId, updateBillingAccount, type BillingAccount } from './billing.repo.js';

/**
 * The SDK, or BILLING_NOT_CONFIGURED on a self-hosted server; routes about one Stripe object say
 * NOT_FOUND instead (without Stripe, no such object exists).
 */
export function stripeOf(ctx: AppContext, otherwise: 'BILLING_NOT_CONFIGURED' | 'NOT_FOUND' = 'BILLING_NOT_CONFIGURED'): Stripe {
  if (!ctx.stripe) throw new AppError(otherwise);
  return ctx.stripe;
}

/** Runs a Stripe call; its failures become one stable error, logged with Stripe's own reason. */
export async function viaStripe<T>(ctx: AppContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error }, `Stripe: ${what} failed`);
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
}

/**
 * One Stripe object of the caller's practice: one that does not exist, or belongs to another
 * customer, is a 404 alike (a foreign id tells nothing).
 */
export async function findOwnStripeObject<T extends { customer?: string | { id: string } | null }>(
  ctx: AppContext,
  accountId: string,
  what: string,
  retrieve: (stripe: Stripe) => Promise<T>,
): Promise<{ object: T; account: BillingAccount; stripe: Stripe }> {
  const stripe = stripeOf(ctx, 'NOT_FOUND');
  const account = await requireBillingAccount(ctx, accountId);
  const object = await viaStripe(ctx, what, async () => {
    try {
      return await retrieve(stripe);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) throw new AppError('NOT_FOUND');
      throw error;
    }
  });
  const customer = typeof object.customer === 'string' ? object.customer : object.customer?.id;
  if (!account.stripeCustomerId || customer !== account.stripeCustomerId) throw new AppError('NOT_FOUND');
  return { object, account, stripe };
}

export async function requireBillingAccount(ctx: AppContext, accountId: string): Promise<BillingAccount> {
  const account = await findBillingAccount(ctx.db, accountId);
  if (!account) throw new AppError('NOT_FOUND');
  return account;
}

/** The tier a practice pays: fixed with its subscription, else what it would get today. */
async function tierOf(db: Queryable, account: BillingAccount): Promise<PriceTier> {
  if (account.priceTier) return account.priceTier;
  return (await countSubscribedPractices(db)) < PRICES.introductoryPractices ? 'introductory' : 'regular';
}

function breakdown(tier: PriceTier, locations: number, lists: number): PriceBreakdown {
  const q = quoteSubscription({ locations, lists, tier });
  return {
    tier,
    locations,
    lists,
    base_cents: q.baseCents,
    extra_locations: q.extraLocations,
    extra_locations_cents: q.extraLocationsCents,
    included_lists: q.includedLists,
    extra_lists: q.extraLists,
    extra_lists_cents: q.extraListsCents,
    net_cents: q.netCents,
    vat_cents: q.vatCents,
    gross_cents: q.grossCents,
  };
}

/** Counts after a change, or what it adds. */
export interface QuoteChange {
  locations?: number;
  lists?: number;
  add_locations?: number;
  add_lists?: number;
}

/** The monthly price of the practice as it is, and with other counts (a change the admin weighs). */
export async function priceOf(db: Queryable, account: BillingAccount, change: QuoteChange = {}) {
  const tier = await tierOf(db, account);
  const now = await countPricedItems(db, account.id);
  const locations = (change.locations ?? now.locations) + (change.add_locations ?? 0);
  const lists = (change.lists ?? now.lists) + (change.add_lists ?? 0);
  return { current: breakdown(tier, now.locations, now.lists), next: breakdown(tier, locations, lists) };
}

const running = new Map<string, Promise<unknown>>();

/**
 * Runs `work` after the previous work of the same key in this process: the browser's "done" and
 * Stripe's webhook may both start the subscription at once. Across nodes, Stripe's idempotency
 * keys make the second create answer the first's subscription.
 */
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = running.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  running.set(key, next);
  void next.finally(() => running.get(key) === next && running.delete(key)).catch(() => undefined);
  return next;
}

/** The practice's Stripe customer, created on first need with the first admin's address. */
export async function ensureCustomer(ctx: AppContext, account: BillingAccount): Promise<string> {
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const stripe = stripeOf(ctx);
  const contact = await findBillingContact(ctx.db, account.id);
  const customer = await viaStripe(ctx, 'customer create', () =>
    stripe.customers.create(
      {
        name: account.displayName,
        email: contact?.username,
        preferred_locales: [contact?.lang ?? 'de'],
        metadata: { account_id: account.id, account_identifier: account.identifier },
      },
      // Two first visits at once get the same customer from Stripe.
      { idempotencyKey: `customer-${account.id}` },
    ),
  );
  return keepCustomerId(ctx.db, account.id, customer.id);
}

/**
 * Starts the subscription once the practice has a payment method: its items follow the counts,
 * VAT on top, and a trial still running is kept (Stripe charges at its end). The price tier is
 * fixed here.
 */
export function ensureSubscription(ctx: AppContext, accountId: string): Promise<void> {
  return oneAtATime(`subscription:${accountId}`, () => startSubscription(ctx, accountId));
}

async function startSubscription(ctx: AppContext, accountId: string): Promise<void> {
  const account = await requireBillingAccount(ctx, accountId);
  if (account.stripeSubscriptionId || !account.stripeCustomerId || !account.defaultPaymentMethodId) return;
  if (account.subscriptionState === 'paymentExempt') return;
  const stripe = stripeOf(ctx);
  const tier = await tierOf(ctx.db, account);
  const { current } = await priceOf(ctx.db, account);
  const catalogue = await viaStripe(ctx, 'catalogue', () => catalogueOf(stripe));
  const now = ctx.clock.now();
  const trialEnd = account.subscriptionState === 'trial' && account.trialEnd && account.trialEnd > now ? account.trialEnd : undefined;
  const subscription = await viaStripe(ctx, 'subscription create', () =>
    stripe.subscriptions.create(
      {
        customer: account.stripeCustomerId!,
        items: subscriptionQuantities(tier, current.extra_locations, current.extra_lists).map(([slot, quantity]) => ({
          price: catalogue.prices[slot],
          quantity,
        })),
        default_payment_method: account.defaultPaymentMethodId!,
        default_tax_rates: [catalogue.taxRateId],
        ...(trialEnd && { trial_end: Math.floor(trialEnd.getTime() / 1000) }),
        metadata: { account_id: account.id },
      },
      { idempotencyKey: `subscription-${account.id}-${account.defaultPaymentMethodId}` },
    ),
  );
  await updateBillingAccount(ctx.db, account.id, { stripeSubscriptionId: subscription.id, priceTier: tier });
}

/**
 * Brings the subscription's quantities in line with the practice's locations and lists, with
 * proration: called after a list or location was added or removed.
 */
export async function syncSubscriptionQuantities(ctx: AppContext, accountId: string): Promise<void> {
  if (!ctx.stripe) return;
  const stripe = ctx.stripe;
  const account = await requireBillingAccount(ctx, accountId);
  if (!account.stripeSubscriptionId || !account.priceTier) return;
  const { current } = await priceOf(ctx.db, account);
  const catalogue = await viaStripe(ctx, 'catalogue', () => catalogueOf(stripe));
  const subscription = await viaStripe(ctx, 'subscription retrieve', () => stripe.subscriptions.retrieve(account.stripeSubscriptionId!));
  const wanted = subscriptionQuantities(account.priceTier, current.extra_locations, current.extra_lists);
  const items = wanted.map(([slot, quantity]) => {
    const existing = subscription.items.data.find((item) => item.price.id === catalogue.prices[slot]);
    return existing ? { id: existing.id, quantity } : { price: catalogue.prices[slot], quantity };
  });
  const unchanged = items.every((item) => 'id' in item && subscription.items.data.find((i) => i.id === item.id)?.quantity === item.quantity);
  if (unchanged) return;
  await viaStripe(ctx, 'subscription update', () => stripe.subscriptions.update(account.stripeSubscriptionId!, { items, proration_behavior: 'create_prorations' }));
}

/** After a change of lists or locations: syncs in the background; a failure is logged and the next change syncs all counts again. */
export function syncSubscriptionSoon(ctx: AppContext, accountId: string): void {
  if (!ctx.stripe) return;
  syncSubscriptionQuantities(ctx, accountId).catch((error: unknown) => ctx.log.error({ err: error, accountId }, 'billing: subscription quantities not synced'));
}
