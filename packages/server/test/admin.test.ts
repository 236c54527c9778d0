import { PERMISSION_GROUPS } from '@darkroom/core';
import { describe, expect, it, vi } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, signInAdmin, signUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

function impersonationBody(userId: string) {
  return { data: { type: 'impersonations', attributes: { user_id: userId } } };
}

describe.each(BACKENDS)('admin routes on $name', (backend) => {
  const context = useTestApp(backend);

  it('answers /admin routes with 404 route_not_found for anyone but an admin session', async () => {
    const user = await signUp(context.app);
    for (const token of [undefined, user.token]) {
      for (const [method, url] of [
        ['GET', '/api/v4/admin/users'],
        ['GET', `/api/v4/admin/users/${user.userId}`],
        ['DELETE', `/api/v4/admin/users/${user.userId}`],
        ['GET', '/api/v4/admin/accounts'],
        ['GET', `/api/v4/admin/accounts/${user.accountId}`],
        ['POST', '/api/v4/admin/impersonations'],
      ] as const) {
        const response = await call(context.app, method, url, {
          ...(token ? { token } : {}),
          ...(method === 'POST' ? { body: impersonationBody(user.userId) } : {}),
        });
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(response.body.errors[0].code).toBe('route_not_found');
      }
    }
  });

  it('lets an admin list users of every account, with filters', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const first = await signUp(context.app, { company: 'First' });
    const second = await signUp(context.app, { company: 'Second' });
    const all = await call(context.app, 'GET', '/api/v4/admin/users?page[size]=300', {
      token: admin.token,
    });
    expect(all.status).toBe(200);
    const ids = all.body.data.map((user: { id: string }) => user.id);
    expect(ids).toEqual(expect.arrayContaining([first.userId, second.userId, admin.userId]));
    expect(all.body.meta.authentication.mode).toBe('admin');

    const byAccount = await call(
      context.app,
      'GET',
      `/api/v4/admin/users?filter[account_id]=${second.accountId}`,
      {
        token: admin.token,
      },
    );
    expect(byAccount.body.data.map((user: { id: string }) => user.id)).toEqual([second.userId]);

    const byEmail = await call(
      context.app,
      'GET',
      `/api/v4/admin/users?filter[email]=${encodeURIComponent(first.email.slice(0, 12).toUpperCase())}`,
      { token: admin.token },
    );
    expect(byEmail.body.data.map((user: { id: string }) => user.id)).toEqual([first.userId]);
  });

  it('lets an admin read and delete any user, and read any account', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const user = await signUp(context.app, { company: 'Elsewhere' });
    const read = await call(context.app, 'GET', `/api/v4/admin/users/${user.userId}`, {
      token: admin.token,
    });
    expect(read.status).toBe(200);
    const account = await call(context.app, 'GET', `/api/v4/admin/accounts/${user.accountId}`, {
      token: admin.token,
    });
    expect(account.body.data.attributes.company).toBe('Elsewhere');
    const accounts = await call(context.app, 'GET', '/api/v4/admin/accounts?page[size]=300', {
      token: admin.token,
    });
    expect(accounts.body.data.map((item: { id: string }) => item.id)).toEqual(
      expect.arrayContaining([user.accountId, admin.accountId]),
    );
    const removed = await call(context.app, 'DELETE', `/api/v4/admin/users/${user.userId}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(204);
    const after = await call(context.app, 'GET', '/api/v4/sessions/current', { token: user.token });
    expect(after.status).toBe(401);
  });

  it('puts admins in the internal "Darkroom administrators" account', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const account = await call(context.app, 'GET', `/api/v4/accounts/${admin.accountId}`, {
      token: admin.token,
    });
    expect(account.body.data.attributes.company).toBe('Darkroom administrators');
  });

  it('works for an admin holding only the cookie', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const response = await call(context.app, 'GET', '/api/v4/admin/users', {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
  });

  it('impersonates a user with a session flagged impersonating that acts as them', async () => {
    const admin = await signInAdmin(context.app, context.database, 'Grace Hopper');
    const user = await signUp(context.app, { name: 'Ada Lovelace' });
    const response = await call(context.app, 'POST', '/api/v4/admin/impersonations', {
      token: admin.token,
      body: impersonationBody(user.userId),
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual({
      type: 'sessions',
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      attributes: {
        token: expect.stringMatching(/^drk_/),
        admin: false,
        impersonating: true,
        user_id: user.userId,
        account_id: user.accountId,
        // The impersonation acts with the user's own groups: Account Admin, so all of them.
        permissions: [...PERMISSION_GROUPS],
      },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    const token = response.body.data.attributes.token as string;

    const current = await call(context.app, 'GET', '/api/v4/sessions/current', { token });
    expect(current.body.data.attributes).toMatchObject({
      admin: false,
      impersonating: true,
      user_id: user.userId,
    });
    expect(current.body.meta.authentication).toMatchObject({
      authorized: true,
      mode: 'impersonation',
      modeTitle: 'Impersonating Ada Lovelace',
      tag: user.accountId,
      user: { id: user.userId, name: 'Ada Lovelace', email: user.email },
    });
    const teammates = await call(context.app, 'GET', '/api/v4/users', { token });
    expect(teammates.body.data.map((item: { id: string }) => item.id)).toEqual([user.userId]);
    const adminRoute = await call(context.app, 'GET', '/api/v4/admin/users', { token });
    expect(adminRoute.status).toBe(404);

    const session = await context.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', response.body.data.id)
      .executeTakeFirstOrThrow();
    expect(session.impersonator_user_id).toBe(admin.userId);
    const lifetime = session.expires_at.getTime() - session.created_at.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(61 * 60_000);
  });

  it('writes one audit row per impersonated request', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const user = await signUp(context.app);
    const created = await call(context.app, 'POST', '/api/v4/admin/impersonations', {
      token: admin.token,
      body: impersonationBody(user.userId),
    });
    const sessionId = created.body.data.id as string;
    const token = created.body.data.attributes.token as string;
    await call(context.app, 'GET', '/api/v4/users?page[size]=5', { token });
    await call(context.app, 'GET', '/api/v4/users/0123456789abcdef01234567', { token });
    await call(context.app, 'DELETE', '/api/v4/sessions/current', { token });

    const rows = await vi.waitFor(async () => {
      const found = await context.database.db
        .selectFrom('impersonation_audit')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('created_at')
        .execute();
      expect(found).toHaveLength(3);
      return found;
    });
    const entries = rows.map((row) => ({
      admin: row.admin_user_id,
      user: row.impersonated_user_id,
      method: row.method,
      path: row.path,
      status: row.status,
    }));
    const expected = { admin: admin.userId, user: user.userId };
    expect(entries).toEqual(
      expect.arrayContaining([
        { ...expected, method: 'GET', path: '/api/v4/users?page[size]=5', status: 200 },
        { ...expected, method: 'GET', path: '/api/v4/users/0123456789abcdef01234567', status: 404 },
        { ...expected, method: 'DELETE', path: '/api/v4/sessions/current', status: 204 },
      ]),
    );
    // Ending the impersonation leaves the admin's own session working.
    const adminSession = await call(context.app, 'GET', '/api/v4/sessions/current', {
      token: admin.token,
    });
    expect(adminSession.status).toBe(200);
  });

  it('refuses to impersonate an admin with 403 forbidden', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const other = await signInAdmin(context.app, context.database, 'Other Admin');
    const response = await call(context.app, 'POST', '/api/v4/admin/impersonations', {
      token: admin.token,
      body: impersonationBody(other.userId),
    });
    expect(response.status).toBe(403);
    expect(response.body.errors[0]).toMatchObject({
      code: 'forbidden',
      source: { pointer: '/data/attributes/user_id' },
    });
  });

  it('answers impersonating an unknown or malformed user id with 404 and 422', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const unknown = await call(context.app, 'POST', '/api/v4/admin/impersonations', {
      token: admin.token,
      body: impersonationBody('0123456789abcdef01234567'),
    });
    expect(unknown.status).toBe(404);
    const malformed = await call(context.app, 'POST', '/api/v4/admin/impersonations', {
      token: admin.token,
      body: impersonationBody('nope'),
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].source).toEqual({ pointer: '/data/attributes/user_id' });
  });

  it('ends impersonation sessions when their admin stops being one', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const user = await signUp(context.app);
    const created = await call(context.app, 'POST', '/api/v4/admin/impersonations', {
      token: admin.token,
      body: impersonationBody(user.userId),
    });
    await context.database.db
      .updateTable('users')
      .set({ admin: false })
      .where('id', '=', admin.userId)
      .execute();
    const response = await call(context.app, 'GET', '/api/v4/sessions/current', {
      token: created.body.data.attributes.token,
    });
    expect(response.status).toBe(401);
  });
});
