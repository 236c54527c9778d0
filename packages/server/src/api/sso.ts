// Single sign-on through an OpenID Connect provider: the authorization code flow with PKCE
// (OpenID Connect Core 3.1, RFC 7636), as RFC 9700 section 2.1.1 recommends for every client.
// The browser leaves for the provider from /sso/start and comes back to /sso/callback, which
// hands the dashboard a one-time `sso_auth_code` (platform spec section 3); the dashboard
// exchanges it for a session at POST /sessions, so an SSO sign-in is a sign-in like any other.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import { OidcDiscovery } from '../auth/oidc/discovery.ts';
import { verifiedIdentity } from '../auth/oidc/identity.ts';
import { toSsoFailure } from '../auth/oidc/sso-failure.ts';
import { userForIdentity } from '../store/sso-users.ts';
import {
  openSsoState,
  sealSsoState,
  SSO_STATE_COOKIE,
  type SsoState,
} from '../auth/oidc/state-cookie.ts';
import { recordAuthProvider } from '../store/auth-providers.ts';
import { createSsoAuthCode } from '../store/sso-auth-codes.ts';
import { findUserByEmail } from '../store/users.ts';
import { recordAs } from './audit-log.ts';
import { sendData } from './documents.ts';
import type { OperationDocs } from './openapi/operation-doc.ts';
import { describeRoutes } from './openapi/registry.ts';
import { API_PREFIX } from './prefix.ts';
import {
  safeNextPath,
  signInCodeUrl,
  signInFailureUrl,
  SSO_CODE_COOKIE,
  ssoCallbackUrl,
  ssoCodeCookieOptions,
  ssoRedirectUri,
  ssoStateCookieOptions,
} from './sso-links.ts';

/** `openid` for the ID token, `email` for the address matched, `profile` for a new user's name. */
const SCOPE = 'openid email profile';

const text = z.string();

const SSO_ROUTE_DOCS: OperationDocs = {
  'GET /sso/providers': {
    summary: 'The single sign-on providers the sign-in page offers',
    description: 'Empty when the install has none (`OIDC_ISSUER_URL` unset).',
    tag: 'Single sign-on',
    answer: { status: 200, resource: 'sso_providers', many: true },
  },
  'GET /sso/start': {
    summary: 'Leave for the provider to sign in',
    description:
      'For a browser, by a full page navigation: redirects to the provider with PKCE (S256), a state and a nonce, kept in an encrypted HttpOnly cookie. When the provider cannot be reached, redirects to `/sign-in?sso_error=unavailable`.',
    tag: 'Single sign-on',
    query: [{ name: 'next', description: 'The dashboard path to return to.', schema: text }],
    answer: { status: 302, mediaType: null, description: 'To the provider, or back to sign-in.' },
  },
  'GET /sso/callback': {
    summary: 'Come back from the provider',
    description:
      'The redirect URI to register at the provider. Redirects to `/sign-in#sso_auth_code=...`, a one-time code for `POST /sessions`, or to `/sign-in?sso_error=` with `unavailable`, `no_account` or `unverified_email`.',
    tag: 'Single sign-on',
    query: [
      { name: 'code', description: 'The authorization code.', schema: text },
      { name: 'state', description: 'The state the sign-in started with.', schema: text },
      { name: 'iss', description: 'The issuer (RFC 9207).', schema: text },
    ],
    answer: { status: 302, mediaType: null, description: 'Back to the sign-in page.' },
  },
};

/** Answers with a redirect no cache may keep: each carries one sign-in's state or code. */
function redirectNoStore(reply: FastifyReply, location: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

/** `sso/providers`, `sso/start` and `sso/callback`: all public, as the person is not signed in. */
export function ssoRoutes(app: FastifyInstance): void {
  const { config } = app.darkroom;
  const oidc = config.oidc;
  const discovery = oidc === null ? null : new OidcDiscovery(oidc, config.allowPrivateOrigins);
  const cookieOptions = ssoStateCookieOptions(config);
  describeRoutes(app, SSO_ROUTE_DOCS);

  const fail = async (
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
    next: string | null,
  ) => {
    const failure = toSsoFailure(error);
    request.log.warn({ reason: failure.reason, code: failure.code }, 'single sign-on failed');
    if (failure.email !== null) {
      // Recorded like a failed password sign-in: in the account of the email, when there is one.
      const user = await findUserByEmail(app.darkroom.database.db, failure.email);
      await recordAs(
        request,
        'sign_in.failed',
        null,
        { email: failure.email, method: 'sso', reason: failure.code },
        user?.account_id ?? null,
      );
    }
    return redirectNoStore(reply, signInFailureUrl(config, failure.code, next));
  };

  // What the sign-in page offers; empty when single sign-on is not configured.
  app.get('/sso/providers', async (_request, reply) => {
    const providers =
      oidc === null
        ? []
        : [
            {
              type: 'sso_providers' as const,
              id: 'oidc',
              attributes: { name: oidc.providerName, start_url: `${API_PREFIX}/sso/start` },
            },
          ];
    return sendData(reply, 200, providers);
  });

  app.get('/sso/start', async (request, reply) => {
    const next = safeNextPath((request.query as { next?: unknown }).next);
    if (discovery === null) {
      return fail(request, reply, new Error('single sign-on is not configured'), next);
    }
    let configuration: client.Configuration;
    try {
      configuration = await discovery.configuration();
    } catch (error) {
      return fail(request, reply, error, next);
    }
    const saved: SsoState = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      next,
    };
    const authorizationUrl = client.buildAuthorizationUrl(configuration, {
      redirect_uri: ssoRedirectUri(config),
      scope: SCOPE,
      // RFC 7636 section 4.2: S256, never `plain`.
      code_challenge: await client.calculatePKCECodeChallenge(saved.codeVerifier),
      code_challenge_method: 'S256',
      state: saved.state,
      nonce: saved.nonce,
    });
    reply.setCookie(SSO_STATE_COOKIE, sealSsoState(app.darkroom.secrets, saved), cookieOptions);
    return redirectNoStore(reply, authorizationUrl.href);
  });

  app.get('/sso/callback', async (request, reply) => {
    const sealed = request.cookies[SSO_STATE_COOKIE];
    // Each state serves one callback, whatever its outcome.
    reply.clearCookie(SSO_STATE_COOKIE, cookieOptions);
    const saved = sealed === undefined ? null : openSsoState(app.darkroom.secrets, sealed);
    try {
      if (discovery === null) throw new Error('single sign-on is not configured');
      if (saved === null) throw new Error('no valid sign-in state cookie came back');
      const configuration = await discovery.configuration();
      const callbackUrl = ssoCallbackUrl(config, request.url);
      const identity = await verifiedIdentity(configuration, callbackUrl, saved);
      const { db } = app.darkroom.database;
      const { user, acceptedInvitation } = await userForIdentity(db, config, identity);
      if (acceptedInvitation) {
        // Audited as accepting by the link is; the sign-in itself is recorded at POST /sessions.
        await recordAs(
          request,
          'user.invitation_accepted',
          { type: 'users', id: user.id },
          { method: 'sso' },
          user.account_id,
        );
      }
      await recordAuthProvider(db, user.id, 'oidc');
      const { code, browserKey } = await createSsoAuthCode(db, user.id);
      reply.setCookie(SSO_CODE_COOKIE, browserKey, ssoCodeCookieOptions(config));
      return redirectNoStore(reply, signInCodeUrl(config, code, saved.next));
    } catch (error) {
      return fail(request, reply, error, saved?.next ?? null);
    }
  });
}
