import { RATE_LIMIT_DETAIL } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import { BACKENDS } from './databases.ts';
import { call, signUp, uniqueEmail, PASSWORD } from './requests.ts';
import { testConfig, useTestApp } from './test-app.ts';

const ANONYMOUS = {
  authorized: false,
  clientId: null,
  mode: 'anonymous',
  modeTitle: 'Anonymous',
  tag: null,
  user: null,
};

function signUpBody() {
  return {
    data: {
      type: 'accounts',
      attributes: { company: 'Acme', name: 'Ada', email: uniqueEmail(), password: PASSWORD },
    },
  };
}

describe.each(BACKENDS)('API protocol on $name', (backend) => {
  const context = useTestApp(backend);

  it('answers /healthz and /readyz with 200 while the database answers', async () => {
    const health = await call(context.app, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'healthy' });
    const ready = await call(context.app, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up' });
  });

  it('stays live on /healthz but not ready on /readyz when the database does not answer', async () => {
    const database = await backend.open();
    await migrate(database);
    const app = await buildApp(testConfig(), { database });
    try {
      await database.close();
      const health = await call(app, 'GET', '/healthz');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'healthy' });
      const ready = await call(app, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'not_ready', database: 'down' });
      // The API says why it cannot answer, and that trying again later is right.
      const write = await call(app, 'POST', '/api/v4/accounts', { body: signUpBody() });
      expect(write.status).toBe(503);
      expect(write.headers['retry-after']).toBe('5');
      expect(write.body.errors).toEqual([
        expect.objectContaining({ status: '503', code: 'database_unavailable' }),
      ]);
      expect(write.body.errors[0].detail).toMatch(/database cannot be reached/);
    } finally {
      await app.close();
    }
  });

  it('answers an unexpected failure with a generic 500 and keeps the details in the log', async () => {
    const app = await context.appWith({});
    app.get('/api/v4/test-failure', async () => {
      throw new Error('secret internals at /srv/darkroom/file.ts:12');
    });
    const response = await call(app, 'GET', '/api/v4/test-failure');
    expect(response.status).toBe(500);
    expect(response.body.errors).toEqual([
      {
        status: '500',
        code: 'internal_error',
        title: 'Internal server error',
        detail: 'Something went wrong on our side.',
      },
    ]);
    expect(JSON.stringify(response.body)).not.toContain('secret');
  });

  it('puts meta.authentication and meta.server in every document, errors included', async () => {
    const response = await call(context.app, 'GET', '/api/v4/users');
    expect(response.body).toEqual({
      errors: [expect.objectContaining({ code: 'unauthorized' })],
      jsonapi: { version: '1.0' },
      meta: {
        authentication: ANONYMOUS,
        server: { commit: 'test-commit', status: 'healthy', version: '0.1.0' },
      },
    });
  });

  it('answers an unknown route with 404 route_not_found in the errors shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/v4/nothing-here'],
      ['POST', '/api/v4/nothing-here'],
      ['GET', '/nothing-here'],
      ['PATCH', '/api/v4/users'],
    ] as const) {
      const response = await call(context.app, method, url);
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
      expect(response.body.errors).toEqual([
        {
          status: '404',
          code: 'route_not_found',
          title: 'Route not found',
          detail: `No route matches ${method} ${url}.`,
        },
      ]);
    }
  });

  it('answers malformed JSON with 400 malformed_json and no stack trace', async () => {
    const response = await call(context.app, 'POST', '/api/v4/accounts', { body: '{"data": {' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      {
        status: '400',
        code: 'malformed_json',
        title: 'Malformed JSON',
        detail: 'The request body is not valid JSON.',
      },
    ]);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts|stack/i);
  });

  it('answers a JSON:API media type with parameters with 415', async () => {
    for (const contentType of [
      'application/vnd.api+json; ext="https://example.com/ext"',
      'application/vnd.api+json; charset=utf-8',
    ]) {
      const response = await call(context.app, 'POST', '/api/v4/accounts', {
        body: signUpBody(),
        headers: { 'content-type': contentType },
      });
      expect(response.status, contentType).toBe(415);
      expect(response.body.errors[0].code).toBe('unsupported_media_type');
    }
  });

  it('answers a body of another media type with 415', async () => {
    const response = await call(context.app, 'POST', '/api/v4/accounts', {
      body: 'company=Acme',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body.errors[0].code).toBe('unsupported_media_type');
  });

  it('accepts plain application/json bodies for tools', async () => {
    const response = await call(context.app, 'POST', '/api/v4/accounts', {
      body: signUpBody(),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(201);
  });

  it('answers an Accept header with only parameterised JSON:API types with 406', async () => {
    const { token } = await signUp(context.app);
    const refused = await call(context.app, 'GET', '/api/v4/sessions/current', {
      token,
      headers: { accept: 'application/vnd.api+json; ext="https://example.com/ext"' },
    });
    expect(refused.status).toBe(406);
    const accepted = await call(context.app, 'GET', '/api/v4/sessions/current', {
      token,
      headers: { accept: 'application/vnd.api+json; ext="x", application/vnd.api+json' },
    });
    expect(accepted.status).toBe(200);
  });

  it('answers a body without data with 400 pointing at /data', async () => {
    const response = await call(context.app, 'POST', '/api/v4/sessions', { body: { email: 'x' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      code: 'bad_request',
      source: { pointer: '/data' },
    });
  });

  describe('read-only mode', () => {
    it('reports read_only and answers every write with 503 read_only', async () => {
      const { token } = await signUp(context.app);
      const readOnly = await context.appWith({ READ_ONLY: '1' });
      const read = await call(readOnly, 'GET', '/api/v4/sessions/current', { token });
      expect(read.status).toBe(200);
      expect(read.body.meta.server.status).toBe('read_only');
      for (const [method, url] of [
        ['POST', '/api/v4/accounts'],
        ['POST', '/api/v4/sessions'],
        ['DELETE', '/api/v4/sessions/current'],
        ['PATCH', '/api/v4/users/0123456789abcdef01234567'],
        ['PUT', '/api/v4/users/0123456789abcdef01234567'],
      ] as const) {
        const response = await call(readOnly, method, url, { token, body: signUpBody() });
        expect(response.status, `${method} ${url}`).toBe(503);
        expect(response.body.errors[0]).toMatchObject({ status: '503', code: 'read_only' });
        expect(response.body.meta.server.status).toBe('read_only');
      }
      const still = await call(readOnly, 'GET', '/api/v4/sessions/current', { token });
      expect(still.status).toBe(200);
    });
  });

  describe('rate limiting', () => {
    function expectRateLimited(response: Awaited<ReturnType<typeof call>>) {
      expect(response.status).toBe(429);
      expect(response.body.errors).toEqual([
        {
          status: '429',
          code: 'rate_limited',
          title: 'Too many requests',
          detail: RATE_LIMIT_DETAIL,
        },
      ]);
      expect(RATE_LIMIT_DETAIL).toBe("You've exceeded your request limit. Please try again later.");
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    it('limits requests per client IP with 429, the exact detail and Retry-After', async () => {
      const limited = await context.appWith({ RATE_LIMIT_PER_MINUTE: '3' });
      const remoteAddress = '203.0.113.7';
      for (let i = 0; i < 3; i += 1) {
        expect((await call(limited, 'GET', '/api/v4/users', { remoteAddress })).status).toBe(401);
      }
      expectRateLimited(await call(limited, 'GET', '/api/v4/users', { remoteAddress }));
      // Another client is not affected, nor is /healthz.
      const other = await call(limited, 'GET', '/api/v4/users', { remoteAddress: '203.0.113.8' });
      expect(other.status).toBe(401);
      expect((await call(limited, 'GET', '/healthz', { remoteAddress })).status).toBe(200);
    });

    it('limits requests per token, whichever address they come from', async () => {
      const { token } = await signUp(context.app);
      const limited = await context.appWith({ RATE_LIMIT_TOKEN_PER_MINUTE: '2' });
      for (const remoteAddress of ['198.51.100.1', '198.51.100.2']) {
        const response = await call(limited, 'GET', '/api/v4/sessions/current', {
          token,
          remoteAddress,
        });
        expect(response.status).toBe(200);
      }
      expectRateLimited(
        await call(limited, 'GET', '/api/v4/sessions/current', {
          token,
          remoteAddress: '198.51.100.3',
        }),
      );
    });

    it('takes the client address from X-Forwarded-For only with TRUST_PROXY', async () => {
      const trusting = await context.appWith({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: 'true' });
      const forwardedFor = (address: string) => ({ headers: { 'x-forwarded-for': address } });
      expect((await call(trusting, 'GET', '/api/v4/users', forwardedFor('192.0.2.1'))).status).toBe(
        401,
      );
      expect((await call(trusting, 'GET', '/api/v4/users', forwardedFor('192.0.2.2'))).status).toBe(
        401,
      );
      expectRateLimited(await call(trusting, 'GET', '/api/v4/users', forwardedFor('192.0.2.1')));

      // From an address of its own: on PostgreSQL the apps of this suite count together, and
      // 127.0.0.1 has made many requests already.
      const direct = await context.appWith({ RATE_LIMIT_PER_MINUTE: '1' });
      const ownSocket = (address: string) => ({
        ...forwardedFor(address),
        remoteAddress: '192.0.2.99',
      });
      expect((await call(direct, 'GET', '/api/v4/users', ownSocket('192.0.2.1'))).status).toBe(401);
      expectRateLimited(await call(direct, 'GET', '/api/v4/users', ownSocket('192.0.2.2')));
    });

    it('limits sign-in and sign-up attempts per IP more tightly', async () => {
      const limited = await context.appWith({ SIGN_IN_RATE_LIMIT_PER_MINUTE: '2' });
      const remoteAddress = '192.0.2.44';
      const signIn = {
        data: {
          type: 'sessions',
          attributes: { email: uniqueEmail(), password: 'wrong password' },
        },
      };
      expect(
        (await call(limited, 'POST', '/api/v4/sessions', { body: signIn, remoteAddress })).status,
      ).toBe(401);
      expect(
        (await call(limited, 'POST', '/api/v4/accounts', { body: signUpBody(), remoteAddress }))
          .status,
      ).toBe(201);
      expectRateLimited(
        await call(limited, 'POST', '/api/v4/sessions', { body: signIn, remoteAddress }),
      );
      const elsewhere = await call(limited, 'GET', '/api/v4/users', { remoteAddress });
      expect(elsewhere.status).toBe(401);
    });
  });
});
