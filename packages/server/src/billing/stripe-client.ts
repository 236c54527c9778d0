import Stripe from 'stripe';
import type { Config } from '../config.ts';

/** The official client, pointed at STRIPE_API_BASE when set (the tests' stand-in). */
export function createStripeClient(config: NonNullable<Config['stripe']>): Stripe {
  const base = config.apiBase;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}
