import { describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import {
  call,
  PASSWORD,
  signIn,
  signInAdmin,
  signUp,
  uniqueEmail,
  type SignedUp,
} from './requests.ts';
import { useTestApp } from './test-app.ts';

interface AuditAttributes {
  account_id: string | null;
  action: string;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  ip: string;
  user_agent: string;
}

describe.each(BACKENDS)('audit log on $name', (backend) => {
  const context = useTestApp(backend);

  async function auditOf(token: string, query = '', admin = false) {
    const response = await call(
      context.app,
      'GET',
      `/api/v4${admin ? '/admin' : ''}/audit-events${query}`,
      { token },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body.data as { attributes: AuditAttributes }[]).map((row) => row.attributes);
  }

  /** The log is written once the answer is sent: waits until `action` shows. */
  async function waitFor(token: string, action: string, admin = false, query = '') {
    const deadline = Date.now() + 5000;
    for (;;) {
      const rows = await auditOf(token, query, admin);
      const found = rows.filter((row) => row.action === action);
      if (found.length > 0 || Date.now() > deadline) return { rows, found };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function addTeammate(owner: SignedUp, permissions: string[]) {
    const email = uniqueEmail('audited');
    const created = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: {
        data: {
          type: 'users',
          attributes: { name: 'Ada', email, password: PASSWORD, permissions },
        },
      },
    });
    expect(created.status).toBe(201);
    return { id: created.body.data.id as string, email };
  }

  it('records failed sign-ins in the account of the email tried, with where they came from', async () => {
    const owner = await signUp(context.app);
    const failed = await call(context.app, 'POST', '/api/v4/sessions', {
      headers: { 'user-agent': 'curl/8.0' },
      remoteAddress: '203.0.113.7',
      body: {
        data: { type: 'sessions', attributes: { email: owner.email, password: 'wrong password' } },
      },
    });
    expect(failed.status).toBe(401);
    const { found } = await waitFor(owner.token, 'sign_in.failed');
    expect(found[0]).toMatchObject({
      account_id: owner.accountId,
      actor_user_id: null,
      details: { email: owner.email.toLowerCase() },
      user_agent: 'curl/8.0',
    });
    expect(found[0]?.ip).toEqual(expect.any(String));
    expect(JSON.stringify(found)).not.toContain('wrong password');
  });

  it('records teammates, their groups, keys and key use, and never a password or a key', async () => {
    const owner = await signUp(context.app);
    const teammate = await addTeammate(owner, ['purge']);
    await call(context.app, 'PATCH', `/api/v4/users/${teammate.id}`, {
      token: owner.token,
      body: { data: { type: 'users', attributes: { permissions: ['purge', 'analytics'] } } },
    });
    const key = await call(context.app, 'POST', '/api/v4/api-keys', {
      token: owner.token,
      body: {
        data: { type: 'api_keys', attributes: { name: 'Script', permissions: ['sources'] } },
      },
    });
    const keyValue = key.body.data.attributes.key as string;
    await call(context.app, 'GET', '/api/v4/sources', { token: keyValue });
    // Refused requests change nothing and are not recorded.
    await call(context.app, 'POST', '/api/v4/sources', { token: owner.token, body: { data: {} } });

    const { rows } = await waitFor(owner.token, 'api_key.used');
    const byAction = new Map(rows.map((row) => [row.action, row]));
    expect(byAction.get('user.added')).toMatchObject({
      actor_user_id: owner.userId,
      target_type: 'users',
      target_id: teammate.id,
      details: { permissions: ['purge'] },
    });
    expect(byAction.get('user.updated')).toMatchObject({
      target_id: teammate.id,
      details: { permissions: ['purge', 'analytics'] },
    });
    expect(byAction.get('api_key.created')).toMatchObject({
      target_type: 'api_keys',
      target_id: key.body.data.id,
      details: { name: 'Script', permissions: ['sources'] },
    });
    expect(byAction.get('api_key.used')).toMatchObject({
      actor_user_id: owner.userId,
      actor_api_key_id: key.body.data.id,
    });
    expect(byAction.has('source.created')).toBe(false);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(keyValue);
  });

  it('is for Account Admins of the account only, filterable, and every account is seen by install admins', async () => {
    const owner = await signUp(context.app);
    const other = await signUp(context.app);
    const teammate = await addTeammate(owner, ['analytics']);
    const session = await signIn(context.app, teammate.email);
    const memberToken = session.body.data.attributes.token as string;
    const refused = await call(context.app, 'GET', '/api/v4/audit-events', { token: memberToken });
    expect(refused.status).toBe(403);

    const { found } = await waitFor(owner.token, 'sign_in', false, '?filter[action]=sign_in');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((row) => row.account_id === owner.accountId)).toBe(true);
    const unknown = await call(context.app, 'GET', '/api/v4/audit-events?filter[action]=nope', {
      token: owner.token,
    });
    expect(unknown.status).toBe(400);
    const future = await auditOf(owner.token, `?filter[since]=${Date.now() + 60_000}`);
    expect(future).toEqual([]);

    const admin = await signInAdmin(context.app, context.database);
    await call(context.app, 'POST', '/api/v4/admin/impersonations', {
      token: admin.token,
      body: { data: { type: 'impersonations', attributes: { user_id: other.userId } } },
    });
    const seen = await waitFor(other.token, 'impersonation.started');
    expect(seen.found[0]).toMatchObject({
      account_id: other.accountId,
      actor_user_id: admin.userId,
      target_id: other.userId,
    });
    const all = await auditOf(admin.token, `?filter[account_id]=${owner.accountId}`, true);
    expect(all.some((row) => row.action === 'user.added')).toBe(true);
  });
});
