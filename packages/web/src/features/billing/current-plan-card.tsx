import type { ParsedPlan, Subscription } from '@darkroom/core';
import { Link } from 'react-router';
import { Badge, Button, type BadgeColor } from '../../ui/index.ts';
import { formatProviderDate } from './billing.utils.ts';
import { planName, priceLabel } from './plans.utils.ts';

const secondaryLinkClass =
  'inline-flex h-10 items-center justify-center rounded-lg border border-zinc-300 bg-white px-4 text-sm font-medium text-zinc-900 hover:bg-zinc-50';

/** The subscription's state in words: when it renews, or when it ends. */
export function renewalText(subscription: Subscription): string {
  const end = formatProviderDate(subscription.current_period_end);
  if (subscription.status === 'canceled') return 'Canceled';
  if (subscription.cancel_at_period_end) return `Ends on ${end}`;
  return `Renews on ${end}`;
}

const STATUS_BADGES: Record<Subscription['status'], { text: string; color: BadgeColor }> = {
  active: { text: 'Active', color: 'green' },
  trialing: { text: 'Trial', color: 'blue' },
  past_due: { text: 'Payment due', color: 'red' },
  unpaid: { text: 'Unpaid', color: 'red' },
  incomplete: { text: 'Incomplete', color: 'yellow' },
  canceled: { text: 'Canceled', color: 'slate' },
};

function statusBadge(subscription: Subscription): { text: string; color: BadgeColor } {
  if (subscription.cancel_at_period_end && subscription.status !== 'canceled') {
    return { text: 'Ending', color: 'yellow' };
  }
  return STATUS_BADGES[subscription.status];
}

export function CurrentPlanCard({
  subscription,
  plan,
  onOpenPortal,
  openingPortal,
}: {
  subscription: Subscription;
  plan: ParsedPlan;
  onOpenPortal: () => void;
  openingPortal: boolean;
}) {
  const price = subscription.items.data[0]?.price;
  const badge = statusBadge(subscription);
  return (
    <section
      aria-labelledby="current-plan-heading"
      className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-zinc-200 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="current-plan-heading" className="text-sm font-medium text-zinc-600">
            Current plan
          </h2>
          <p className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900">
            {price ? planName(plan, price) : plan.planType}
          </p>
          <p className="mt-1 text-sm text-zinc-600">
            {price ? priceLabel(price) : ''}
            {price ? ' · ' : ''}
            {renewalText(subscription)}
          </p>
        </div>
        <Badge color={badge.color}>{badge.text}</Badge>
      </div>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row">
        <Link to="/billing/plans" className={secondaryLinkClass}>
          Compare plans
        </Link>
        <Button type="button" color="orange" working={openingPortal} onClick={onOpenPortal}>
          Manage billing
        </Button>
      </div>
    </section>
  );
}
