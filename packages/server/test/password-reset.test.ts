import { PASSWORD_RESET_TTL_MS } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESETS_PER_ADDRESS_PER_HOUR } from '../src/api/password-resets.ts';
import { BACKENDS } from './databases.ts';
import { appWithCapturedLog } from './mail/captured-log.ts';
import { firstLink } from './mail/mime.ts';
import { startSmtpInbox, type SmtpInbox } from './mail/smtp-inbox.ts';
import { call, PASSWORD, signIn, signUp, uniqueEmail } from './requests.ts';
import { useTestApp } from './test-app.ts';

const PUBLIC_URL = 'https://images.example.test';
const NEW_PASSWORD = 'a brand new password';

function askForReset(app: FastifyInstance, email: string, remoteAddress?: string) {
  return call(app, 'POST', '/api/v4/password-resets', {
    body: { data: { type: 'password_resets', attributes: { email } } },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function reset(app: FastifyInstance, token: string, password: string, remoteAddress?: string) {
  return call(app, 'POST', `/api/v4/password-resets/${token}`, {
    body: { data: { type: 'password_resets', attributes: { password } } },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function tokenOf(link: string): string {
  const token = link.split('#')[1];
  if (token === undefined) throw new Error(`No token in ${link}`);
  return token;
}

describe.each(BACKENDS)('password resets on $name', (backend) => {
  const context = useTestApp(backend, { PUBLIC_URL });
  let inbox: SmtpInbox;
  let app: FastifyInstance;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    app = await context.appWith({ SMTP_URL: inbox.url });
  });

  afterAll(async () => {
    await inbox.close();
  });

  async function resetLinkFor(email: string): Promise<string> {
    expect((await askForReset(app, email)).status).toBe(202);
    return firstLink((await inbox.nextMessageTo(email)).text);
  }

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const owner = await signUp(app);
    const nobody = uniqueEmail('nobody');
    const unknown = await askForReset(app, nobody);
    const known = await askForReset(app, owner.email.toUpperCase());
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body.data).toBeNull();

    const mail = await inbox.nextMessageTo(owner.email);
    expect(mail.subject).toBe('Reset your Darkroom password');
    const before = Date.now();
    const link = firstLink(mail.text);
    expect(link).toMatch(/^https:\/\/images\.example\.test\/reset-password#drr_[\w-]{43}$/);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(`the Darkroom account of ${owner.email}`);
    // The known address's mail came after the unknown one's request, which sent nothing.
    expect(inbox.messages.filter((message) => message.to.includes(nobody))).toEqual([]);
    const [stored] = await context.database.db
      .selectFrom('user_tokens')
      .select('expires_at')
      .where('user_id', '=', owner.userId)
      .execute();
    expect(stored?.expires_at.getTime()).toBeLessThanOrEqual(before + PASSWORD_RESET_TTL_MS);
    expect(stored?.expires_at.getTime()).toBeGreaterThan(before + PASSWORD_RESET_TTL_MS - 60_000);
  });

  it('sets the new password, ends every session, works once and is audited', async () => {
    const owner = await signUp(app);
    const second = await signIn(app, owner.email);
    const token = tokenOf(await resetLinkFor(owner.email));

    const before = Date.now();
    const done = await reset(app, token, NEW_PASSWORD);
    expect(done.status).toBe(204);
    for (const sessionToken of [owner.token, second.body.data.attributes.token as string]) {
      const current = await call(app, 'GET', '/api/v4/sessions/current', { token: sessionToken });
      expect(current.status).toBe(401);
    }
    expect((await signIn(app, owner.email, PASSWORD)).status).toBe(401);
    const signedIn = await signIn(app, owner.email, NEW_PASSWORD);
    expect(signedIn.status).toBe(201);

    // The owner of the address hears of it (OWASP Forgot Password Cheat Sheet), with no secret.
    const notice = await inbox.nextMessageTo(owner.email);
    expect(notice.subject).toBe('Your Darkroom password was changed');
    expect(notice.text).toContain(
      `The password of the Darkroom account of ${owner.email} was changed on `,
    );
    expect(notice.text).toContain('If you did not, someone else may be able to read your email');
    expect(firstLink(notice.text)).toBe(`${PUBLIC_URL}/forgot-password`);
    expect(notice.html).toContain(`href="${PUBLIC_URL}/forgot-password"`);
    expect(notice.html).toContain('Every session was signed out.');
    expect(notice.raw).not.toMatch(/drr_|drk_/);
    expect(notice.raw).not.toContain(NEW_PASSWORD);
    const sentAt = /was changed on (.+ UTC) with/.exec(notice.text)?.[1] ?? '';
    expect(Date.parse(sentAt.replace(' UTC', ' GMT'))).toBeGreaterThan(before - 60_000);

    const again = await reset(app, token, 'another new password');
    expect(again.status).toBe(410);
    expect(again.body.errors[0]).toMatchObject({
      code: 'link_expired',
      detail:
        'This password-reset link was already used. Ask for a new link with “Forgot password?” on the sign-in page.',
    });
    await vi.waitFor(async () => {
      const log = await call(app, 'GET', '/api/v4/audit-events?sort=date_created', {
        token: signedIn.body.data.attributes.token,
      });
      const events = (log.body.data as { attributes: { action: string } }[])
        .map((event) => event.attributes)
        .filter((event) => event.action.startsWith('user.'));
      expect(events).toEqual([
        expect.objectContaining({
          action: 'user.password_reset_requested',
          target_type: 'users',
          target_id: owner.userId,
        }),
        expect.objectContaining({
          action: 'user.password_reset',
          target_type: 'users',
          target_id: owner.userId,
        }),
      ]);
    });
  });

  it('refuses an expired link with 410 and a weak password with 422, which spends nothing', async () => {
    const owner = await signUp(app);
    const token = tokenOf(await resetLinkFor(owner.email));
    const weak = await reset(app, token, 'short');
    expect(weak.status).toBe(422);
    expect(weak.body.errors[0]).toMatchObject({
      code: 'weak_password',
      source: { pointer: '/data/attributes/password' },
    });
    await context.database.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.userId)
      .execute();
    const expired = await reset(app, token, NEW_PASSWORD);
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0].detail).toBe(
      'This password-reset link has expired. Ask for a new link with “Forgot password?” on the sign-in page.',
    );
    expect((await signIn(app, owner.email, PASSWORD)).status).toBe(201);
    expect((await reset(app, `drr_${'B'.repeat(43)}`, NEW_PASSWORD)).status).toBe(404);
  });

  it('makes the newest link the only one that works', async () => {
    const owner = await signUp(app);
    const first = tokenOf(await resetLinkFor(owner.email));
    const latest = tokenOf(await resetLinkFor(owner.email));
    expect((await reset(app, first, NEW_PASSWORD)).status).toBe(404);
    expect((await reset(app, latest, NEW_PASSWORD)).status).toBe(204);
    // One password changed, one notice: refused attempts send none.
    await inbox.nextMessageTo(owner.email);
    const notices = inbox.messages.filter(
      (mail) => mail.to.includes(owner.email) && mail.subject.includes('was changed'),
    );
    expect(notices).toHaveLength(1);
  });

  it('ends a pending invitation when the teammate resets instead of accepting', async () => {
    const owner = await signUp(app);
    const email = uniqueEmail('invited');
    const added = await call(app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: { data: { type: 'users', attributes: { name: 'Invited', email } } },
    });
    const invitation = tokenOf(firstLink((await inbox.nextMessageTo(email)).text));
    const token = tokenOf(await resetLinkFor(email));
    expect((await reset(app, token, NEW_PASSWORD)).status).toBe(204);
    expect((await call(app, 'GET', `/api/v4/invitations/${invitation}`)).status).toBe(404);
    const user = await call(app, 'GET', `/api/v4/users/${added.body.data.id}`, {
      token: owner.token,
    });
    expect(user.body.data.attributes.date_invitation_expires).toBeNull();
    expect((await signIn(app, email, NEW_PASSWORD)).status).toBe(201);
  });

  it('limits requests per address, known or not, and per client address', async () => {
    const nobody = uniqueEmail('flooded');
    for (let sent = 0; sent < PASSWORD_RESETS_PER_ADDRESS_PER_HOUR; sent += 1) {
      expect((await askForReset(app, nobody)).status).toBe(202);
    }
    const limited = await askForReset(app, nobody);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);

    const strict = await context.appWith({ SIGN_IN_RATE_LIMIT_PER_MINUTE: '2' });
    const address = '203.0.113.9';
    expect((await askForReset(strict, uniqueEmail(), address)).status).toBe(202);
    expect((await askForReset(strict, uniqueEmail(), address)).status).toBe(202);
    expect((await askForReset(strict, uniqueEmail(), address)).status).toBe(429);
    // Another address is not limited (one of its own: on PostgreSQL the apps of this suite count
    // together, and 127.0.0.1 has used many links already).
    expect(
      (await reset(strict, `drr_${'C'.repeat(43)}`, NEW_PASSWORD, '203.0.113.10')).status,
    ).toBe(404);
    const tokenRoute = await call(strict, 'POST', `/api/v4/password-resets/drr_${'C'.repeat(43)}`, {
      body: { data: { type: 'password_resets', attributes: { password: NEW_PASSWORD } } },
      remoteAddress: address,
    });
    expect(tokenRoute.status).toBe(429);
  });

  it('without SMTP_URL writes the reset link to the log', async () => {
    const { app: logging, lines } = await appWithCapturedLog(context.database, {
      PUBLIC_URL,
      LOG_LEVEL: 'warn',
    });
    try {
      const owner = await signUp(logging);
      expect((await askForReset(logging, owner.email)).status).toBe(202);
      const line = await vi.waitFor(() => {
        const found = lines.find((entry) => entry.msg?.startsWith('SMTP_URL is not set'));
        if (found === undefined) throw new Error('not logged yet');
        return found;
      });
      expect(line.msg).toMatch(
        new RegExp(
          `^SMTP_URL is not set: the password reset link for ${owner.email.replace(/[.]/g, '\\.')} is https://images\\.example\\.test/reset-password#drr_[\\w-]{43}$`,
        ),
      );
      const token = tokenOf(/is (\S+)$/.exec(line.msg ?? '')?.[1] ?? '');
      expect((await reset(logging, token, NEW_PASSWORD)).status).toBe(204);
      // The password-changed notice is noted as the links are; it has nothing to pass on.
      const notice = await vi.waitFor(() => {
        const found = lines.find((entry) => entry.msg?.includes('password changed'));
        if (found === undefined) throw new Error('not logged yet');
        return found;
      });
      expect(notice).toMatchObject({
        level: 40,
        mail: { to: owner.email, purpose: 'password changed' },
        msg: `SMTP_URL is not set: the password changed email to ${owner.email} was not sent`,
      });
    } finally {
      await logging.close();
    }
  });
});
