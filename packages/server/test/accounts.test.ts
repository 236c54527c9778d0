import { PERMISSION_GROUPS } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, PASSWORD, signUp, uniqueEmail } from './requests.ts';
import { useTestApp } from './test-app.ts';

const ID = /^[0-9a-f]{24}$/;

function signUpBody(attributes: Record<string, unknown>) {
  return { data: { type: 'accounts', attributes } };
}

describe.each(BACKENDS)('accounts on $name', (backend) => {
  const context = useTestApp(backend);

  it('signs up with a 201 session carrying a drk_ token', async () => {
    const email = uniqueEmail();
    const response = await call(context.app, 'POST', '/api/v4/accounts', {
      body: signUpBody({ company: 'Acme', name: 'Ada', email, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    const { data, jsonapi, meta } = response.body;
    expect(jsonapi).toEqual({ version: '1.0' });
    expect(data).toEqual({
      type: 'sessions',
      id: expect.stringMatching(ID),
      attributes: {
        token: expect.stringMatching(/^drk_[A-Za-z0-9_-]{43}$/),
        admin: false,
        impersonating: false,
        user_id: expect.stringMatching(ID),
        account_id: expect.stringMatching(ID),
        // The first user of an account is Account Admin, which holds every group.
        permissions: [...PERMISSION_GROUPS],
      },
    });
    expect(meta.authentication).toEqual({
      authorized: true,
      clientId: data.id,
      mode: 'user',
      modeTitle: 'User',
      tag: data.attributes.account_id,
      user: { id: data.attributes.user_id, name: 'Ada', email },
    });
  });

  it('stores only a hash of the token and an argon2id hash of the password', async () => {
    const { token, userId } = await signUp(context.app);
    const session = await context.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.token_hash).not.toContain(token);
    const user = await context.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers a duplicate email, in any letter case, with 409 email_taken on the email', async () => {
    const { email } = await signUp(context.app);
    const response = await call(context.app, 'POST', '/api/v4/accounts', {
      body: signUpBody({
        company: 'Other',
        name: 'Bob',
        email: email.toUpperCase(),
        password: PASSWORD,
      }),
    });
    expect(response.status).toBe(409);
    expect(response.body.errors).toEqual([
      {
        status: '409',
        code: 'email_taken',
        title: 'Email already registered',
        detail: expect.any(String),
        source: { pointer: '/data/attributes/email' },
      },
    ]);
  });

  it('rejects a password under 10 characters with 422 weak_password', async () => {
    const response = await call(context.app, 'POST', '/api/v4/accounts', {
      body: signUpBody({ company: 'Acme', name: 'Ada', email: uniqueEmail(), password: 'short' }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        status: '422',
        code: 'weak_password',
        source: { pointer: '/data/attributes/password' },
      }),
    ]);
  });

  it('answers missing fields with one 422 validation_failed error per field', async () => {
    const response = await call(context.app, 'POST', '/api/v4/accounts', {
      body: signUpBody({ email: 'not-an-email', password: PASSWORD }),
    });
    expect(response.status).toBe(422);
    const errors = response.body.errors as {
      code: string;
      detail: string;
      source: { pointer: string };
    }[];
    expect(errors.map((error) => error.source.pointer).sort()).toEqual([
      '/data/attributes/company',
      '/data/attributes/email',
      '/data/attributes/name',
    ]);
    expect(errors.every((error) => error.code === 'validation_failed')).toBe(true);
    expect(errors.find((error) => error.source.pointer.endsWith('company'))?.detail).toBe(
      'This field is required',
    );
  });

  it('answers a body of the wrong resource type with 409 on /data/type', async () => {
    const response = await call(context.app, 'POST', '/api/v4/accounts', {
      body: { data: { type: 'users', attributes: {} } },
    });
    expect(response.status).toBe(409);
    expect(response.body.errors[0].source).toEqual({ pointer: '/data/type' });
  });

  it("shows the caller's own account and hides every other one", async () => {
    const mine = await signUp(context.app, { company: 'Mine Ltd' });
    const theirs = await signUp(context.app, { company: 'Theirs Ltd' });
    const own = await call(context.app, 'GET', `/api/v4/accounts/${mine.accountId}`, {
      token: mine.token,
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({
      type: 'accounts',
      id: mine.accountId,
      attributes: {
        company: 'Mine Ltd',
        webproxy_access: false,
        capabilities: [
          'background_removal',
          'super_resolution',
          'object_removal',
          'image_to_video',
        ],
        date_created: expect.any(Number),
        date_modified: expect.any(Number),
      },
    });
    const other = await call(context.app, 'GET', `/api/v4/accounts/${theirs.accountId}`, {
      token: mine.token,
    });
    expect(other.status).toBe(404);
    expect(other.body.errors[0].code).toBe('not_found');
  });

  it('requires a session to read an account', async () => {
    const { accountId } = await signUp(context.app);
    const response = await call(context.app, 'GET', `/api/v4/accounts/${accountId}`);
    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe('unauthorized');
  });
});
