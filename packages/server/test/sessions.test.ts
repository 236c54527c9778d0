import { PERMISSION_GROUPS } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, PASSWORD, signIn, signInAdmin, signUp, uniqueEmail } from './requests.ts';
import { useTestApp } from './test-app.ts';

describe.each(BACKENDS)('sessions on $name', (backend) => {
  const context = useTestApp(backend);

  it('signs in with a 201 session of the same shape as sign-up', async () => {
    const { email, userId, accountId } = await signUp(context.app);
    const response = await signIn(context.app, email.toUpperCase());
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toEqual({
      token: expect.stringMatching(/^drk_/),
      admin: false,
      impersonating: false,
      user_id: userId,
      account_id: accountId,
      // The first user of an account is Account Admin, which holds every group.
      permissions: [...PERMISSION_GROUPS],
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers a wrong password and an unknown email alike with 401 invalid_credentials', async () => {
    const { email } = await signUp(context.app);
    const wrongPassword = await signIn(context.app, email, 'not the password');
    const unknownEmail = await signIn(context.app, uniqueEmail('nobody'), PASSWORD);
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body.errors).toEqual([
        expect.objectContaining({ status: '401', code: 'invalid_credentials' }),
      ]);
    }
    expect(unknownEmail.body.errors).toEqual(wrongPassword.body.errors);
  });

  it('answers a sign-in without a password with 422 on the password', async () => {
    const response = await call(context.app, 'POST', '/api/v4/sessions', {
      body: { data: { type: 'sessions', attributes: { email: uniqueEmail() } } },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].source).toEqual({ pointer: '/data/attributes/password' });
  });

  it('shows the current session without its token', async () => {
    const { token, sessionId, userId, accountId } = await signUp(context.app);
    const response = await call(context.app, 'GET', '/api/v4/sessions/current', { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      type: 'sessions',
      id: sessionId,
      attributes: {
        admin: false,
        impersonating: false,
        user_id: userId,
        account_id: accountId,
        permissions: [...PERMISSION_GROUPS],
      },
    });
  });

  it('answers the current session with 401 without a valid token', async () => {
    const anonymous = await call(context.app, 'GET', '/api/v4/sessions/current');
    const bogus = await call(context.app, 'GET', '/api/v4/sessions/current', { token: 'drk_nope' });
    for (const response of [anonymous, bogus]) {
      expect(response.status).toBe(401);
      expect(response.body.errors[0].code).toBe('unauthorized');
      expect(response.body.meta.authentication.mode).toBe('anonymous');
    }
  });

  it('stops the token at once when signing out', async () => {
    const { token } = await signUp(context.app);
    const signOut = await call(context.app, 'DELETE', '/api/v4/sessions/current', { token });
    expect(signOut.status).toBe(204);
    expect(signOut.body).toBeNull();
    const after = await call(context.app, 'GET', '/api/v4/sessions/current', { token });
    expect(after.status).toBe(401);
  });

  it('keeps other sessions of the same user when one signs out', async () => {
    const { token, email } = await signUp(context.app);
    const second = await signIn(context.app, email);
    await call(context.app, 'DELETE', '/api/v4/sessions/current', { token });
    const response = await call(context.app, 'GET', '/api/v4/sessions/current', {
      token: second.body.data.attributes.token,
    });
    expect(response.status).toBe(200);
  });

  it('refuses an expired session', async () => {
    const { token, sessionId } = await signUp(context.app);
    await context.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sessionId)
      .execute();
    const response = await call(context.app, 'GET', '/api/v4/sessions/current', { token });
    expect(response.status).toBe(401);
  });

  it('gives admins an HttpOnly SameSite=Strict cookie scoped to /api', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const response = await signIn(context.app, admin.email);
    expect(response.body.data.attributes.admin).toBe(true);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^darkroom_admin=drk_/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api');
    expect(cookie).toContain(`darkroom_admin=${response.body.data.attributes.token}`);
  });

  it('accepts the admin cookie without a bearer token', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const response = await call(context.app, 'GET', '/api/v4/sessions/current', {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toMatchObject({ admin: true, user_id: admin.userId });
    expect(response.body.meta.authentication).toMatchObject({
      mode: 'admin',
      modeTitle: 'Administrator',
    });
  });

  it('ignores the cookie when it holds a non-admin session', async () => {
    const { token } = await signUp(context.app);
    const response = await call(context.app, 'GET', '/api/v4/sessions/current', {
      headers: { cookie: `darkroom_admin=${token}` },
    });
    expect(response.status).toBe(401);
  });

  it('judges a request with an Authorization header by that header alone', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const response = await call(context.app, 'GET', '/api/v4/sessions/current', {
      token: 'drk_revoked-or-wrong',
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(401);
  });

  it('clears the admin cookie on sign-out and the cookie stops working', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const signOut = await call(context.app, 'DELETE', '/api/v4/sessions/current', {
      headers: { cookie: admin.cookie },
    });
    expect(signOut.status).toBe(204);
    expect(String(signOut.headers['set-cookie'])).toMatch(
      /^darkroom_admin=;.*Expires=Thu, 01 Jan 1970/,
    );
    const after = await call(context.app, 'GET', '/api/v4/sessions/current', {
      headers: { cookie: admin.cookie },
    });
    expect(after.status).toBe(401);
  });
});
