import { parsePlan, type BillingPrice, type ParsedPlan } from '@darkroom/core';
import {
  useChangePlanMutation,
  useCurrentSubscriptionQuery,
  usePricesQuery,
} from '../../api/billing.ts';
import { track } from '../../analytics/track.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { Button, toast, useOverlay } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError, ListSkeleton } from '../lists/list-states.tsx';
import { BILLING_EVENTS } from './billing-events.ts';
import { PlanCard } from './plan-card.tsx';
import { allowanceRows, planChange, planName, priceLabel } from './plans.utils.ts';

interface PlanOption {
  price: BillingPrice;
  plan: ParsedPlan;
  name: string;
}

/** The confirmation's wording: what changes, and how the provider bills the rest of the period. */
function changeMessage(target: PlanOption, prorates: boolean): string {
  const charge = `${target.name} costs ${priceLabel(target.price)}.`;
  return prorates
    ? `${charge} The change applies now; the rest of this period is prorated on your next invoice.`
    : `${charge} The change applies now, and your next invoice bills the ${target.name} plan for the period.`;
}

/** Every plan side by side, with the way to move to another (route /billing/plans). */
export function PlansPage() {
  useDocumentTitle('Plans');
  const plans = usePricesQuery();
  const subscription = useCurrentSubscriptionQuery();
  const changePlan = useChangePlanMutation();
  const overlay = useOverlay();

  if (plans.isPending || subscription.isPending)
    return <ListSkeleton label="Loading plans" rows={3} />;
  const failed = plans.isError ? plans : subscription.isError ? subscription : null;
  if (failed) {
    return (
      <ListError
        message={errorMessageOf(failed.error)}
        onRetry={() => {
          void plans.refetch();
          void subscription.refetch();
        }}
        retrying={plans.isFetching || subscription.isFetching}
      />
    );
  }
  if (!plans.data || !subscription.data) return null;
  if (plans.data.length === 0) {
    return <ListEmpty title="No plans on sale" description="Ask your Darkroom administrator." />;
  }

  const currentItem = subscription.data.items.data[0];
  const currentPriceId = currentItem?.price.id ?? null;
  const currentPlan = currentItem ? parsePlan({ price: currentItem.price }) : null;
  const options: PlanOption[] = plans.data.map((price) => {
    const plan = parsePlan({ price });
    return { price, plan, name: planName(plan, price) };
  });

  const choose = async (target: PlanOption, change: 'upgrade' | 'downgrade') => {
    const confirmed = await overlay.confirm({
      title: `${change === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${target.name}?`,
      message: changeMessage(target, subscription.data.prorates),
      confirmLabel: `Switch to ${target.name}`,
      style: change === 'upgrade' ? 'confirmation' : 'attention',
    });
    if (!confirmed) return;
    try {
      await changePlan.mutateAsync(target.price.id);
      track(BILLING_EVENTS.planChanged, { plan: target.name, change });
      toast.success(`You are on the ${target.name} plan`);
    } catch (error) {
      toast.error('Could not change the plan', { description: errorMessageOf(error) });
    }
  };

  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading" className="mb-4 text-lg font-semibold text-zinc-900">
        Plans
      </h2>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => {
          const change = planChange(currentPlan, currentPriceId, {
            plan: option.plan,
            priceId: option.price.id,
          });
          const busy = changePlan.isPending && changePlan.variables === option.price.id;
          return (
            <PlanCard
              key={option.price.id}
              id={option.price.id}
              name={option.name}
              price={priceLabel(option.price)}
              allowances={allowanceRows(option.plan, option.price.currency)}
              current={change === 'current'}
              action={
                change === 'current' ? undefined : (
                  <Button
                    type="button"
                    className="w-full"
                    color={change === 'upgrade' ? 'orange' : 'default'}
                    variant={change === 'upgrade' ? 'primary' : 'secondary'}
                    working={busy}
                    disabled={changePlan.isPending}
                    aria-label={`${change === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${option.name}`}
                    onClick={() => void choose(option, change)}
                  >
                    {change === 'upgrade' ? 'Upgrade' : 'Downgrade'}
                  </Button>
                )
              }
            />
          );
        })}
      </div>
    </section>
  );
}
