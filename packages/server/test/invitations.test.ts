import { INVITATION_TTL_MS } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS } from './databases.ts';
import { appWithCapturedLog } from './mail/captured-log.ts';
import { firstLink } from './mail/mime.ts';
import { startSmtpInbox, type SmtpInbox } from './mail/smtp-inbox.ts';
import { call, PASSWORD, signIn, signUp, uniqueEmail, type SignedUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

const PUBLIC_URL = 'https://images.example.test';
const NEW_PASSWORD = 'a password of their own';

function invite(app: FastifyInstance, owner: SignedUp, email: string, name = 'Grace Hopper') {
  return call(app, 'POST', '/api/v4/users', {
    token: owner.token,
    body: { data: { type: 'users', attributes: { name, email, permissions: ['analytics'] } } },
  });
}

function accept(app: FastifyInstance, token: string, attributes: Record<string, unknown>) {
  return call(app, 'POST', `/api/v4/invitations/${token}/acceptance`, {
    body: { data: { type: 'invitation_acceptances', attributes } },
  });
}

/** The token of an emailed link: what follows `#`, which browsers never send to a server. */
function tokenOf(link: string): string {
  const token = link.split('#')[1];
  if (token === undefined) throw new Error(`No token in ${link}`);
  return token;
}

describe.each(BACKENDS)('invitations on $name', (backend) => {
  const context = useTestApp(backend, { PUBLIC_URL });
  let inbox: SmtpInbox;
  let app: FastifyInstance;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    app = await context.appWith({ SMTP_URL: inbox.url, MAIL_FROM: 'Darkroom <team@example.test>' });
  });

  afterAll(async () => {
    await inbox.close();
  });

  async function expireInvitations(userId: string) {
    await context.database.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
  }

  it('emails a teammate added without a password a link that lets them in once', async () => {
    const owner = await signUp(app, { company: 'Acme' });
    const email = uniqueEmail('grace');
    const before = Date.now();
    const added = await invite(app, owner, email);
    expect(added.status).toBe(201);
    const userId = added.body.data.id as string;
    expect(added.body.data.attributes).toMatchObject({ email, permissions: ['analytics'] });
    const expires = added.body.data.attributes.date_invitation_expires as number;
    expect(expires).toBeGreaterThanOrEqual(before + INVITATION_TTL_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + INVITATION_TTL_MS);
    expect(added.body.included).toEqual([
      {
        type: 'invitations',
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        attributes: {
          user_id: userId,
          email,
          name: 'Grace Hopper',
          company: 'Acme',
          date_expires: expires,
          delivery: 'smtp',
          sign_in: 'password',
          sso_provider_name: null,
        },
      },
    ]);
    expect(JSON.stringify(added.body)).not.toMatch(/dri_|token/);

    const mail = await inbox.nextMessageTo(email);
    expect(mail.from).toBe('team@example.test');
    expect(mail.subject).toBe('Ada Lovelace invited you to join Acme on Darkroom');
    const link = firstLink(mail.text);
    expect(link).toMatch(/^https:\/\/images\.example\.test\/accept-invitation#dri_[\w-]{43}$/);
    expect(mail.text).toContain('Hello Grace Hopper,');
    expect(mail.text).toContain(
      'Ada Lovelace invited you to join Acme on Darkroom. Open this link to choose your password:',
    );
    expect(mail.html).toContain(`href="${link}"`);
    const token = tokenOf(link);

    // Until they accept, they have no password to sign in with.
    expect((await signIn(app, email, NEW_PASSWORD)).status).toBe(401);

    const shown = await call(app, 'GET', `/api/v4/invitations/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes).toEqual({
      user_id: userId,
      email,
      name: 'Grace Hopper',
      company: 'Acme',
      date_expires: expires,
      delivery: null,
      sign_in: 'password',
      sso_provider_name: null,
    });

    const accepted = await accept(app, token, { password: NEW_PASSWORD, name: 'Grace B. Hopper' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data).toMatchObject({
      type: 'sessions',
      attributes: { user_id: userId, account_id: owner.accountId, permissions: ['analytics'] },
    });
    const session = await call(app, 'GET', '/api/v4/sessions/current', {
      token: accepted.body.data.attributes.token,
    });
    expect(session.status).toBe(200);
    expect((await signIn(app, email, NEW_PASSWORD)).status).toBe(201);

    const again = await accept(app, token, { password: 'yet another password' });
    expect(again.status).toBe(410);
    expect(again.body.errors[0]).toMatchObject({
      code: 'link_expired',
      detail: 'This invitation was already accepted: sign in with your email and password.',
    });
    expect((await call(app, 'GET', `/api/v4/invitations/${token}`)).status).toBe(410);

    const listed = await call(app, 'GET', `/api/v4/users/${userId}`, { token: owner.token });
    expect(listed.body.data.attributes).toMatchObject({
      name: 'Grace B. Hopper',
      date_invitation_expires: null,
    });
    // The audit log is written once the answer is sent.
    await vi.waitFor(async () => {
      const log = await call(app, 'GET', '/api/v4/audit-events?sort=date_created', {
        token: owner.token,
      });
      const events = (log.body.data as { attributes: { action: string } }[])
        .map((event) => event.attributes)
        .filter((event) => event.action.startsWith('user.'));
      expect(events).toEqual([
        expect.objectContaining({ action: 'user.added', actor_user_id: owner.userId }),
        expect.objectContaining({ action: 'user.invitation_accepted', actor_user_id: userId }),
      ]);
    });
  });

  it('escapes names in the HTML body and keeps them as written in the text', async () => {
    const owner = await signUp(app, { company: "O'Brien & Daughters", name: 'Ada "AL" Lovelace' });
    const email = uniqueEmail('escaped');
    expect((await invite(app, owner, email, 'Tom & Jerry')).status).toBe(201);

    const mail = await inbox.nextMessageTo(email);
    expect(mail.subject).toBe(
      'Ada "AL" Lovelace invited you to join O\'Brien & Daughters on Darkroom',
    );
    expect(mail.text).toContain('Hello Tom & Jerry,');
    expect(mail.html).toContain('Hello Tom &amp; Jerry,');
    expect(mail.html).toContain('Ada &quot;AL&quot; Lovelace invited you to join');
    expect(mail.html).toContain('<strong>O&#39;Brien &amp; Daughters</strong>');
  });

  it('refuses an expired invitation with 410, and a resent one replaces it', async () => {
    const owner = await signUp(app);
    const email = uniqueEmail('late');
    const added = await invite(app, owner, email);
    const userId = added.body.data.id as string;
    const oldToken = tokenOf(firstLink((await inbox.nextMessageTo(email)).text));
    await expireInvitations(userId);

    const expired = await call(app, 'GET', `/api/v4/invitations/${oldToken}`);
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0]).toMatchObject({
      code: 'link_expired',
      detail:
        'This invitation link has expired. Ask an Account Admin of your account to send you a new invitation.',
    });
    expect((await accept(app, oldToken, { password: NEW_PASSWORD })).status).toBe(410);
    // Still pending, its expiry past: the Users page offers to resend.
    const pending = await call(app, 'GET', `/api/v4/users/${userId}`, { token: owner.token });
    expect(pending.body.data.attributes.date_invitation_expires).toBeLessThan(Date.now());

    const resent = await call(app, 'POST', `/api/v4/users/${userId}/invitation`, {
      token: owner.token,
    });
    expect(resent.status).toBe(201);
    expect(resent.body.data).toMatchObject({
      type: 'invitations',
      attributes: { user_id: userId, email, delivery: 'smtp' },
    });
    const newToken = tokenOf(firstLink((await inbox.nextMessageTo(email)).text));
    expect(newToken).not.toBe(oldToken);
    // The older link is gone altogether.
    expect((await call(app, 'GET', `/api/v4/invitations/${oldToken}`)).status).toBe(404);
    expect((await accept(app, newToken, { password: NEW_PASSWORD })).status).toBe(201);
  });

  it('resends only to teammates of the account who have no password yet', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const mine = await invite(app, owner, uniqueEmail('mine'));
    const resend = (caller: SignedUp, id: string) =>
      call(app, 'POST', `/api/v4/users/${id}/invitation`, { token: caller.token });

    const withPassword = await resend(owner, owner.userId);
    expect(withPassword.status).toBe(409);
    expect(withPassword.body.errors[0].detail).toBe(
      'Ada Lovelace already has a password: they sign in with it, or use “Forgot password?”.',
    );
    expect((await resend(other, mine.body.data.id)).status).toBe(404);
    expect((await resend(owner, 'not-an-id')).status).toBe(404);
  });

  it('answers an unknown or malformed token with 404 and a weak password with 422', async () => {
    const unknown = await call(app, 'GET', `/api/v4/invitations/dri_${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].detail).toBe(
      'This invitation link is not valid: check that it was copied whole. Ask an Account Admin of your account to send you a new invitation.',
    );
    expect((await call(app, 'GET', '/api/v4/invitations/nonsense')).status).toBe(404);

    const owner = await signUp(app);
    const email = uniqueEmail('weak');
    await invite(app, owner, email);
    const token = tokenOf(firstLink((await inbox.nextMessageTo(email)).text));
    const weak = await accept(app, token, { password: 'short' });
    expect(weak.status).toBe(422);
    expect(weak.body.errors[0].code).toBe('weak_password');
    // A refused attempt does not use the link up.
    expect((await accept(app, token, { password: NEW_PASSWORD })).status).toBe(201);
  });

  it('keeps no teammate when the mail server refuses the invitation, so adding again works', async () => {
    const owner = await signUp(app);
    const email = uniqueEmail('refused');
    inbox.refusing = true;
    try {
      const refused = await invite(app, owner, email);
      expect(refused.status).toBe(502);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'mail_not_sent',
        detail: expect.stringContaining(`The invitation to ${email} could not be sent`),
      });
    } finally {
      inbox.refusing = false;
    }
    const users = await call(app, 'GET', '/api/v4/users', { token: owner.token });
    expect(
      users.body.data.map((user: { attributes: { email: string } }) => user.attributes.email),
    ).toEqual([owner.email]);
    expect((await invite(app, owner, email)).status).toBe(201);
    await inbox.nextMessageTo(email);
  });

  it('still adds a teammate with a password chosen for them, without any email', async () => {
    const owner = await signUp(app);
    const email = uniqueEmail('scripted');
    const added = await call(app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: { data: { type: 'users', attributes: { name: 'Script', email, password: PASSWORD } } },
    });
    expect(added.status).toBe(201);
    expect(added.body.data.attributes.date_invitation_expires).toBeNull();
    expect(added.body.included).toBeUndefined();
    expect((await signIn(app, email)).status).toBe(201);
    expect(inbox.messages.some((mail) => mail.to.includes(email))).toBe(false);
  });

  it('without SMTP_URL writes the link to the log, says so, and keeps tokens out of request logs', async () => {
    const { app: logging, lines } = await appWithCapturedLog(context.database, {
      PUBLIC_URL,
      LOG_LEVEL: 'info',
    });
    try {
      const owner = await signUp(logging);
      const email = uniqueEmail('logged');
      const added = await invite(logging, owner, email);
      expect(added.status).toBe(201);
      expect(added.body.included[0].attributes.delivery).toBe('log');

      const line = lines.find((entry) => entry.msg?.startsWith('SMTP_URL is not set'));
      expect(line).toMatchObject({ level: 40, mail: { to: email, purpose: 'invitation' } });
      const link = /is (\S+)$/.exec(line?.msg ?? '')?.[1] ?? '';
      expect(line?.msg).toBe(`SMTP_URL is not set: the invitation link for ${email} is ${link}`);
      expect(link.startsWith(`${PUBLIC_URL}/accept-invitation#dri_`)).toBe(true);

      const token = tokenOf(link);
      expect((await call(logging, 'GET', `/api/v4/invitations/${token}`)).status).toBe(200);
      const requestLines = lines.filter((entry) => entry.req?.url?.includes('/invitations/'));
      expect(requestLines.map((entry) => entry.req?.url)).toEqual(['/api/v4/invitations/[token]']);
      expect(lines.filter((entry) => JSON.stringify(entry).includes(token))).toEqual([line]);
    } finally {
      await logging.close();
    }
  });
});
