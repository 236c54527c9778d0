import { track } from '../../analytics/track.ts';

/** The analytics events of billing (spec platform section 7). */
export const BILLING_EVENTS = {
  paywallShown: 'Paywall Shown',
  paywallClicked: 'Paywall Clicked',
  planChanged: 'Plan Changed',
  subscriptionCanceled: 'Subscription Canceled',
  customerPortalOpened: 'Customer Portal Opened',
} as const;

/** What a plan limit stopped: the paywall events name it so refusals can be told apart. */
export type LimitedFeature = 'sources' | 'users';

export function trackPaywallShown(feature: LimitedFeature): void {
  track(BILLING_EVENTS.paywallShown, { feature, placement: 'plan_limit' });
}

export function trackPaywallClicked(feature: LimitedFeature): void {
  track(BILLING_EVENTS.paywallClicked, { feature, placement: 'plan_limit' });
}
