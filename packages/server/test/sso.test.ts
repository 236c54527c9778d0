// Single sign-on against a real OpenID provider (node-oidc-provider on loopback): the app is
// driven with app.inject, the provider over HTTP with a cookie jar, as a browser would.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ensureAdmin } from '../src/store/admins.ts';
import { BACKENDS } from './databases.ts';
import { appWithCapturedLog } from './mail/captured-log.ts';
import { firstLink } from './mail/mime.ts';
import { startSmtpInbox, type SmtpInbox } from './mail/smtp-inbox.ts';
import { loginAtProvider } from './oidc/provider-login.ts';
import { startOidcProvider, type TestOidcProvider } from './oidc/provider.ts';
import { call, PASSWORD, signIn, signUp, uniqueEmail, type ApiResponse } from './requests.ts';
import { useTestApp } from './test-app.ts';

const PUBLIC_URL = 'http://darkroom.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/v4/sso/callback`;
const UNAVAILABLE = `${PUBLIC_URL}/sign-in?sso_error=unavailable`;
const NO_OIDC = { OIDC_ISSUER_URL: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' };
const SSO_REQUIRED = "This account requires single sign-on. Use 'Sign in with Google'.";

interface Started {
  authorizationUrl: URL;
  /** The state cookie as a Cookie header. */
  cookie: string;
  response: ApiResponse;
}

async function startSignIn(app: FastifyInstance, query = ''): Promise<Started> {
  const response = await call(app, 'GET', `/api/v4/sso/start${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(302);
  const setCookie = String(response.headers['set-cookie'] ?? '');
  return {
    authorizationUrl: new URL(String(response.headers.location)),
    cookie: setCookie.split(';')[0] ?? '',
    response,
  };
}

/** The callback's answer to the provider's redirect `callback`, with the state cookie sent. */
async function callback(app: FastifyInstance, callbackUrl: URL, cookie: string | null) {
  return call(app, 'GET', `${callbackUrl.pathname}${callbackUrl.search}`, {
    headers: cookie === null ? {} : { cookie },
  });
}

/** Where the callback sent the browser, and the cookie that binds its code to this browser. */
interface Finished {
  location: string;
  browserCookie: string | null;
}

function finishedOf(answer: ApiResponse): Finished {
  expect(answer.status).toBe(302);
  const setCookies = [answer.headers['set-cookie'] ?? []].flat().map(String);
  const binding = setCookies.find((line) => line.startsWith('darkroom_sso_code='));
  return {
    location: String(answer.headers.location),
    browserCookie: binding === undefined ? null : (binding.split(';')[0] ?? null),
  };
}

/** Signs in at the provider as `login`; where the callback then sends the browser. */
async function ssoSignIn(app: FastifyInstance, login: string, query = ''): Promise<Finished> {
  const started = await startSignIn(app, query);
  const back = await loginAtProvider(started.authorizationUrl.href, login, REDIRECT_URI);
  return finishedOf(await callback(app, back, started.cookie));
}

function codeOf(location: string): string {
  const code = new URLSearchParams(new URL(location).hash.slice(1)).get('sso_auth_code');
  if (code === null) throw new Error(`No sso_auth_code in ${location}`);
  return code;
}

/** The dashboard's exchange of the code for a session, from the browser the callback answered. */
function exchange(
  app: FastifyInstance,
  finished: Finished,
  code = codeOf(finished.location),
): Promise<ApiResponse> {
  return call(app, 'POST', '/api/v4/sessions', {
    headers: finished.browserCookie === null ? {} : { cookie: finished.browserCookie },
    body: { data: { type: 'sessions', attributes: { sso_auth_code: code } } },
  });
}

function patchRequireSso(app: FastifyInstance, token: string, requireSso: unknown) {
  return call(app, 'PATCH', '/api/v4/account/sso', {
    token,
    body: { data: { type: 'sso_settings', attributes: { require_sso: requireSso } } },
  });
}

/** The token of an emailed link: what follows `#`. */
function tokenOf(link: string): string {
  const token = link.split('#')[1];
  if (token === undefined) throw new Error(`No token in ${link}`);
  return token;
}

function invite(app: FastifyInstance, token: string, email: string) {
  return call(app, 'POST', '/api/v4/users', {
    token,
    body: { data: { type: 'users', attributes: { name: 'Grace Hopper', email } } },
  });
}

function acceptWithPassword(app: FastifyInstance, token: string) {
  return call(app, 'POST', `/api/v4/invitations/${token}/acceptance`, {
    body: { data: { type: 'invitation_acceptances', attributes: { password: PASSWORD } } },
  });
}

function askForReset(app: FastifyInstance, email: string) {
  return call(app, 'POST', '/api/v4/password-resets', {
    body: { data: { type: 'password_resets', attributes: { email } } },
  });
}

function resetPassword(app: FastifyInstance, token: string, password: string) {
  return call(app, 'POST', `/api/v4/password-resets/${token}`, {
    body: { data: { type: 'password_resets', attributes: { password } } },
  });
}

describe.each(BACKENDS)('single sign-on on $name', (backend) => {
  let provider: TestOidcProvider;
  // Filled in once the provider listens, before the app is built (hooks run in this order).
  const env: Record<string, string> = { PUBLIC_URL };
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
    Object.assign(env, provider.env);
  });
  afterAll(async () => {
    await provider.close();
  });
  const context = useTestApp(backend, env);
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    await inbox.close();
  });

  /** An app that emails, and an account whose Account Admin required single sign-on. */
  async function accountRequiringSso() {
    const app = await context.appWith({ SMTP_URL: inbox.url });
    const owner = await signUp(app, { company: 'Acme' });
    const ssoSession = await exchange(app, await ssoSignIn(app, owner.email));
    const ssoToken = ssoSession.body.data.attributes.token as string;
    expect((await patchRequireSso(app, ssoToken, true)).status).toBe(200);
    return { app, owner, ssoToken };
  }

  async function invitationRow(userId: string) {
    return context.database.db
      .selectFrom('user_tokens')
      .select(['used_at'])
      .where('user_id', '=', userId)
      .where('purpose', '=', 'invitation')
      .executeTakeFirstOrThrow();
  }

  it('lists the provider for the sign-in page, and none when single sign-on is off', async () => {
    const configured = await call(context.app, 'GET', '/api/v4/sso/providers');
    expect(configured.status).toBe(200);
    expect(configured.body.data).toEqual([
      {
        type: 'sso_providers',
        id: 'oidc',
        attributes: { name: 'Google', start_url: '/api/v4/sso/start' },
      },
    ]);
    const off = await context.appWith(NO_OIDC);
    expect((await call(off, 'GET', '/api/v4/sso/providers')).body.data).toEqual([]);
    const start = await call(off, 'GET', '/api/v4/sso/start');
    expect(start.status).toBe(302);
    expect(start.headers.location).toBe(UNAVAILABLE);
  });

  it('starts with PKCE S256, a state and a nonce, kept only in an encrypted HttpOnly cookie', async () => {
    const { authorizationUrl, response } = await startSignIn(context.app, '?next=%2Fusers');
    expect(authorizationUrl.origin).toBe(provider.issuer);
    const params = authorizationUrl.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const state = params.get('state') ?? '';
    const nonce = params.get('nonce') ?? '';
    expect(state).toMatch(/^[\w-]{20,}$/);
    expect(nonce).toMatch(/^[\w-]{20,}$/);
    expect(response.headers['cache-control']).toBe('no-store');

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^darkroom_sso=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/api/v4/sso');
    expect(setCookie).toMatch(/Max-Age=600/);
    const value = decodeURIComponent(setCookie.split(';')[0] ?? '');
    for (const secret of [state, nonce, provider.clientSecret]) expect(value).not.toContain(secret);
  });

  it('signs an existing user in through the provider, matching the email in any case', async () => {
    const owner = await signUp(context.app);
    const finished = await ssoSignIn(context.app, owner.email.toUpperCase(), '?next=%2Fusers');
    expect(finished.location).toMatch(
      new RegExp(`^${PUBLIC_URL}/sign-in\\?next=%2Fusers#sso_auth_code=sso_[\\w-]+$`),
    );
    const session = await exchange(context.app, finished);
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    expect(session.body.data.attributes).toMatchObject({
      user_id: owner.userId,
      account_id: owner.accountId,
      admin: false,
      token: expect.stringMatching(/^drk_/),
    });
    const token = session.body.data.attributes.token as string;
    const current = await call(context.app, 'GET', '/api/v4/sessions/current', { token });
    expect(current.status).toBe(200);

    // The code works once.
    const again = await exchange(context.app, finished);
    expect(again.status).toBe(401);
    expect(again.body.errors[0].code).toBe('invalid_credentials');

    const row = await context.database.db
      .selectFrom('users')
      .select('auth_provider')
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.auth_provider).toBe('oidc');

    // Recorded like a password sign-in, saying how.
    const deadline = Date.now() + 5000;
    let methods: unknown[] = [];
    while (Date.now() < deadline) {
      const log = await call(context.app, 'GET', '/api/v4/audit-events?filter[action]=sign_in', {
        token,
      });
      methods = (log.body.data as { attributes: { details: { method?: string } } }[]).map(
        (event) => event.attributes.details.method,
      );
      if (methods.includes('sso')) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(methods).toContain('sso');
  });

  it('reads the email from the ID token when the provider puts it there', async () => {
    const google = await startOidcProvider({ redirectUris: [REDIRECT_URI], emailInIdToken: true });
    try {
      const app = await context.appWith(google.env);
      const owner = await signUp(app);
      const started = await startSignIn(app);
      const back = await loginAtProvider(started.authorizationUrl.href, owner.email, REDIRECT_URI);
      const session = await exchange(app, finishedOf(await callback(app, back, started.cookie)));
      expect(session.status).toBe(201);
      expect(session.body.data.attributes.user_id).toBe(owner.userId);
    } finally {
      await google.close();
    }
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    const owner = await signUp(context.app);
    const first = await startSignIn(context.app);
    const second = await startSignIn(context.app);
    const back = await loginAtProvider(first.authorizationUrl.href, owner.email, REDIRECT_URI);
    const mismatched = await callback(context.app, back, second.cookie);
    expect(mismatched.status).toBe(302);
    expect(mismatched.headers.location).toBe(UNAVAILABLE);
    // The state cookie is cleared whatever the outcome.
    expect(String(mismatched.headers['set-cookie'])).toMatch(/^darkroom_sso=;/);

    const withoutCookie = await callback(context.app, back, null);
    expect(withoutCookie.headers.location).toBe(UNAVAILABLE);
    const forged = await callback(context.app, back, 'darkroom_sso=v1%3Aforged');
    expect(forged.headers.location).toBe(UNAVAILABLE);
    // The code itself was never exchanged: with the right cookie it still signs in.
    const right = finishedOf(await callback(context.app, back, first.cookie));
    expect(right.location).toContain('#sso_auth_code=');
    expect(right.browserCookie).toMatch(/^darkroom_sso_code=/);
  });

  it('exchanges a code only in the browser the callback gave it to', async () => {
    const owner = await signUp(context.app);
    const lured = await ssoSignIn(context.app, owner.email);
    const other = await ssoSignIn(context.app, owner.email);
    const own = await ssoSignIn(context.app, owner.email);
    // A code brought to another browser signs no one in there, with or without a cookie of its own.
    expect((await exchange(context.app, { ...lured, browserCookie: null })).status).toBe(401);
    const crossed = await exchange(context.app, { ...other, browserCookie: own.browserCookie });
    expect(crossed.status).toBe(401);
    // A code tried once is gone, even for its own browser; one never tried still works.
    expect((await exchange(context.app, lured)).status).toBe(401);
    expect((await exchange(context.app, own)).status).toBe(201);
  });

  it('refuses an email the provider has not verified', async () => {
    const owner = await signUp(context.app);
    const login = `unverified-${owner.email}`;
    provider.people.set(login, { email: owner.email, emailVerified: false, name: 'Mallory' });
    const { location } = await ssoSignIn(context.app, login);
    expect(location).toBe(`${PUBLIC_URL}/sign-in?sso_error=unverified_email`);
  });

  it('refuses an unknown email without sign-up, and creates the account with it', async () => {
    const email = uniqueEmail('newcomer');
    provider.people.set(email, { email, emailVerified: true, name: 'Nina Newcomer' });
    const refused = await ssoSignIn(context.app, email);
    expect(refused.location).toBe(`${PUBLIC_URL}/sign-in?sso_error=no_account`);
    expect(await signIn(context.app, email)).toMatchObject({ status: 401 });

    const open = await context.appWith({ OIDC_ALLOW_SIGN_UP: 'true' });
    const session = await exchange(open, await ssoSignIn(open, email));
    expect(session.status).toBe(201);
    const { token, user_id: userId } = session.body.data.attributes;
    const user = await call(open, 'GET', `/api/v4/users/${userId}`, { token });
    expect(user.body.data.attributes).toMatchObject({
      name: 'Nina Newcomer',
      email,
      permissions: ['account_admin'],
    });
    // The next sign-in finds the same user.
    const second = await exchange(open, await ssoSignIn(open, email));
    expect(second.body.data.attributes.user_id).toBe(userId);
  });

  it('lets an Account Admin who signed in through it require single sign-on', async () => {
    const owner = await signUp(context.app);
    const settings = await call(context.app, 'GET', '/api/v4/account/sso', {
      token: owner.token,
    });
    expect(settings.body.data).toEqual({
      type: 'sso_settings',
      id: owner.accountId,
      attributes: {
        available: true,
        provider_name: 'Google',
        require_sso: false,
        signed_in_with_sso: false,
      },
    });
    // Not before their own sign-in went through the provider: they could lock themselves out.
    const early = await patchRequireSso(context.app, owner.token, true);
    expect(early.status).toBe(422);
    expect(early.body.errors[0].detail).toMatch(/sign in with Google first/);

    const teammateEmail = uniqueEmail('teammate');
    const added = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: {
        data: {
          type: 'users',
          attributes: { name: 'Tea', email: teammateEmail, password: PASSWORD },
        },
      },
    });
    expect(added.status).toBe(201);
    const teammate = await signIn(context.app, teammateEmail);
    const teammateToken = teammate.body.data.attributes.token as string;
    expect((await patchRequireSso(context.app, teammateToken, true)).status).toBe(403);

    const ssoSession = await exchange(context.app, await ssoSignIn(context.app, owner.email));
    const ssoToken = ssoSession.body.data.attributes.token as string;
    expect((await patchRequireSso(context.app, ssoToken, 'yes')).status).toBe(422);
    const on = await patchRequireSso(context.app, ssoToken, true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.attributes).toMatchObject({ require_sso: true, signed_in_with_sso: true });

    // Passwords stop working for the account's users, the Account Admin included...
    for (const email of [teammateEmail, owner.email]) {
      const refused = await signIn(context.app, email);
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'sso_required',
        detail: "This account requires single sign-on. Use 'Sign in with Google'.",
      });
    }
    // ...but a wrong password is still just wrong: the refusal tells nothing without it.
    expect((await signIn(context.app, teammateEmail, 'not the password')).status).toBe(401);
    // Single sign-on still works.
    const teammateSso = await exchange(context.app, await ssoSignIn(context.app, teammateEmail));
    expect(teammateSso.status).toBe(201);
    // An install admin keeps their password (break-glass).
    await ensureAdmin(
      context.database.db,
      { email: owner.email, password: PASSWORD, name: 'Ada' },
      { promote: true },
    );
    expect((await signIn(context.app, owner.email)).status).toBe(201);
    // An install without single sign-on configured lets passwords through: nothing else could.
    const off = await context.appWith(NO_OIDC);
    expect((await signIn(off, teammateEmail)).status).toBe(201);
    expect((await patchRequireSso(off, ssoToken, true)).status).toBe(422);
    // Turning it off is always allowed.
    const offAgain = await patchRequireSso(off, ssoToken, false);
    expect(offAgain.status).toBe(200);
    expect((await signIn(context.app, teammateEmail)).status).toBe(201);
  });

  it('sends the browser back with an error while the provider is down, and keeps serving', async () => {
    const spare = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
    const { port, env: spareEnv } = spare;
    await spare.close();
    const app = await context.appWith(spareEnv);
    const down = await call(app, 'GET', '/api/v4/sso/start?next=%2Fsources');
    expect(down.status).toBe(302);
    expect(down.headers.location).toBe(`${UNAVAILABLE}&next=%2Fsources`);
    expect(down.headers['set-cookie']).toBeUndefined();
    expect((await call(app, 'GET', '/healthz')).status).toBe(200);
    expect((await call(app, 'GET', '/api/v4/sso/providers')).status).toBe(200);

    // Discovery is tried again on the next sign-in: once the provider is back, it works.
    const back = await startOidcProvider({ redirectUris: [REDIRECT_URI], port });
    try {
      const again = await startSignIn(app);
      expect(again.authorizationUrl.origin).toBe(back.issuer);
    } finally {
      await back.close();
    }
  });

  it('refuses a plain http issuer unless private origins are allowed', async () => {
    const app = await context.appWith({ ALLOW_PRIVATE_ORIGINS: 'false' });
    const start = await call(app, 'GET', '/api/v4/sso/start');
    expect(start.headers.location).toBe(UNAVAILABLE);
  });

  it('invites a teammate of an account that requires it to sign in with the provider, not to choose a password', async () => {
    const { app, owner, ssoToken } = await accountRequiringSso();
    const email = uniqueEmail('grace');
    const added = await invite(app, ssoToken, email);
    expect(added.status).toBe(201);
    const userId = added.body.data.id as string;
    expect(added.body.included[0].attributes).toMatchObject({
      sign_in: 'sso',
      sso_provider_name: 'Google',
    });
    const mail = await inbox.nextMessageTo(email);
    expect(mail.text).toContain(
      `Ada Lovelace invited you to join Acme on Darkroom. Acme signs in with Google: open this link to accept, then continue with Google as ${email}.`,
    );
    expect(mail.text).not.toContain('password');
    const token = tokenOf(firstLink(mail.text));

    const shown = await call(app, 'GET', `/api/v4/invitations/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes).toMatchObject({
      email,
      company: 'Acme',
      sign_in: 'sso',
      sso_provider_name: 'Google',
    });
    // A password would go around the requirement: refused as a password sign-in is.
    const refused = await acceptWithPassword(app, token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ code: 'sso_required', detail: SSO_REQUIRED });
    // The refusal leaves the link as it was: still pending, still readable.
    expect((await invitationRow(userId)).used_at).toBeNull();
    expect((await call(app, 'GET', `/api/v4/invitations/${token}`)).status).toBe(200);

    // An install without a provider lets the teammate choose a password, as it lets passwords in.
    const off = await context.appWith({ ...NO_OIDC, SMTP_URL: inbox.url });
    const withoutSso = await call(off, 'GET', `/api/v4/invitations/${token}`);
    expect(withoutSso.body.data.attributes).toMatchObject({
      sign_in: 'password',
      sso_provider_name: null,
    });

    // The invitation's owner signs in with the provider: that accepts it.
    const session = await exchange(app, await ssoSignIn(app, email));
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    expect(session.body.data.attributes).toMatchObject({
      user_id: userId,
      account_id: owner.accountId,
    });
    const user = await context.database.db
      .selectFrom('users')
      .select(['password_hash', 'auth_provider'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    // A password never told to anyone, as users created by single sign-on get.
    expect(user.password_hash).toEqual(expect.any(String));
    expect(user.auth_provider).toBe('oidc');
    expect((await invitationRow(userId)).used_at).toBeInstanceOf(Date);
    const listed = await call(app, 'GET', `/api/v4/users/${userId}`, { token: ssoToken });
    expect(listed.body.data.attributes.date_invitation_expires).toBeNull();
    const used = await call(app, 'GET', `/api/v4/invitations/${token}`);
    expect(used.status).toBe(410);
    expect((await acceptWithPassword(app, token)).status).toBe(410);
    const resend = await call(app, 'POST', `/api/v4/users/${userId}/invitation`, {
      token: ssoToken,
    });
    expect(resend.status).toBe(409);

    const log = await call(
      app,
      'GET',
      '/api/v4/audit-events?filter[action]=user.invitation_accepted',
      { token: ssoToken },
    );
    expect(log.body.data.map((event: { attributes: unknown }) => event.attributes)).toEqual([
      expect.objectContaining({
        action: 'user.invitation_accepted',
        target_type: 'users',
        target_id: userId,
        details: { method: 'sso' },
      }),
    ]);
  });

  it('lets an invited teammate in through the provider where passwords are allowed too', async () => {
    const app = await context.appWith({ SMTP_URL: inbox.url });
    const owner = await signUp(app);
    const email = uniqueEmail('invited');
    const added = await invite(app, owner.token, email);
    const userId = added.body.data.id as string;
    expect(added.body.included[0].attributes).toMatchObject({
      sign_in: 'password',
      sso_provider_name: null,
    });
    const token = tokenOf(firstLink((await inbox.nextMessageTo(email)).text));

    const session = await exchange(app, await ssoSignIn(app, email.toUpperCase()));
    expect(session.status).toBe(201);
    expect(session.body.data.attributes.user_id).toBe(userId);
    const listed = await call(app, 'GET', `/api/v4/users/${userId}`, { token: owner.token });
    expect(listed.body.data.attributes.date_invitation_expires).toBeNull();
    // The link cannot set a password any more: the teammate uses "Forgot password?" for one.
    const late = await acceptWithPassword(app, token);
    expect(late.status).toBe(410);
    expect(late.body.errors[0].code).toBe('link_expired');
    expect((await signIn(app, email)).status).toBe(401);
    // The next single sign-on finds them as any user.
    const again = await exchange(app, await ssoSignIn(app, email));
    expect(again.body.data.attributes.user_id).toBe(userId);
  });

  it('sends the reset link in an account that requires it, but the link sets no password there', async () => {
    const { app, owner, ssoToken } = await accountRequiringSso();
    expect((await askForReset(app, owner.email)).status).toBe(202);
    const token = tokenOf(firstLink((await inbox.nextMessageTo(owner.email)).text));

    const refused = await resetPassword(app, token, 'a brand new password');
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ code: 'sso_required', detail: SSO_REQUIRED });
    // Nothing changed: the sessions stand, the old password is still the one (and refused).
    const current = await call(app, 'GET', '/api/v4/sessions/current', { token: ssoToken });
    expect(current.status).toBe(200);
    expect((await signIn(app, owner.email, 'a brand new password')).status).toBe(401);
    expect((await signIn(app, owner.email)).status).toBe(403);

    // Once the requirement is off, the same link works.
    expect((await patchRequireSso(app, ssoToken, false)).status).toBe(200);
    expect((await resetPassword(app, token, 'a brand new password')).status).toBe(204);
    expect((await signIn(app, owner.email, 'a brand new password')).status).toBe(201);
  });

  it('lets an install admin reset their password in an account that requires it (break-glass)', async () => {
    const { app, owner } = await accountRequiringSso();
    await ensureAdmin(
      context.database.db,
      { email: owner.email, password: PASSWORD, name: 'Ada' },
      { promote: true },
    );
    expect((await askForReset(app, owner.email)).status).toBe(202);
    const token = tokenOf(firstLink((await inbox.nextMessageTo(owner.email)).text));
    expect((await resetPassword(app, token, 'a brand new password')).status).toBe(204);
    expect((await signIn(app, owner.email, 'a brand new password')).status).toBe(201);
  });

  it("keeps the provider's code and state out of the request log", async () => {
    const { app: logging, lines } = await appWithCapturedLog(context.database, {
      ...env,
      LOG_LEVEL: 'info',
    });
    try {
      const owner = await signUp(logging);
      const started = await startSignIn(logging);
      const back = await loginAtProvider(started.authorizationUrl.href, owner.email, REDIRECT_URI);
      const code = back.searchParams.get('code') ?? '';
      const state = back.searchParams.get('state') ?? '';
      expect(code).not.toBe('');
      const finished = finishedOf(await callback(logging, back, started.cookie));
      expect(finished.location).toContain('#sso_auth_code=');

      const urls = lines
        .map((entry) => entry.req?.url)
        .filter((url) => url?.startsWith('/api/v4/sso/callback'));
      expect(urls).toHaveLength(1);
      expect(urls[0]).toContain('code=[code]');
      expect(urls[0]).toContain('state=[state]');
      const leaks = lines.filter((entry) => {
        const line = JSON.stringify(entry);
        return line.includes(code) || line.includes(state);
      });
      expect(leaks).toEqual([]);
    } finally {
      await logging.close();
    }
  });
});

describe('single sign-on settings', () => {
  const base = {
    OIDC_ISSUER_URL: 'https://accounts.google.com',
    OIDC_CLIENT_ID: 'id',
    OIDC_CLIENT_SECRET: 'a-client-secret',
  };

  it('reads the provider, with Google as the default name and sign-up off', () => {
    expect(loadConfig(base).oidc).toEqual({
      issuerUrl: new URL('https://accounts.google.com'),
      clientId: 'id',
      clientSecret: 'a-client-secret',
      providerName: 'Google',
      allowSignUp: false,
    });
    expect(loadConfig({}).oidc).toBeNull();
  });

  it('needs the issuer, client id and secret together, and https off this machine', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: base.OIDC_ISSUER_URL })).toThrow(
      /OIDC_CLIENT_ID.*must be set together/,
    );
    expect(() => loadConfig({ ...base, OIDC_ISSUER_URL: 'http://idp.example.com' })).toThrow(
      /OIDC_ISSUER_URL/,
    );
    expect(loadConfig({ ...base, OIDC_ISSUER_URL: 'http://127.0.0.1:9000' }).oidc).not.toBeNull();
  });
});
