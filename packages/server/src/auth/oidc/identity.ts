import * as client from 'openid-client';
import type { SsoState } from './state-cookie.ts';
import { SsoFailure } from './sso-failure.ts';

/** Who the provider says signed in, once it vouches for their email. */
export interface VerifiedIdentity {
  /** Lower case, so it compares as users.email does. */
  readonly email: string;
  readonly name: string | null;
}

type EmailClaims = Readonly<Record<'email' | 'email_verified' | 'name', unknown>>;

/**
 * Exchanges the authorization code of `callbackUrl` for tokens and reads who signed in.
 * openid-client checks the state (RFC 6749 section 10.12), the issuer of the response (RFC 9207),
 * sends the PKCE verifier (RFC 7636 section 4.5), and validates the ID token: signature, issuer,
 * audience, expiry and nonce (OpenID Connect Core 3.1.3.7). Only an email the provider marks
 * verified is trusted (OpenID Connect Core 5.1 `email_verified`): anyone can put an address they
 * do not own on an account at most providers.
 */
export async function verifiedIdentity(
  configuration: client.Configuration,
  callbackUrl: URL,
  saved: SsoState,
): Promise<VerifiedIdentity> {
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: saved.codeVerifier,
    expectedState: saved.state,
    expectedNonce: saved.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (idToken === undefined) throw new SsoFailure('unavailable', 'the provider sent no ID token');
  // Some providers put the email in the ID token (Google), others only at the UserInfo endpoint
  // (OpenID Connect Core 5.4, scope `email`). Email and its verification are read from the same
  // place, never one from each.
  const source =
    typeof idToken.email === 'string'
      ? idToken
      : await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
  const claims: EmailClaims = {
    email: source.email,
    email_verified: source.email_verified,
    name: source.name,
  };
  if (typeof claims.email !== 'string' || claims.email === '') {
    throw new SsoFailure(
      'unavailable',
      'the provider sent no email (is the `email` scope allowed?)',
    );
  }
  const email = claims.email.toLowerCase();
  if (claims.email_verified !== true) {
    throw new SsoFailure('unverified_email', 'the provider has not verified the email', email);
  }
  const name = claims.name ?? idToken['name'];
  return {
    email,
    name: typeof name === 'string' && name.trim() !== '' ? name.trim() : null,
  };
}
