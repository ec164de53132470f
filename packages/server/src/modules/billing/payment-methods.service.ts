import type { PaymentMethod, PaymentTestConfirmInput } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { isStripeTestMode, type Stripe } from '../../platform/stripe.js';
import { attachMandatePaymentMethod, insertMandate, updateBillingAccount } from './billing.repo.js';
import { sepaMandateText } from './mandate.js';
import { ensureCustomer, ensureSubscription, findOwnStripeObject, requireBillingAccount, stripeOf, viaStripe } from './subscription.service.js';

/** A card shows brand, last four and expiry; a SEPA account its bank code and a masked IBAN. */
function present(method: Stripe.PaymentMethod, defaultId: string | null): PaymentMethod {
  const sepa = method.sepa_debit;
  return {
    id: method.id,
    type: method.type === 'sepa_debit' ? 'sepa_debit' : 'card',
    brand: method.card?.brand ?? null,
    last4: method.card?.last4 ?? sepa?.last4 ?? '',
    exp_month: method.card?.exp_month ?? null,
    exp_year: method.card?.exp_year ?? null,
    bank_code: sepa?.bank_code ?? null,
    iban_masked: sepa ? `${sepa.country ?? ''}•• •••• •••• •••• ${sepa.last4 ?? ''}` : null,
    default: method.id === defaultId,
  };
}

/** `GET /payment-methods`: empty on a self-hosted server and before the first one. */
export async function listPaymentMethods(ctx: AppContext, accountId: string): Promise<PaymentMethod[]> {
  const stripe = ctx.stripe;
  if (!stripe) return [];
  const account = await requireBillingAccount(ctx, accountId);
  if (!account.stripeCustomerId) return [];
  const methods = await viaStripe(ctx, 'payment methods list', () => stripe.paymentMethods.list({ customer: account.stripeCustomerId!, limit: 100 }));
  return methods.data.filter((m) => m.type === 'card' || m.type === 'sepa_debit').map((m) => present(m, account.defaultPaymentMethodId));
}

/**
 * `POST /payment-methods/setup`: a SetupIntent for the browser to confirm with Stripe (Elements),
 * so that card numbers never pass through us. A SEPA mandate's acceptance is recorded here, with
 * the text shown, the admin, the time and the client.
 */
export async function startSetup(ctx: AppContext, actor: Actor, input: { type: 'card' | 'sepa_debit'; mandate_accepted?: boolean }, client: { ip: string; userAgent: string }) {
  const stripe = stripeOf(ctx);
  if (input.type === 'sepa_debit' && !input.mandate_accepted) {
    throw new AppError('VALIDATION', { fields: { mandate_accepted: 'CONSENT_REQUIRED' } });
  }
  const account = await requireBillingAccount(ctx, actor.accountId);
  const customer = await ensureCustomer(ctx, account);
  const intent = await viaStripe(ctx, 'setup intent create', () =>
    stripe.setupIntents.create({
      customer,
      allowed_payment_method_types: [input.type],
      usage: 'off_session',
      metadata: { account_id: account.id },
    }),
  );
  if (input.type === 'sepa_debit') {
    await insertMandate(ctx.db, {
      accountId: account.id,
      userId: actor.userId,
      setupIntentId: intent.id,
      mandateText: sepaMandateText(),
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 500),
    });
  }
  return { setup_intent_id: intent.id, client_secret: intent.client_secret ?? '' };
}

/** The SetupIntent, if it is this practice's; a foreign or unknown one is a 404. */
async function ownSetupIntent(ctx: AppContext, accountId: string, id: string): Promise<Stripe.SetupIntent> {
  return (await findOwnStripeObject(ctx, accountId, 'setup intent retrieve', (stripe) => stripe.setupIntents.retrieve(id))).object;
}

/**
 * After the browser confirmed the SetupIntent (or its webhook came): the first payment method
 * becomes the default, the mandate row learns its payment method, and the subscription starts.
 * Idempotent: the browser's call and the webhook may both arrive.
 */
export async function completeSetup(ctx: AppContext, accountId: string, setupIntentId: string): Promise<PaymentMethod[]> {
  const stripe = stripeOf(ctx, 'NOT_FOUND');
  const intent = await ownSetupIntent(ctx, accountId, setupIntentId);
  const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  if (intent.status !== 'succeeded' || !methodId) throw new AppError('PAYMENT_SETUP_FAILED');
  const account = await requireBillingAccount(ctx, accountId);
  await attachMandatePaymentMethod(ctx.db, accountId, setupIntentId, methodId);
  if (!account.defaultPaymentMethodId) await makeDefault(ctx, stripe, account.stripeCustomerId!, accountId, methodId);
  await ensureSubscription(ctx, accountId);
  return listPaymentMethods(ctx, accountId);
}

/**
 * Confirms a SetupIntent on the server with Stripe's test payment data (a test card token or a
 * test IBAN): the billing screen's form where Stripe.js cannot load (tests, offline demo). Only
 * with a test key; with a live key the route does not exist (404).
 */
export async function confirmSetupForTest(ctx: AppContext, actor: Actor, setupIntentId: string, input: PaymentTestConfirmInput, client: { ip: string; userAgent: string }) {
  const stripe = stripeOf(ctx, 'NOT_FOUND');
  if (!ctx.config.stripe || !isStripeTestMode(ctx.config.stripe)) throw new AppError('NOT_FOUND');
  const intent = await ownSetupIntent(ctx, actor.accountId, setupIntentId);
  const sepa = [...(intent.allowed_payment_method_types ?? []), ...(intent.payment_method_types ?? [])].includes('sepa_debit');
  const params: Stripe.SetupIntentConfirmParams = sepa
    ? {
        payment_method_data: {
          type: 'sepa_debit',
          sepa_debit: { iban: (input.iban ?? '').replace(/\s+/g, '') },
          billing_details: { name: input.account_holder ?? '', email: undefined },
        },
        mandate_data: { customer_acceptance: { type: 'online', online: { ip_address: client.ip, user_agent: client.userAgent } } },
      }
    : { payment_method: input.card ?? 'pm_card_visa' };
  try {
    await stripe.setupIntents.confirm(setupIntentId, params);
  } catch (error) {
    ctx.log.warn({ err: error }, 'Stripe: test confirmation refused');
    throw new AppError('PAYMENT_SETUP_FAILED');
  }
  return completeSetup(ctx, actor.accountId, setupIntentId);
}

async function makeDefault(ctx: AppContext, stripe: Stripe, customerId: string, accountId: string, methodId: string) {
  await viaStripe(ctx, 'customer update', () => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: methodId } }));
  await updateBillingAccount(ctx.db, accountId, { defaultPaymentMethodId: methodId });
  const account = await requireBillingAccount(ctx, accountId);
  if (account.stripeSubscriptionId) {
    await viaStripe(ctx, 'subscription update', () => stripe.subscriptions.update(account.stripeSubscriptionId!, { default_payment_method: methodId }));
  }
}

/** The payment method, if it is attached to this practice's customer; else a 404. */
async function ownPaymentMethod(ctx: AppContext, accountId: string, id: string) {
  const found = await findOwnStripeObject(ctx, accountId, 'payment method retrieve', (stripe) => stripe.paymentMethods.retrieve(id));
  return { stripe: found.stripe, account: found.account, method: found.object };
}

/** `POST /payment-methods/{id}/default`. */
export async function setDefaultPaymentMethod(ctx: AppContext, actor: Actor, id: string): Promise<PaymentMethod[]> {
  const { stripe, account } = await ownPaymentMethod(ctx, actor.accountId, id);
  await makeDefault(ctx, stripe, account.stripeCustomerId!, account.id, id);
  await ensureSubscription(ctx, account.id);
  return listPaymentMethods(ctx, actor.accountId);
}

/** `POST /payment-methods/{id}/detach`: the default passes to another method, if one is left. */
export async function detachPaymentMethod(ctx: AppContext, actor: Actor, id: string): Promise<PaymentMethod[]> {
  const { stripe, account } = await ownPaymentMethod(ctx, actor.accountId, id);
  await viaStripe(ctx, 'payment method detach', () => stripe.paymentMethods.detach(id));
  if (account.defaultPaymentMethodId === id) {
    const rest = (await listPaymentMethods(ctx, actor.accountId)).filter((m) => m.id !== id);
    if (rest[0]) await makeDefault(ctx, stripe, account.stripeCustomerId!, account.id, rest[0].id);
    else await updateBillingAccount(ctx.db, account.id, { defaultPaymentMethodId: null });
  }
  return listPaymentMethods(ctx, actor.accountId);
}
