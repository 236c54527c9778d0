// `sort`, `filter[...]` and `include` take only what each list declares (JSON:API 1.0, "Fetching
// Data": a server answers 400 to a sort or include it does not support). Names every JavaScript
// object has (`sort=constructor`) must not find Object.prototype's members; every list route is
// asked here, generated from one table.
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, signInAdmin, signUp, type SignedUp } from './requests.ts';
import { createSourceThroughApi } from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;

/** Each way a name reaches a list, and the parameter the 400 must name. */
function misuses(name: string): { query: string; parameter: string }[] {
  return [
    { query: `sort=${name}`, parameter: 'sort' },
    { query: `sort=-${name}`, parameter: 'sort' },
    { query: `filter[${name}]=1`, parameter: `filter[${name}]` },
    { query: `include=${name}`, parameter: 'include' },
  ];
}

interface Ids {
  sourceId: string;
  userId: string;
}

/** Every list of the API, by who may read it; `{source}` and `{user}` are filled in. */
const LISTS: { path: string; as: 'owner' | 'admin' }[] = [
  { path: '/api/v4/accounts', as: 'owner' },
  { path: '/api/v4/users', as: 'owner' },
  { path: '/api/v4/sources', as: 'owner' },
  { path: '/api/v4/assets/sources', as: 'owner' },
  { path: '/api/v4/assets/sources/', as: 'owner' },
  { path: '/api/v4/sources/{source}/assets', as: 'owner' },
  { path: '/api/v4/video-generations', as: 'owner' },
  { path: '/api/v4/analytics', as: 'owner' },
  { path: '/api/v4/analytics/top_assets', as: 'owner' },
  { path: '/api/v4/analytics/top_referrers', as: 'owner' },
  { path: '/api/v4/analytics/requests', as: 'owner' },
  { path: '/api/v4/stripe/passthrough/v1/invoices', as: 'owner' },
  { path: '/api/v4/admin/accounts', as: 'admin' },
  { path: '/api/v4/admin/users', as: 'admin' },
  { path: '/api/v4/admin/sources', as: 'admin' },
  { path: '/api/v4/admin/events', as: 'admin' },
];

/** Single resources that take `include`. */
const INCLUDING = [
  '/api/v4/users/{user}',
  '/api/v4/sources/{source}',
  '/api/v4/admin/users/{user}',
  '/api/v4/admin/sources/{source}',
];

function fill(path: string, ids: Ids): string {
  return path.replace('{source}', ids.sourceId).replace('{user}', ids.userId);
}

describe.each(BACKENDS)('list parameters on $name', (backend) => {
  const context = useTestApp(backend);
  let owner: SignedUp;
  let adminToken: string;
  let ids: Ids;

  beforeAll(async () => {
    owner = await signUp(context.app);
    adminToken = (await signInAdmin(context.app, context.database)).token;
    const source = await createSourceThroughApi(context.app, owner.token, 'lists');
    ids = { sourceId: source.id, userId: owner.userId };
  });

  async function expectRefused(path: string, token: string, query: string, parameter: string) {
    const response = await call(context.app, 'GET', `${path}?${query}`, { token });
    expect(response.status, `${path}?${query}: ${JSON.stringify(response.body)}`).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      code: 'invalid_parameter',
      source: { parameter },
    });
  }

  it.each(LISTS)('refuses inherited names as sort, filter and include of $path', async (list) => {
    const path = fill(list.path, ids);
    const token = list.as === 'admin' ? adminToken : owner.token;
    const plain = await call(context.app, 'GET', path, { token });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    for (const name of INHERITED) {
      for (const { query, parameter } of misuses(name)) {
        await expectRefused(path, token, query, parameter);
      }
    }
  });

  it.each(INCLUDING)('refuses inherited names as include of %s', async (template) => {
    const token = template.startsWith('/api/v4/admin/') ? adminToken : owner.token;
    for (const name of INHERITED) {
      await expectRefused(fill(template, ids), token, `include=${name}`, 'include');
    }
  });

  it('names the fields a list sorts by', async () => {
    const response = await call(context.app, 'GET', '/api/v4/sources?sort=constructor', {
      token: owner.token,
    });
    expect(response.body.errors[0].detail).toBe(
      'Sort by one of: name, date_created, date_modified.',
    );
  });
});
