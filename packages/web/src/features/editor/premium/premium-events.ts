import { track } from '../../../analytics/track.ts';

/** The paywall's analytics events (editor spec section 7). */
const PAYWALL_EVENTS = {
  shown: 'Paywall Shown',
  clicked: 'Paywall Clicked',
} as const;

export function trackPaywallShown(feature: string): void {
  track(PAYWALL_EVENTS.shown, { feature });
}

export function trackPaywallClicked(feature: string): void {
  track(PAYWALL_EVENTS.clicked, { feature });
}

/** An object replacement applied to the editor (editor spec section 7). */
export function trackObjectReplaced(): void {
  track('Object Replacement Success');
}
