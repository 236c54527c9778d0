// Stripe webhooks, which keep the local billing record current: the signature is checked with the
// endpoint's secret, and each event id is handled once, since Stripe delivers an event again until
// it gets a 2xx.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { DatabaseSchema } from '../db/schema.ts';
import { recordStripeSubscription } from './stripe-subscriptions.ts';

type Db = Kysely<DatabaseSchema>;

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface WebhookOutcome {
  eventId: string;
  type: string;
  duplicate: boolean;
}

function accountIdOf(subscription: Stripe.Subscription): string | null {
  return subscription.metadata.account_id ?? null;
}

/**
 * Verifies and applies one webhook delivery. The event is recorded in the same transaction as
 * its effect, so a delivery that fails half-way is applied in full when Stripe retries it.
 */
export async function handleStripeWebhook(
  db: Db,
  stripe: Stripe,
  secret: string,
  payload: string,
  signature: string,
): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
  const duplicate = await db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('billing_webhook_events')
      .values({ id: event.id, type: event.type })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (recorded === undefined) return true;
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const accountId = accountIdOf(event.data.object);
        if (accountId !== null) await recordStripeSubscription(trx, accountId, event.data.object);
        break;
      }
      default:
        // Invoices are read from Stripe when listed; other events change nothing kept here.
        break;
    }
    return false;
  });
  return { eventId: event.id, type: event.type, duplicate };
}
