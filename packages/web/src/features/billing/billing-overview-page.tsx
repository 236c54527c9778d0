import { parsePlan } from '@darkroom/core';
import { useAccountUsageQuery, useCurrentSubscriptionQuery } from '../../api/billing.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListError, ListSkeleton } from '../lists/list-states.tsx';
import { formatProviderDate } from './billing.utils.ts';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { UsageMeters } from './usage-meters.tsx';
import { usageRows } from './usage.utils.ts';
import { useOpenPortal } from './use-open-portal.ts';

/** The current plan and this period's usage against it (route /billing). */
export function BillingOverviewPage() {
  useDocumentTitle('Billing');
  const subscription = useCurrentSubscriptionQuery();
  const usage = useAccountUsageQuery();
  const portal = useOpenPortal();

  if (subscription.isPending) return <ListSkeleton label="Loading your plan" rows={3} />;
  if (subscription.isError) {
    return (
      <ListError
        message={errorMessageOf(subscription.error)}
        onRetry={() => void subscription.refetch()}
        retrying={subscription.isFetching}
      />
    );
  }
  const item = subscription.data.items.data[0];
  if (!item) {
    return (
      <ListError
        message="Your subscription has no plan."
        onRetry={() => void subscription.refetch()}
      />
    );
  }
  const plan = parsePlan({ price: item.price, metadata: subscription.data.metadata });
  const { current_period_start: start, current_period_end: end } = subscription.data;

  return (
    <div className="space-y-6">
      <CurrentPlanCard
        subscription={subscription.data}
        plan={plan}
        onOpenPortal={() => void portal.open()}
        openingPortal={portal.opening}
      />
      <section
        aria-labelledby="usage-heading"
        className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-zinc-200 sm:p-6"
      >
        <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="usage-heading" className="text-lg font-semibold text-zinc-900">
            Usage this period
          </h2>
          <p className="text-sm text-zinc-600">
            {formatProviderDate(start)} – {formatProviderDate(end)}
          </p>
        </div>
        {usage.isPending ? (
          <ListSkeleton label="Loading usage" rows={4} />
        ) : usage.isError ? (
          <ListError
            message={errorMessageOf(usage.error)}
            onRetry={() => void usage.refetch()}
            retrying={usage.isFetching}
          />
        ) : (
          <UsageMeters rows={usageRows(plan, usage.data)} />
        )}
      </section>
    </div>
  );
}
