import { describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, PASSWORD, signIn, signUp, uniqueEmail, type SignedUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

function newUserBody(attributes: Record<string, unknown>) {
  return { data: { type: 'users', attributes } };
}

describe.each(BACKENDS)('users on $name', (backend) => {
  const context = useTestApp(backend);

  async function addTeammate(owner: SignedUp, name: string, email = uniqueEmail()) {
    const response = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: newUserBody({ name, email, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    return response.body.data as { id: string; attributes: { email: string } };
  }

  it('adds a teammate to the caller account and answers 201 with the users resource', async () => {
    const owner = await signUp(context.app);
    const email = uniqueEmail('teammate');
    const response = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: newUserBody({ name: 'Tim Berners-Lee', email, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual({
      type: 'users',
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      attributes: {
        name: 'Tim Berners-Lee',
        email,
        admin: false,
        // Added without groups: the narrowest one.
        permissions: ['asset_manager_browse'],
        account_id: owner.accountId,
        date_created: expect.any(Number),
        date_modified: expect.any(Number),
        // Given a password, they need no invitation.
        date_invitation_expires: null,
      },
      relationships: { account: { data: { type: 'accounts', id: owner.accountId } } },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash/);
    expect((await signIn(context.app, email)).status).toBe(201);
  });

  it('answers a teammate with a taken email with 409 and a weak password with 422', async () => {
    const owner = await signUp(context.app);
    const taken = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: newUserBody({ name: 'Dup', email: owner.email, password: PASSWORD }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({
      code: 'email_taken',
      source: { pointer: '/data/attributes/email' },
    });
    const weak = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: newUserBody({ name: 'Weak', email: uniqueEmail(), password: '123' }),
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors[0].code).toBe('weak_password');
  });

  it('lists teammates sorted by name with pagination meta', async () => {
    const owner = await signUp(context.app, { name: 'Mallory' });
    for (const name of ['charlie', 'Alice', 'bob']) await addTeammate(owner, name);
    const response = await call(context.app, 'GET', '/api/v4/users', { token: owner.token });
    expect(response.status).toBe(200);
    const names = response.body.data.map(
      (user: { attributes: { name: string } }) => user.attributes.name,
    );
    expect(names).toEqual(['Alice', 'bob', 'charlie', 'Mallory']);
    expect(response.body.meta.pagination).toEqual({
      currentPage: 1,
      hasNextPage: false,
      hasPreviousPage: false,
      nextPage: null,
      pageSize: 25,
      previousPage: null,
      totalPages: 1,
      totalRecords: 4,
    });
  });

  it('pages and sorts descending with page[number], page[size] and sort', async () => {
    const owner = await signUp(context.app, { name: 'Zed' });
    for (const name of ['Amy', 'Ben', 'Cat', 'Dan']) await addTeammate(owner, name);
    const response = await call(
      context.app,
      'GET',
      '/api/v4/users?page[number]=2&page[size]=2&sort=-name',
      { token: owner.token },
    );
    expect(response.status).toBe(200);
    const names = response.body.data.map(
      (user: { attributes: { name: string } }) => user.attributes.name,
    );
    expect(names).toEqual(['Cat', 'Ben']);
    expect(response.body.meta.pagination).toEqual({
      currentPage: 2,
      hasNextPage: true,
      hasPreviousPage: true,
      nextPage: 3,
      pageSize: 2,
      previousPage: 1,
      totalPages: 3,
      totalRecords: 5,
    });
  });

  it('answers bad list parameters with 400 invalid_parameter naming the parameter', async () => {
    const { token } = await signUp(context.app);
    for (const [query, parameter] of [
      ['page[size]=301', 'page[size]'],
      ['page[size]=0', 'page[size]'],
      ['page[number]=abc', 'page[number]'],
      ['sort=password_hash', 'sort'],
      ['filter[password]=x', 'filter[password]'],
      ['include=sessions', 'include'],
    ] as const) {
      const response = await call(context.app, 'GET', `/api/v4/users?${query}`, { token });
      expect(response.status, query).toBe(400);
      expect(response.body.errors[0]).toMatchObject({
        code: 'invalid_parameter',
        source: { parameter },
      });
    }
  });

  it('includes the account when asked with include=account', async () => {
    const owner = await signUp(context.app, { company: 'Included Inc' });
    const response = await call(context.app, 'GET', '/api/v4/users?include=account', {
      token: owner.token,
    });
    expect(response.body.included).toEqual([
      expect.objectContaining({
        type: 'accounts',
        id: owner.accountId,
        attributes: expect.objectContaining({ company: 'Included Inc' }),
      }),
    ]);
    const single = await call(context.app, 'GET', `/api/v4/users/${owner.userId}?include=account`, {
      token: owner.token,
    });
    expect(single.body.included).toHaveLength(1);
  });

  it('gets a teammate by id', async () => {
    const owner = await signUp(context.app);
    const teammate = await addTeammate(owner, 'Grace');
    const response = await call(context.app, 'GET', `/api/v4/users/${teammate.id}`, {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes.name).toBe('Grace');
  });

  it("answers another account's user with 404 for reads and deletes", async () => {
    const mine = await signUp(context.app);
    const theirs = await signUp(context.app);
    const list = await call(context.app, 'GET', '/api/v4/users', { token: mine.token });
    expect(list.body.data.map((user: { id: string }) => user.id)).toEqual([mine.userId]);
    const read = await call(context.app, 'GET', `/api/v4/users/${theirs.userId}`, {
      token: mine.token,
    });
    expect(read.status).toBe(404);
    expect(read.body.errors[0].code).toBe('not_found');
    const remove = await call(context.app, 'DELETE', `/api/v4/users/${theirs.userId}`, {
      token: mine.token,
    });
    expect(remove.status).toBe(404);
    const filtered = await call(
      context.app,
      'GET',
      `/api/v4/users?filter[account_id]=${theirs.accountId}`,
      {
        token: mine.token,
      },
    );
    expect(filtered.body.data).toEqual([]);
    const malformed = await call(context.app, 'GET', '/api/v4/users/not-an-id', {
      token: mine.token,
    });
    expect(malformed.status).toBe(404);
  });

  it('deletes a teammate, whose sessions stop at once', async () => {
    const owner = await signUp(context.app);
    const teammate = await addTeammate(owner, 'Leaving');
    const session = await signIn(context.app, teammate.attributes.email);
    const teammateToken = session.body.data.attributes.token as string;
    const response = await call(context.app, 'DELETE', `/api/v4/users/${teammate.id}`, {
      token: owner.token,
    });
    expect(response.status).toBe(204);
    const after = await call(context.app, 'GET', '/api/v4/sessions/current', {
      token: teammateToken,
    });
    expect(after.status).toBe(401);
    const gone = await call(context.app, 'GET', `/api/v4/users/${teammate.id}`, {
      token: owner.token,
    });
    expect(gone.status).toBe(404);
  });

  it('refuses to delete yourself with 409 conflict', async () => {
    const owner = await signUp(context.app);
    const response = await call(context.app, 'DELETE', `/api/v4/users/${owner.userId}`, {
      token: owner.token,
    });
    expect(response.status).toBe(409);
    expect(response.body.errors[0].code).toBe('conflict');
  });

  it('requires a session for every users route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v4/users'],
      ['GET', '/api/v4/users/0123456789abcdef01234567'],
      ['POST', '/api/v4/users'],
      ['DELETE', '/api/v4/users/0123456789abcdef01234567'],
    ] as const) {
      const response = await call(
        context.app,
        method,
        url,
        method === 'POST' ? { body: newUserBody({}) } : {},
      );
      expect(response.status, `${method} ${url}`).toBe(401);
    }
  });
});
