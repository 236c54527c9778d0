import {
  INVOICE_STATUSES,
  type BillingPrice,
  type CustomerPortalSessionAttributes,
  type Invoice,
  type InvoiceStatus,
  type ResourceObject,
  type Subscription,
} from '@darkroom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';

// Spec platform section 7: the payment provider's objects reach the dashboard in the provider's
// own shape (snake_case, times in seconds, amounts in minor units), whether Stripe or Darkroom's
// local ledger answers. Invoices come through the passthrough route; the screens' other calls
// (/billing/...) wrap the same objects in JSON:API documents.
const PASSTHROUGH = '/stripe/passthrough/v1';

/** Spec section 7: the portal session is cached 10 s, invoices and subscriptions 60 s. */
const PORTAL_STALE_MS = 10_000;
const INVOICES_STALE_MS = 60_000;
const SUBSCRIPTION_STALE_MS = 60_000;

// The shapes are core's, shared with the server that produces them.
export type { BillingPrice, Invoice, InvoiceStatus } from '@darkroom/core';

/** Spec section 3 'Customer portal session'. */
export interface CustomerPortalSession extends CustomerPortalSessionAttributes {
  id: string;
}

interface ProviderList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}

export interface InvoiceQuery {
  limit?: number;
  /** Each status is asked for separately, in parallel, and the answers merged (spec section 7). */
  statuses?: readonly InvoiceStatus[];
  subscription?: string;
  customer?: string;
}

const billingKeys = {
  all: ['billing'] as const,
  invoices: (query: InvoiceQuery) => [...billingKeys.all, 'invoices', query] as const,
  portal: (redirectPage: string) => [...billingKeys.all, 'portal', redirectPage] as const,
};

/** An invoice answer that holds a status nobody asked for is wrong, not merely surprising. */
export class UnexpectedInvoiceStatusError extends Error {
  constructor(status: string) {
    super(`The billing service answered an invoice with the unexpected status "${status}".`);
    this.name = 'UnexpectedInvoiceStatusError';
  }
}

async function getInvoicesWithStatus(
  query: InvoiceQuery,
  status: InvoiceStatus | undefined,
  signal?: AbortSignal,
): Promise<Invoice[]> {
  const list = await apiFetch<ProviderList<Invoice>>(`${PASSTHROUGH}/invoices`, {
    query: {
      limit: query.limit,
      status,
      subscription: query.subscription,
      customer: query.customer,
    },
    signal,
  });
  const allowed: readonly string[] = status ? [status] : INVOICE_STATUSES;
  const unexpected = list.data.find((invoice) => !allowed.includes(invoice.status));
  if (unexpected) throw new UnexpectedInvoiceStatusError(unexpected.status);
  return list.data;
}

/**
 * `GET stripe/passthrough/v1/invoices`, newest first. With several statuses every one is fetched
 * in parallel; the first failure (in the order asked) is the answer (spec section 7).
 */
export async function getInvoices(query: InvoiceQuery, signal?: AbortSignal): Promise<Invoice[]> {
  const statuses = query.statuses?.length ? query.statuses : [undefined];
  const settled = await Promise.allSettled(
    statuses.map((status) => getInvoicesWithStatus(query, status, signal)),
  );
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  const byId = new Map<string, Invoice>();
  for (const result of settled) {
    if (result.status === 'fulfilled')
      for (const invoice of result.value) byId.set(invoice.id, invoice);
  }
  const merged = [...byId.values()].sort(
    (a, b) => (b.created ?? b.due_date ?? 0) - (a.created ?? a.due_date ?? 0),
  );
  return query.limit === undefined ? merged : merged.slice(0, query.limit);
}

/** `POST customer-portal-sessions`: a session whose URL opens the portal, returning to `redirectPage`. */
async function createCustomerPortalSession(redirectPage: string): Promise<CustomerPortalSession> {
  const document = await apiFetch<
    ApiDocument<{ id: string; attributes: CustomerPortalSessionAttributes }>
  >('/customer-portal-sessions', {
    method: 'POST',
    body: resourceDocument('customer_portal_sessions', { redirect_page: redirectPage }),
  });
  return { id: document.data.id, ...document.data.attributes };
}

export function useInvoicesQuery(query: InvoiceQuery) {
  return useQuery({
    queryKey: billingKeys.invoices(query),
    queryFn: ({ signal }) => getInvoices(query, signal),
    staleTime: INVOICES_STALE_MS,
  });
}

/** The portal session as a query: a second open within 10 s reuses it (spec section 7). */
export function portalSessionQuery(redirectPage: string) {
  return {
    queryKey: billingKeys.portal(redirectPage),
    queryFn: () => createCustomerPortalSession(redirectPage),
    staleTime: PORTAL_STALE_MS,
  };
}

/** Opens a portal session on demand; later opens make a new one, as a portal URL is short-lived. */
export function usePortalSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (redirectPage: string) => queryClient.fetchQuery(portalSessionQuery(redirectPage)),
  });
}

// ---- What the billing screens need beyond spec section 7: plans, the current subscription,
// plan change, cancellation and this period's usage.

/** The account's subscription with how its provider treats changes. */
export interface CurrentSubscription extends Subscription {
  /** Who keeps the books: the local ledger, or Stripe when configured. */
  provider: 'local' | 'stripe';
  /** Whether a plan change within the period is prorated (Stripe does, the ledger does not). */
  prorates: boolean;
}

/** What the account used in its current period (as invoices meter it) and holds now. */
export interface AccountUsage {
  periodStart: number;
  periodEnd: number;
  bandwidthBytes: number;
  originImages: number;
  sources: number;
  users: number;
}

type PriceResource = ResourceObject<'billing_prices', Omit<BillingPrice, 'id'>>;
type SubscriptionResource = ResourceObject<'subscriptions', Omit<CurrentSubscription, 'id'>>;
interface UsageAttributes {
  period_start: number;
  period_end: number;
  bandwidth_bytes: number;
  origin_images: number;
  sources: number;
  users: number;
}

const billingScreenKeys = {
  prices: () => [...billingKeys.all, 'prices'] as const,
  current: () => [...billingKeys.all, 'current-subscription'] as const,
  usage: () => [...billingKeys.all, 'usage'] as const,
};

function toSubscription(resource: SubscriptionResource): CurrentSubscription {
  return { id: resource.id, ...resource.attributes };
}

/** `GET /billing/prices`: the plans on sale, cheapest first, each with its product. */
async function getPrices(signal?: AbortSignal): Promise<BillingPrice[]> {
  const document = await apiFetch<ApiDocument<PriceResource[]>>('/billing/prices', { signal });
  return document.data.map((resource) => ({ id: resource.id, ...resource.attributes }));
}

/** `GET /billing/subscription`: the account's subscription, price and product expanded. */
async function getCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscription> {
  const document = await apiFetch<ApiDocument<SubscriptionResource>>('/billing/subscription', {
    signal,
  });
  return toSubscription(document.data);
}

/** `PATCH /billing/subscription`: moves the account to the plan of `priceId` now. */
async function changePlan(priceId: string): Promise<CurrentSubscription> {
  const document = await apiFetch<ApiDocument<SubscriptionResource>>('/billing/subscription', {
    method: 'PATCH',
    body: resourceDocument('subscriptions', { price_id: priceId }),
  });
  return toSubscription(document.data);
}

/** `DELETE /billing/subscription`: ends the plan at the end of the period. */
async function cancelSubscription(): Promise<CurrentSubscription> {
  const document = await apiFetch<ApiDocument<SubscriptionResource>>('/billing/subscription', {
    method: 'DELETE',
  });
  return toSubscription(document.data);
}

/** `GET /billing/usage`: this period's metered usage and the sources and users held. */
async function getAccountUsage(signal?: AbortSignal): Promise<AccountUsage> {
  const document = await apiFetch<ApiDocument<{ id: string; attributes: UsageAttributes }>>(
    '/billing/usage',
    { signal },
  );
  const usage = document.data.attributes;
  return {
    periodStart: usage.period_start,
    periodEnd: usage.period_end,
    bandwidthBytes: usage.bandwidth_bytes,
    originImages: usage.origin_images,
    sources: usage.sources,
    users: usage.users,
  };
}

export function usePricesQuery() {
  return useQuery({
    queryKey: billingScreenKeys.prices(),
    queryFn: ({ signal }) => getPrices(signal),
  });
}

/** `enabled: false` for a user without the Billing group, whom the API would refuse (403). */
export function useCurrentSubscriptionQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingScreenKeys.current(),
    queryFn: ({ signal }) => getCurrentSubscription(signal),
    staleTime: SUBSCRIPTION_STALE_MS,
    enabled,
  });
}

export function useAccountUsageQuery() {
  return useQuery({
    queryKey: billingScreenKeys.usage(),
    queryFn: ({ signal }) => getAccountUsage(signal),
  });
}

/** A changed or canceled plan changes every billing answer: all of them are read again. */
function useSubscriptionWrite<TVariables>(
  write: (variables: TVariables) => Promise<CurrentSubscription>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingScreenKeys.current(), subscription);
      return queryClient.invalidateQueries({
        queryKey: billingKeys.all,
        predicate: (query) => query.queryKey[1] !== 'current-subscription',
      });
    },
  });
}

export function useChangePlanMutation() {
  return useSubscriptionWrite(changePlan);
}

export function useCancelSubscriptionMutation() {
  return useSubscriptionWrite(cancelSubscription);
}
