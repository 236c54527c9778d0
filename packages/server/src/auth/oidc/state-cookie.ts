import { MINUTE } from '@darkroom/core';
import type { SecretBox } from '../../crypto/secrets.ts';

/**
 * The HttpOnly cookie that binds a sign-in to the browser that started it: its state (CSRF,
 * RFC 6749 section 10.12), nonce (OpenID Connect Core 3.1.2.1) and PKCE verifier (RFC 7636) are
 * only ever in this browser, encrypted and authenticated (AES-256-GCM) so they can be neither
 * read nor forged (RFC 9700 section 4.7.1).
 */
export const SSO_STATE_COOKIE = 'darkroom_sso';

/** Long enough to sign in at the provider, short enough that a stale one is useless. */
export const SSO_STATE_TTL_MS = 10 * MINUTE;

/** Keeps a value encrypted for another purpose (a storage secret) from passing for a state. */
const PURPOSE = 'oidc_sign_in';

export interface SsoState {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** The dashboard path to return to after signing in, if any. */
  readonly next: string | null;
}

interface SealedState extends SsoState {
  readonly purpose: typeof PURPOSE;
  readonly expiresAt: number;
}

export function sealSsoState(secrets: SecretBox, state: SsoState, now = Date.now()): string {
  const sealed: SealedState = { purpose: PURPOSE, expiresAt: now + SSO_STATE_TTL_MS, ...state };
  return secrets.encrypt(JSON.stringify(sealed));
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The state sealed in `cookie`, or null when it is forged, damaged, of another purpose or stale. */
export function openSsoState(
  secrets: SecretBox,
  cookie: string,
  now = Date.now(),
): SsoState | null {
  let value: Partial<Record<keyof SealedState, unknown>>;
  try {
    value = JSON.parse(secrets.decrypt(cookie)) as typeof value;
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || value.purpose !== PURPOSE) return null;
  if (typeof value.expiresAt !== 'number' || value.expiresAt <= now) return null;
  const { state, nonce, codeVerifier, next } = value;
  if (!isText(state) || !isText(nonce) || !isText(codeVerifier)) return null;
  return { state, nonce, codeVerifier, next: isText(next) ? next : null };
}
