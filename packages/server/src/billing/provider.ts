import type { BillingPrice, Invoice, InvoiceStatus, Subscription } from '@darkroom/core';

interface InvoiceQuery {
  limit: number;
  status?: InvoiceStatus;
  subscription?: string;
  customer?: string;
}

/** Which plan an account may move to, and with what. */
interface PlanChange {
  priceId: string;
  /** Makes a retried change one change at the provider. */
  idempotencyKey: string;
}

/**
 * What the billing API needs from whoever keeps the books: the local ledger (local-provider.ts)
 * or Stripe (stripe-provider.ts). Every call is for one account: an id of another account's
 * object answers as if it did not exist.
 */
export interface BillingProvider {
  readonly name: 'local' | 'stripe';
  /** Whether a plan change is prorated (the dashboard says so before confirming). */
  readonly prorates: boolean;
  listPrices(): Promise<BillingPrice[]>;
  currentSubscription(accountId: string): Promise<Subscription>;
  findSubscription(
    accountId: string,
    subscriptionId: string,
    expandProduct: boolean,
  ): Promise<Subscription | null>;
  listInvoices(accountId: string, query: InvoiceQuery, origin: string): Promise<Invoice[]>;
  changePlan(accountId: string, change: PlanChange): Promise<Subscription>;
  cancel(accountId: string, idempotencyKey: string): Promise<Subscription>;
  /** Where the customer manages billing; `returnUrl` is where the portal sends them back. */
  portalUrl(accountId: string, returnUrl: string): Promise<string>;
}

/** A plan the provider does not sell, or an object of another account: the API's 404 or 422. */
export class BillingNotFoundError extends Error {
  override name = 'BillingNotFoundError';
}
