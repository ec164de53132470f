import Stripe from 'stripe';
import type { StripeConfig } from '../config.js';

/**
 * The official SDK, pointed at Stripe or, through `STRIPE_API_BASE`, at a Stripe-compatible
 * server (the tests' one on 127.0.0.1): the same calls either way.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'wartefrei' },
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** Test keys may confirm payment methods on the server with Stripe's test data; live keys never. */
export function isStripeTestMode(config: StripeConfig): boolean {
  return config.secretKey.startsWith('sk_test_');
}

export { Stripe };
