import { isSafeNextPath } from '../../app/redirect.ts';

/** The label when the server has not said which provider it is (the platform spec's wording). */
export const DEFAULT_SSO_PROVIDER = 'Google';

/**
 * What the sign-in page says when a single sign-on came back with `?sso_error=`. Every fault of
 * the provider or the network reads as platform spec section 8's 'Google Sign-In is temporarily
 * unavailable; refresh and retry.'; the other two are the person's situation, which retrying
 * would not change.
 */
export function ssoFailureMessage(code: string, providerName: string): string {
  switch (code) {
    case 'no_account':
      return 'No Darkroom account uses this email; ask your administrator for an invitation.';
    case 'unverified_email':
      return `${providerName} has not verified this email address, so it cannot sign you in to Darkroom. Verify it with ${providerName} first, or sign in with your password.`;
    default:
      return ssoUnavailableMessage(providerName);
  }
}

export function ssoUnavailableMessage(providerName: string): string {
  return `${providerName} Sign-In is temporarily unavailable; refresh and retry.`;
}

/** Where the sign-in button sends the browser, asking to come back to `next`. */
export function ssoStartHref(startUrl: string, next: string | null): string {
  if (!isSafeNextPath(next)) return startUrl;
  return `${startUrl}${startUrl.includes('?') ? '&' : '?'}next=${encodeURIComponent(next)}`;
}

let takenCode: string | null = null;

/**
 * The one-time `sso_auth_code` the server put in the URL fragment after a single sign-on, or
 * null. The fragment is removed at once, so the code is neither kept in the history nor shown;
 * later calls return the same code until `forgetSsoAuthCode` (React may render twice).
 */
export function takeSsoAuthCode(): string | null {
  const hash = window.location.hash.replace(/^#/, '');
  const code = new URLSearchParams(hash).get('sso_auth_code');
  if (code !== null && code !== '') {
    takenCode = code;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }
  return takenCode;
}

/** Called once the code has been exchanged (or refused): it is never tried again. */
export function forgetSsoAuthCode(): void {
  takenCode = null;
}

const exchanges = new Map<string, Promise<unknown>>();

/** Runs `exchange` once per code, however many times a component asks (React StrictMode). */
export function exchangeOnce<T>(code: string, exchange: (code: string) => Promise<T>): Promise<T> {
  let pending = exchanges.get(code) as Promise<T> | undefined;
  if (pending === undefined) {
    pending = exchange(code);
    exchanges.set(code, pending);
  }
  return pending;
}
