/**
 * Why a single sign-on ended without a session, as the sign-in page is told (`?sso_error=`).
 * `unavailable` covers every fault of the provider, the network or the sign-in's own state: the
 * page shows platform spec section 8's 'Google Sign-In is temporarily unavailable; refresh and
 * retry.' The others are the person's situation, which retrying does not change.
 */
export type SsoFailureCode = 'unavailable' | 'no_account' | 'unverified_email';

export class SsoFailure extends Error {
  constructor(
    readonly code: SsoFailureCode,
    /** What went wrong, for the log (never a token, a code or the client secret). */
    readonly reason: string,
    /** The email the provider vouched for, when the failure is about it (for the audit log). */
    readonly email: string | null = null,
  ) {
    super(reason);
    this.name = 'SsoFailure';
  }
}

/** Any error of a sign-in as an SsoFailure: what is not one already is the provider's fault. */
export function toSsoFailure(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new SsoFailure('unavailable', typeof code === 'string' ? `${code}: ${message}` : message);
}
