import type { ReactNode } from 'react';
import { parsePlan } from '@darkroom/core';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import {
  useCancelSubscriptionMutation,
  useCurrentSubscriptionQuery,
  useInvoicesQuery,
} from '../../api/billing.ts';
import { track } from '../../analytics/track.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { isSafeNextPath } from '../../app/redirect.ts';
import { Button, toast, useOverlay } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListError, ListSkeleton } from '../lists/list-states.tsx';
import { BILLING_EVENTS } from './billing-events.ts';
import { formatMoney, formatProviderDate } from './billing.utils.ts';
import { renewalText } from './current-plan-card.tsx';
import { useOpenPortal } from './use-open-portal.ts';
import { planName, priceLabel } from './plans.utils.ts';

const OPEN_INVOICES = { limit: 100, statuses: ['open'] } as const;

const linkClass = 'text-sm font-medium text-brand-700 hover:underline';

/** The in-app path the portal was opened from, when `return_to` names one on this site. */
export function returnPathOf(returnTo: string | null, origin = window.location.origin) {
  if (!returnTo) return null;
  try {
    const url = new URL(returnTo, origin);
    const path = `${url.pathname}${url.search}`;
    return url.origin === origin && isSafeNextPath(path) ? path : null;
  } catch {
    return null;
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-zinc-600">{label}</dt>
      <dd className="text-sm font-medium text-zinc-900 sm:text-right">{children}</dd>
    </div>
  );
}

/** With Stripe configured the payment details live in Stripe's portal: this page leads there. */
function ProviderPortal({ returnPath }: { returnPath: string | null }) {
  const portal = useOpenPortal();
  return (
    <section
      aria-labelledby="provider-portal-heading"
      className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-zinc-200 sm:p-6"
    >
      <h2 id="provider-portal-heading" className="text-lg font-semibold text-zinc-900">
        Payment and subscription
      </h2>
      <p className="mt-1 text-sm text-zinc-600">
        Payment methods, billing details and cancellation are managed in the payment provider's
        secure portal.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          type="button"
          color="orange"
          working={portal.opening}
          onClick={() => void portal.open()}
        >
          Open the billing portal
        </Button>
        {returnPath && (
          <Link to={returnPath} className={linkClass}>
            Back to where you were
          </Link>
        )}
      </div>
    </section>
  );
}

/**
 * Darkroom's own customer portal (route /billing/portal), where no payment provider is
 * configured: the subscription, its payment details, plan change and cancellation.
 */
export function PortalPage() {
  useDocumentTitle('Payment and subscription');
  const [searchParams] = useSearchParams();
  const returnPath = returnPathOf(searchParams.get('return_to'));
  const subscription = useCurrentSubscriptionQuery();
  const openInvoices = useInvoicesQuery(OPEN_INVOICES);
  const cancel = useCancelSubscriptionMutation();
  const overlay = useOverlay();

  if (subscription.isPending) return <ListSkeleton label="Loading your subscription" rows={3} />;
  if (subscription.isError) {
    return (
      <ListError
        message={errorMessageOf(subscription.error)}
        onRetry={() => void subscription.refetch()}
        retrying={subscription.isFetching}
      />
    );
  }
  const current = subscription.data;
  const price = current.items.data[0]?.price;
  const name = price ? planName(parsePlan({ price }), price) : 'Unknown plan';
  const ending = current.cancel_at_period_end || current.status === 'canceled';
  const isFree = (price?.unit_amount ?? 0) === 0;
  const balance = openInvoices.data?.reduce((sum, invoice) => sum + invoice.amount_due, 0) ?? 0;
  const currency = price?.currency ?? openInvoices.data?.[0]?.currency ?? 'usd';

  if (current.provider === 'stripe') return <ProviderPortal returnPath={returnPath} />;

  const confirmCancel = async () => {
    const confirmed = await overlay.confirm({
      title: `Cancel the ${name} plan?`,
      message: `It stays active until ${formatProviderDate(current.current_period_end)}, which is billed as usual. After that the account moves to the free plan.`,
      confirmLabel: 'Cancel plan',
      dismissLabel: 'Keep plan',
      style: 'attention',
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync();
      track(BILLING_EVENTS.subscriptionCanceled, { plan: name });
      toast.success('Your plan is canceled', {
        description: renewalText({ ...current, cancel_at_period_end: true }),
      });
    } catch (error) {
      toast.error('Could not cancel the plan', { description: errorMessageOf(error) });
    }
  };

  return (
    <div className="space-y-6">
      {returnPath && (
        <Link to={returnPath} className={`${linkClass} inline-flex items-center gap-1`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to where you were
        </Link>
      )}
      <section
        aria-labelledby="subscription-heading"
        className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-zinc-200 sm:p-6"
      >
        <h2 id="subscription-heading" className="text-lg font-semibold text-zinc-900">
          Subscription
        </h2>
        <dl className="mt-2 divide-y divide-zinc-100">
          <Row label="Plan">{name}</Row>
          <Row label="Price">{price ? priceLabel(price) : '—'}</Row>
          <Row label="Status">{renewalText(current)}</Row>
        </dl>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <Link
            to="/billing/plans"
            className="inline-flex h-10 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
          >
            Change plan
          </Link>
          {!isFree && !ending && (
            <Button
              type="button"
              variant="secondary"
              working={cancel.isPending}
              onClick={() => void confirmCancel()}
            >
              Cancel plan
            </Button>
          )}
        </div>
      </section>
      <section
        aria-labelledby="payment-heading"
        className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-zinc-200 sm:p-6"
      >
        <h2 id="payment-heading" className="text-lg font-semibold text-zinc-900">
          Payment details
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          This Darkroom keeps its own books: invoices are issued here and settled with your Darkroom
          administrator.
        </p>
        <dl className="mt-2 divide-y divide-zinc-100">
          <Row label="Customer ID">
            <span className="font-mono text-xs">{current.customer}</span>
          </Row>
          <Row label="Billing currency">{currency.toUpperCase()}</Row>
          <Row label="Next invoice">
            {ending ? 'None after this period' : formatProviderDate(current.current_period_end)}
          </Row>
          <Row label="Open balance">
            {openInvoices.isPending
              ? 'Loading…'
              : openInvoices.isError
                ? 'Unavailable'
                : formatMoney(balance, currency)}
          </Row>
        </dl>
        <Link to="/billing/invoices" className={`${linkClass} mt-3 inline-block`}>
          See all invoices
        </Link>
      </section>
    </div>
  );
}
