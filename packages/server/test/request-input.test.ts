// No request body, query or path gets a 5xx. Text PostgreSQL cannot store, prototype
// members, deep or huge JSON and values out of range are the client's mistakes: 4xx with a
// pointer or parameter, never the database's words.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, PASSWORD, signInAdmin, signUp, uniqueEmail, type SignedUp } from './requests.ts';
import { createSourceThroughApi } from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

const NUL = '\u0000';
const NUL_DETAIL = 'Remove the NUL character (U+0000) from this value: text cannot hold it.';
// What PostgreSQL and PGlite say of a NUL; no answer may carry it.
const DATABASE_TEXT = /UTF8|byte sequence|0x00|unsupported Unicode|syntax for type/i;

function document(type: string, attributes: Record<string, unknown>) {
  return { data: { type, attributes } };
}

describe.each(BACKENDS)('requests no route can store, on $name', (backend) => {
  const context = useTestApp(backend);
  let owner: SignedUp;
  let assetUrl: string;

  beforeAll(async () => {
    owner = await signUp(context.app);
    const source = await createSourceThroughApi(context.app, owner.token, 'input');
    await context.database.db
      .insertInto('assets')
      .values({
        id: `${source.id}/cat.jpg`,
        source_id: source.id,
        account_id: owner.accountId,
        origin_path: '/cat.jpg',
        media_kind: 'IMAGE',
        is_renderable: true,
        date_created: new Date(),
        date_modified: new Date(),
      })
      .execute();
    assetUrl = `/api/v4/assets/${source.id}/cat.jpg`;
  });

  function expectRefusal(
    response: { status: number; body: { errors: unknown[] } },
    status: number,
    error: Record<string, unknown>,
  ) {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.errors[0]).toMatchObject(error);
    expect(JSON.stringify(response.body)).not.toMatch(DATABASE_TEXT);
  }

  describe('a NUL character', () => {
    const signUpWith = (attributes: Record<string, string>) =>
      call(context.app, 'POST', '/api/v4/accounts', {
        body: document('accounts', {
          company: 'Acme',
          name: 'Ada',
          email: uniqueEmail(),
          password: PASSWORD,
          ...attributes,
        }),
      });

    it.each(['company', 'name'])('in an account %s is 422 pointing at it', async (field) => {
      expectRefusal(await signUpWith({ [field]: `Ac${NUL}me` }), 422, {
        code: 'validation_failed',
        detail: NUL_DETAIL,
        source: { pointer: `/data/attributes/${field}` },
      });
    });

    it.each(['name', 'description'])('in an asset %s is 422 pointing at it', async (field) => {
      const response = await call(context.app, 'PATCH', assetUrl, {
        token: owner.token,
        body: document('assets', { [field]: `Cat${NUL}` }),
      });
      expectRefusal(response, 422, { source: { pointer: `/data/attributes/${field}` } });
    });

    it('in an event name or property is 422, and no event is kept', async () => {
      for (const [attributes, pointer] of [
        [{ name: `Clicked${NUL}` }, '/data/attributes/name'],
        [
          { name: 'Clicked', properties: { button: `a${NUL}` } },
          '/data/attributes/properties/button',
        ],
      ] as const) {
        const response = await call(context.app, 'POST', '/api/v4/events', {
          token: owner.token,
          body: document('events', attributes),
        });
        expectRefusal(response, 422, { detail: NUL_DETAIL, source: { pointer } });
      }
      const events = await context.database.db
        .selectFrom('events')
        .select('name')
        .where('user_id', '=', owner.userId)
        .where('name', 'like', 'Clicked%')
        .execute();
      expect(events).toEqual([]);
    });

    it("in a subscription's price id is 422, without the database's text", async () => {
      const response = await call(context.app, 'PATCH', '/api/v4/billing/subscription', {
        token: owner.token,
        body: document('subscriptions', { price_id: `price_darkroom_free${NUL}` }),
      });
      expectRefusal(response, 422, {
        code: 'validation_failed',
        detail: NUL_DETAIL,
        source: { pointer: '/data/attributes/price_id' },
      });
    });

    it('in a query parameter is 422 naming it, and in the path 400', async () => {
      const admin = await signInAdmin(context.app, context.database);
      const query = await call(context.app, 'GET', '/api/v4/admin/users?filter[email]=a%00', {
        token: admin.token,
      });
      expectRefusal(query, 422, {
        detail:
          'Remove the NUL character (U+0000) from the filter[email] parameter: text cannot hold it.',
        source: { parameter: 'filter[email]' },
      });
      const path = await call(context.app, 'GET', `${assetUrl.replace('cat', 'c%00t')}`, {
        token: owner.token,
      });
      expectRefusal(path, 400, { code: 'bad_request' });
    });
  });

  it('refuses an unpaired surrogate, which has no UTF-8 form, with 422', async () => {
    const response = await call(context.app, 'POST', '/api/v4/events', {
      token: owner.token,
      body: '{"data":{"type":"events","attributes":{"name":"x","properties":{"a":"\\udc00"}}}}',
    });
    expectRefusal(response, 422, {
      detail: expect.stringMatching(/^Remove the unpaired UTF-16 surrogate \(U\+DC00\)/),
      source: { pointer: '/data/attributes/properties/a' },
    });
  });

  it('refuses JSON nested thousands deep with 400 and where', async () => {
    const properties = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const response = await call(context.app, 'POST', '/api/v4/events', {
      token: owner.token,
      body: `{"data":{"type":"events","attributes":{"name":"x","properties":${properties}}}}`,
    });
    expectRefusal(response, 400, {
      code: 'bad_request',
      detail: 'The request body nests deeper than 32 levels; no document of this API does.',
      source: { pointer: expect.stringMatching(/^\/data\/attributes\/properties(\/a)+$/) },
    });
  });

  it('refuses __proto__ and constructor.prototype members with 400 pointing at them', async () => {
    for (const [member, pointer] of [
      ['"__proto__":{"admin":true}', '/data/attributes/__proto__'],
      ['"constructor":{"prototype":{"admin":true}}', '/data/attributes/constructor'],
    ]) {
      const response = await call(context.app, 'POST', '/api/v4/accounts', {
        body: `{"data":{"type":"accounts","attributes":{"company":"Acme",${member}}}}`,
      });
      expectRefusal(response, 400, {
        detail: expect.stringMatching(/^Remove the (__proto__|constructor\.prototype) member/),
        source: { pointer },
      });
    }
  });

  it('refuses a number too large for JSON, a huge body and other media types, saying why', async () => {
    const infinite = await call(context.app, 'POST', '/api/v4/events', {
      token: owner.token,
      body: '{"data":{"type":"events","attributes":{"name":"x","properties":{"n":1e400}}}}',
    });
    expectRefusal(infinite, 422, { source: { pointer: '/data/attributes/properties/n' } });
    const huge = await call(context.app, 'POST', '/api/v4/events', {
      token: owner.token,
      body: document('events', { name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectRefusal(huge, 413, {
      detail: 'The request body is larger than the limit of 1048576 bytes.',
    });
    const text = await call(context.app, 'POST', '/api/v4/events', {
      token: owner.token,
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectRefusal(text, 415, {
      detail: 'Send the request body as application/vnd.api+json (or application/json).',
    });
    const empty = await call(context.app, 'POST', '/api/v4/events', {
      token: owner.token,
      body: '',
      headers: { 'content-type': 'application/vnd.api+json' },
    });
    expectRefusal(empty, 400, { source: { pointer: '/data' } });
    const malformed = await call(context.app, 'POST', '/api/v4/events', {
      token: owner.token,
      body: '{"data":{"type":"events","attributes":{"name":"x"}',
    });
    expectRefusal(malformed, 400, {
      code: 'malformed_json',
      detail: 'The request body is not valid JSON.',
    });
  });

  it('refuses times PostgreSQL cannot hold and overlong price ids with a 4xx of their own', async () => {
    const analytics = await call(
      context.app,
      'GET',
      '/api/v4/analytics/requests?filter[start]=0000-01-01&filter[end]=2026-01-01',
      { token: owner.token },
    );
    expectRefusal(analytics, 400, { source: { parameter: 'filter[start]' } });
    const admin = await signInAdmin(context.app, context.database);
    const close = await call(context.app, 'POST', '/api/v4/admin/billing/close-period', {
      token: admin.token,
      body: document('billing_period_closes', {
        account_id: owner.accountId,
        at: '-271821-04-20T00:00:00Z',
      }),
    });
    expectRefusal(close, 422, { source: { pointer: '/data/attributes/at' } });
    const price = await call(context.app, 'PATCH', '/api/v4/billing/subscription', {
      token: owner.token,
      body: document('subscriptions', { price_id: 'p'.repeat(100_000) }),
    });
    expectRefusal(price, 422, { source: { pointer: '/data/attributes/price_id' } });
    expect(price.body.errors[0].detail.length).toBeLessThan(200);
  });

  it("answers a value only the database refuses with 422, other database errors with 500, never in the database's words", async () => {
    const app = await context.appWith({});
    const { db } = context.database;
    app.get('/api/v4/test-bad-value', async () => sql`select ${'many'}::integer`.execute(db));
    app.get('/api/v4/test-bad-query', async () => sql`select * from no_such_table`.execute(db));
    const value = await call(app, 'GET', '/api/v4/test-bad-value');
    expectRefusal(value, 422, { code: 'validation_failed' });
    expect(value.body.errors[0].detail).not.toMatch(/integer|many/);
    const query = await call(app, 'GET', '/api/v4/test-bad-query');
    expectRefusal(query, 500, { detail: 'Something went wrong on our side.' });
    expect(JSON.stringify(query.body)).not.toMatch(/no_such_table/);
  });
});
