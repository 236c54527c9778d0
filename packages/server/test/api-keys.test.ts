import { describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, PASSWORD, signIn, signUp, uniqueEmail, type SignedUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

interface KeyAttributes {
  key?: string;
  name: string;
  permissions: string[];
  hint: string;
  date_last_used: number | null;
  date_expires: number | null;
}

function keyBody(attributes: Record<string, unknown>) {
  return { data: { type: 'api_keys', attributes } };
}

/** True when the answer is the permission check's refusal. */
function refusedForGroup(response: { status: number; body: unknown }, label: string): boolean {
  const detail = (response.body as { errors?: { detail?: string }[] } | null)?.errors?.[0]?.detail;
  return response.status === 403 && (detail ?? '').includes(`the ${label} permission group`);
}

describe.each(BACKENDS)('API keys on $name', (backend) => {
  const context = useTestApp(backend);

  async function createKey(
    token: string,
    attributes: Record<string, unknown>,
  ): Promise<{ id: string; attributes: KeyAttributes }> {
    const response = await call(context.app, 'POST', '/api/v4/api-keys', {
      token,
      body: keyBody(attributes),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { id: string; attributes: KeyAttributes };
  }

  async function addAdmin(owner: SignedUp): Promise<{ id: string; token: string }> {
    const email = uniqueEmail('admin');
    const created = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: {
        data: {
          type: 'users',
          attributes: {
            name: 'Second Admin',
            email,
            password: PASSWORD,
            permissions: ['account_admin'],
          },
        },
      },
    });
    const session = await signIn(context.app, email);
    return {
      id: (created.body as { data: { id: string } }).data.id,
      token: (session.body as { data: { attributes: { token: string } } }).data.attributes.token,
    };
  }

  it('shows a new key once, keeps only its hash and lists it with its hint', async () => {
    const owner = await signUp(context.app);
    const created = await createKey(owner.token, { name: 'CI purge', permissions: ['purge'] });
    const key = created.attributes.key ?? '';
    expect(key).toMatch(/^drk_key_[A-Za-z0-9_-]{43}$/);
    expect(created.attributes).toMatchObject({
      name: 'CI purge',
      permissions: ['purge'],
      hint: key.slice(-4),
      date_last_used: null,
      date_expires: null,
    });
    const listed = await call(context.app, 'GET', '/api/v4/api-keys', { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].attributes.key).toBeUndefined();
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const stored = await context.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('authenticates with the key, within its groups only, and records when it was used', async () => {
    const owner = await signUp(context.app);
    const { attributes } = await createKey(owner.token, {
      name: 'Reports',
      permissions: ['analytics'],
    });
    const key = attributes.key ?? '';
    const analytics = await call(context.app, 'GET', '/api/v4/analytics', { token: key });
    expect(refusedForGroup(analytics, 'Analytics')).toBe(false);
    expect(analytics.status).not.toBe(401);
    // The key never reaches user management or billing without those groups.
    expect(
      refusedForGroup(
        await call(context.app, 'GET', '/api/v4/users', { token: key }),
        'Account Admin',
      ),
    ).toBe(true);
    expect(
      refusedForGroup(
        await call(context.app, 'GET', '/api/v4/billing/subscription', { token: key }),
        'Billing',
      ),
    ).toBe(true);
    const listed = await call(context.app, 'GET', '/api/v4/api-keys', { token: owner.token });
    expect(listed.body.data[0].attributes.date_last_used).toEqual(expect.any(Number));
  });

  it('cannot mint or revoke keys, nor sign itself out', async () => {
    const owner = await signUp(context.app);
    const { id, attributes } = await createKey(owner.token, {
      name: 'Admin script',
      permissions: ['account_admin'],
    });
    const key = attributes.key ?? '';
    const minted = await call(context.app, 'POST', '/api/v4/api-keys', {
      token: key,
      body: keyBody({ name: 'Another', permissions: ['purge'] }),
    });
    expect(minted.status).toBe(403);
    expect(
      (await call(context.app, 'DELETE', `/api/v4/api-keys/${id}`, { token: key })).status,
    ).toBe(403);
    expect(
      (await call(context.app, 'DELETE', '/api/v4/sessions/current', { token: key })).status,
    ).toBe(400);
  });

  it('stops working at once when revoked, and when expired', async () => {
    const owner = await signUp(context.app);
    const revoked = await createKey(owner.token, { name: 'Old', permissions: ['sources'] });
    const key = revoked.attributes.key ?? '';
    expect((await call(context.app, 'GET', '/api/v4/sources', { token: key })).status).toBe(200);
    const deleted = await call(context.app, 'DELETE', `/api/v4/api-keys/${revoked.id}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(204);
    expect((await call(context.app, 'GET', '/api/v4/sources', { token: key })).status).toBe(401);
    expect(
      (await call(context.app, 'DELETE', `/api/v4/api-keys/${revoked.id}`, { token: owner.token }))
        .status,
    ).toBe(404);

    const expiring = await createKey(owner.token, {
      name: 'Short-lived',
      permissions: ['sources'],
      date_expires: Date.now() + 60_000,
    });
    expect(expiring.attributes.date_expires).toEqual(expect.any(Number));
    await context.database.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    expect(
      (await call(context.app, 'GET', '/api/v4/sources', { token: expiring.attributes.key }))
        .status,
    ).toBe(401);
    const listed = await call(context.app, 'GET', '/api/v4/api-keys', { token: owner.token });
    expect(listed.body.data).toEqual([]);
  });

  it('narrows a key to what its creator holds today, and removes it with its creator', async () => {
    const owner = await signUp(context.app);
    const second = await addAdmin(owner);
    const { attributes } = await createKey(second.token, {
      name: 'Deploys',
      permissions: ['sources'],
    });
    const key = attributes.key ?? '';
    const sourcesAttempt = () =>
      call(context.app, 'POST', '/api/v4/sources', { token: key, body: { data: {} } });
    expect(refusedForGroup(await sourcesAttempt(), 'Sources')).toBe(false);
    await call(context.app, 'PATCH', `/api/v4/users/${second.id}`, {
      token: owner.token,
      body: { data: { type: 'users', attributes: { permissions: ['analytics'] } } },
    });
    expect(refusedForGroup(await sourcesAttempt(), 'Sources')).toBe(true);
    await call(context.app, 'DELETE', `/api/v4/users/${second.id}`, { token: owner.token });
    expect((await call(context.app, 'GET', '/api/v4/sources', { token: key })).status).toBe(401);
  });

  it('refuses invalid keys with 422 and a 21st key with 409', async () => {
    const owner = await signUp(context.app);
    for (const attributes of [
      { name: '', permissions: ['purge'] },
      { name: '<b>x</b>', permissions: ['purge'] },
      { name: 'x', permissions: [] },
      { name: 'x', permissions: ['root'] },
      { name: 'x', permissions: ['purge'], date_expires: Date.now() - 1000 },
      { name: 'x', permissions: ['purge'], key: 'drk_key_chosen' },
    ]) {
      const response = await call(context.app, 'POST', '/api/v4/api-keys', {
        token: owner.token,
        body: keyBody(attributes),
      });
      expect(response.status, JSON.stringify(attributes)).toBe(422);
    }
    for (let index = 0; index < 20; index += 1) {
      await createKey(owner.token, { name: `Key ${index}`, permissions: ['purge'] });
    }
    const over = await call(context.app, 'POST', '/api/v4/api-keys', {
      token: owner.token,
      body: keyBody({ name: 'One too many', permissions: ['purge'] }),
    });
    expect(over.status).toBe(409);
    expect(over.body.errors[0].detail).toContain('at most 20 API keys');
  });

  it('limits a key per minute as it limits a session token, each key and token on its own', async () => {
    // RATE_LIMIT_TOKEN_PER_MINUTE counts every bearer token, a key's as a session's.
    const limit = 3;
    const limited = await context.appWith({ RATE_LIMIT_TOKEN_PER_MINUTE: String(limit) });
    const owner = await signUp(context.app);
    const busy = (await createKey(owner.token, { name: 'Busy', permissions: ['sources'] }))
      .attributes.key as string;
    const quiet = (await createKey(owner.token, { name: 'Quiet', permissions: ['sources'] }))
      .attributes.key as string;
    // A session of its own on this app, which none of the calls above counted against.
    const session = (await signIn(limited, owner.email)).body.data.attributes.token as string;
    const list = (token: string) => call(limited, 'GET', '/api/v4/sources', { token });

    for (let used = 0; used < limit; used += 1) expect((await list(busy)).status).toBe(200);
    const over = await list(busy);
    expect(over.status).toBe(429);
    expect(over.body.errors[0].code).toBe('rate_limited');
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key, and a session of the user who made both, keep their own allowance.
    expect((await list(quiet)).status).toBe(200);
    expect((await list(session)).status).toBe(200);
    expect((await list(busy)).status).toBe(429);

    // The session is held to the same count.
    for (let used = 1; used < limit; used += 1) expect((await list(session)).status).toBe(200);
    const sessionOver = await list(session);
    expect(sessionOver.status).toBe(429);
    expect(Number(sessionOver.headers['retry-after'])).toBeGreaterThan(0);
  });
});
