// The audit entries of subscription changes Stripe reports by webhook: a plan changed or a
// subscription cancelled in Stripe's customer portal or dashboard reaches Darkroom only this way.
// No one is signed in: the entry has no actor, and `via: stripe` says where the change came from.
// Stripe sends `customer.subscription.updated` at every renewal too, which changes nothing anyone
// chose: only an update whose `previous_attributes` (Stripe API reference, "The Event object")
// name a price, a status or a cancellation is recorded. A change made through the API
// (PATCH /billing/subscription) thus has two entries: its caller's, and Stripe's confirmation.
import type { FastifyRequest } from 'fastify';
import type { AuditDetails } from '../db/schema.ts';
import { recordAs } from './audit-log.ts';

interface SubscriptionItems {
  data?: { price?: { id?: unknown } }[];
}

interface SubscriptionFields {
  id?: unknown;
  status?: unknown;
  cancel_at_period_end?: unknown;
  cancel_at?: unknown;
  metadata?: { account_id?: unknown };
  items?: SubscriptionItems;
}

interface SubscriptionEvent {
  type?: unknown;
  data?: { object?: SubscriptionFields; previous_attributes?: Record<string, unknown> };
}

interface SubscriptionAudit {
  action: 'billing.subscription_changed' | 'billing.subscription_cancelled';
  accountId: string;
  subscriptionId: string;
  details: AuditDetails;
}

function priceIds(items: SubscriptionItems | undefined): string[] {
  return (items?.data ?? [])
    .map((item) => item.price?.id)
    .filter((id): id is string => typeof id === 'string');
}

/** The action an update records, or null for one that changed nothing anyone chose. */
function updateAction(
  subscription: SubscriptionFields,
  previous: Record<string, unknown> | undefined,
): SubscriptionAudit['action'] | null {
  // Stripe always sends them with an update; without them, what changed cannot be ruled out.
  if (previous === undefined) return 'billing.subscription_changed';
  // Ended now, or set to end at the period's end or at a set time.
  const cancelled =
    (Object.hasOwn(previous, 'status') && subscription.status === 'canceled') ||
    (Object.hasOwn(previous, 'cancel_at_period_end') &&
      subscription.cancel_at_period_end === true) ||
    (Object.hasOwn(previous, 'cancel_at') && typeof subscription.cancel_at === 'number');
  if (cancelled) return 'billing.subscription_cancelled';
  const before = priceIds(previous['items'] as SubscriptionItems | undefined);
  const now = priceIds(subscription.items);
  const priceChanged =
    Object.hasOwn(previous, 'plan') || (before.length > 0 && before.join(',') !== now.join(','));
  const chosen = ['status', 'cancel_at_period_end', 'cancel_at'].some((name) =>
    Object.hasOwn(previous, name),
  );
  return priceChanged || chosen ? 'billing.subscription_changed' : null;
}

/** What a verified Stripe event records in the audit log, or null. */
export function subscriptionAuditOf(event: SubscriptionEvent): SubscriptionAudit | null {
  const subscription = event.data?.object;
  const accountId = subscription?.metadata?.account_id;
  if (subscription === undefined || typeof accountId !== 'string') return null;
  if (typeof subscription.id !== 'string') return null;
  let action: SubscriptionAudit['action'] | null;
  switch (event.type) {
    case 'customer.subscription.created':
      action = 'billing.subscription_changed';
      break;
    case 'customer.subscription.deleted':
      action = 'billing.subscription_cancelled';
      break;
    case 'customer.subscription.updated':
      action = updateAction(subscription, event.data?.previous_attributes);
      break;
    default:
      action = null;
  }
  if (action === null) return null;
  const [price] = priceIds(subscription.items);
  return {
    action,
    accountId,
    subscriptionId: subscription.id,
    details: {
      via: 'stripe',
      stripe_event: String(event.type),
      ...(typeof subscription.status === 'string' ? { status: subscription.status } : {}),
      ...(price === undefined ? {} : { price_id: price }),
    },
  };
}

/** Records the subscription change of a webhook delivery Stripe signed, once per event. */
export async function recordStripeSubscriptionChange(
  request: FastifyRequest,
  payload: string,
): Promise<void> {
  const audit = subscriptionAuditOf(JSON.parse(payload) as SubscriptionEvent);
  if (audit === null) return;
  const target = { type: 'subscriptions', id: audit.subscriptionId };
  await recordAs(request, audit.action, target, audit.details, audit.accountId);
}
