import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { ensureCatalogue } from './catalogue.ts';
import { localBillingProvider } from './local-provider.ts';
import type { BillingProvider } from './provider.ts';
import { syncStripePrices } from './stripe-catalogue.ts';
import { createStripeClient } from './stripe-client.ts';
import { stripeBillingProvider } from './stripe-provider.ts';

/** What billing reads of the app (its context, app.darkroom, has this shape). */
export interface BillingContext {
  config: Pick<Config, 'stripe'>;
  database: { db: Kysely<DatabaseSchema> };
}

const providers = new WeakMap<BillingContext, BillingProvider>();

/** The app's billing provider: Stripe when STRIPE_SECRET_KEY is set, the local ledger otherwise. */
export function billingProviderOf(context: BillingContext): BillingProvider {
  let provider = providers.get(context);
  if (provider === undefined) {
    const { db } = context.database;
    provider =
      context.config.stripe === null
        ? localBillingProvider(db)
        : stripeBillingProvider(db, context.config.stripe);
    providers.set(context, provider);
  }
  return provider;
}

/**
 * Readies billing when the app starts: the local ledger's catalogue is written, so every account
 * has a free plan to start on; Stripe's catalogue is mirrored when Stripe answers (plan limits
 * read the mirror), and read again whenever plans are listed.
 */
export async function prepareBilling(
  context: BillingContext,
  log: FastifyBaseLogger,
): Promise<void> {
  const { db } = context.database;
  if (context.config.stripe === null) {
    await ensureCatalogue(db);
    return;
  }
  try {
    await syncStripePrices(db, createStripeClient(context.config.stripe));
  } catch (error) {
    log.error({ err: error }, 'could not read the plan catalogue from Stripe');
  }
}
