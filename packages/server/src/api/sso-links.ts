import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../config.ts';
import type { SsoFailureCode } from '../auth/oidc/sso-failure.ts';
import { SSO_STATE_TTL_MS } from '../auth/oidc/state-cookie.ts';
import { SSO_AUTH_CODE_TTL_MS } from '../store/sso-auth-codes.ts';
import { API_PREFIX } from './prefix.ts';

// The addresses a single sign-on passes through, all built from PUBLIC_URL, never from a request's
// Host header: the redirect URI must be exactly the one registered at the provider (OpenID Connect
// Core 3.1.2.1), and a forged Host must not choose where a sign-in lands.

type PublicUrl = Pick<Config, 'publicUrl'>;

/** The redirect URI to register at the provider. */
export function ssoRedirectUri(config: PublicUrl): string {
  return `${config.publicUrl}${API_PREFIX}/sso/callback`;
}

/** The callback as openid-client reads it: the registered redirect URI with the request's query. */
export function ssoCallbackUrl(config: PublicUrl, requestUrl: string): URL {
  const url = new URL(ssoRedirectUri(config));
  const query = requestUrl.indexOf('?');
  url.search = query === -1 ? '' : requestUrl.slice(query);
  return url;
}

/** A dashboard path the sign-in may return to: same-origin only, so `next` cannot send anyone away. */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** The dashboard's sign-in page, keeping `next`, telling it why a sign-in failed. */
export function signInFailureUrl(
  config: PublicUrl,
  code: SsoFailureCode,
  next: string | null,
): string {
  const query = new URLSearchParams({ sso_error: code });
  if (next !== null) query.set('next', next);
  return `${config.publicUrl}/sign-in?${query}`;
}

/**
 * The dashboard's sign-in page with the one-time code in the fragment: a fragment never reaches
 * a server's log or a Referer header, and the page removes it as soon as it reads it.
 */
export function signInCodeUrl(config: PublicUrl, code: string, next: string | null): string {
  const query = next === null ? '' : `?${new URLSearchParams({ next })}`;
  return `${config.publicUrl}/sign-in${query}#${new URLSearchParams({ sso_auth_code: code })}`;
}

/** Holds the browser's key to the one-time code of a finished single sign-on. */
export const SSO_CODE_COOKIE = 'darkroom_sso_code';

function apiPath(config: PublicUrl, path: string): string {
  return `${new URL(config.publicUrl).pathname.replace(/\/+$/, '')}${API_PREFIX}${path}`;
}

/**
 * The cookie that binds a one-time code to the browser the callback answered: only that browser
 * can exchange it (POST /sessions), so a code lured into another one signs no one in there.
 * Strict: the exchange is a same-site request of the dashboard.
 */
export function ssoCodeCookieOptions(config: PublicUrl): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: new URL(config.publicUrl).protocol === 'https:',
    path: apiPath(config, '/sessions'),
    maxAge: Math.floor(SSO_AUTH_CODE_TTL_MS / 1000),
  };
}

/**
 * The state cookie goes only to the single sign-on routes. SameSite=Lax, not Strict: the browser
 * comes back from the provider's site with a top-level GET, which Lax lets through and Strict
 * would not (RFC 6265bis, the SameSite attribute).
 */
export function ssoStateCookieOptions(config: PublicUrl): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: new URL(config.publicUrl).protocol === 'https:',
    path: apiPath(config, '/sso'),
    maxAge: Math.floor(SSO_STATE_TTL_MS / 1000),
  };
}
