import type { PermissionGroup } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SIGNED_PATH_LENGTH, MAX_SIGNED_PATHS } from '../src/api/signed-urls.ts';
import { PGLITE } from './databases.ts';
import {
  MemoryOrigin,
  createSource,
  deliverRaw,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './delivery/fixtures.ts';
import { call, PASSWORD, signIn, signUp, uniqueEmail, type SignedUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

async function addTeammate(
  app: FastifyInstance,
  owner: SignedUp,
  permissions: readonly PermissionGroup[],
): Promise<string> {
  const email = uniqueEmail('member');
  const created = await call(app, 'POST', '/api/v4/users', {
    token: owner.token,
    body: {
      data: {
        type: 'users',
        attributes: { name: 'Grace Hopper', email, password: PASSWORD, permissions },
      },
    },
  });
  expect(created.status).toBe(201);
  const session = await signIn(app, email);
  return (session.body as { data: { attributes: { token: string } } }).data.attributes.token;
}

function signRequest(app: FastifyInstance, sourceId: string, token: string, paths: unknown) {
  return call(app, 'POST', `/api/v4/sources/${sourceId}/signed-urls`, {
    token,
    body: { data: { type: 'signed_urls', attributes: { paths } } },
  });
}

interface SignedUrl {
  path: string;
  signed_path: string;
  url: string | null;
}

describe('signing delivery URLs for the dashboard', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let secure: TestSource;
  let open: TestSource;

  beforeAll(async () => {
    origin.put('images', 'photos/cat.png', await quadrantsPng(64, 48));
    origin.put('images', 'a b/ça.png', await quadrantsPng(10, 10));
    secure = await createSource(context.app, { production: { secure_url_enabled: true } });
    open = await createSource(context.app, { owner: secure.owner });
  });

  it('answers signed URLs that delivery serves, where the unsigned ones are refused', async () => {
    const paths = ['/photos/cat.png?w=32&auto=format', '/a%20b/%C3%A7a.png', '/photos/cat.png'];
    const response = await signRequest(context.app, secure.id, secure.owner.token, paths);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      type: 'signed_urls',
      id: secure.id,
      attributes: { signed: true },
    });
    const urls = response.body.data.attributes.urls as SignedUrl[];
    expect(urls.map((entry) => entry.path)).toEqual(paths);
    for (const entry of urls) {
      expect(entry.signed_path).toMatch(/[?&]s=[0-9a-f]{32}$/);
      expect(entry.url).toBe(`http://${secure.subdomain}.localhost:8080${entry.signed_path}`);
      const served = await deliverRaw(context.app, secure.host, entry.signed_path);
      expect(served.status, `${entry.signed_path}: ${served.text}`).toBe(200);
      const unsigned = await deliverRaw(context.app, secure.host, entry.path);
      expect(unsigned.status).toBe(403);
    }
  });

  it('never answers the token itself', async () => {
    const response = await signRequest(context.app, secure.id, secure.owner.token, ['/x.png']);
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).not.toContain(secure.token);
  });

  it('answers the paths unsigned for a source that does not require signing', async () => {
    const response = await signRequest(context.app, open.id, open.owner.token, ['/a.png?w=10']);
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toEqual({
      signed: false,
      urls: [
        {
          path: '/a.png?w=10',
          signed_path: '/a.png?w=10',
          url: `http://${open.subdomain}.localhost:8080/a.png?w=10`,
        },
      ],
    });
  });

  it('lets whoever browses assets sign, and refuses other groups naming the group', async () => {
    const browser = await addTeammate(context.app, secure.owner, ['asset_manager_browse']);
    const allowed = await signRequest(context.app, secure.id, browser, ['/photos/cat.png']);
    expect(allowed.status).toBe(200);
    const served = await deliverRaw(
      context.app,
      secure.host,
      (allowed.body.data.attributes.urls as SignedUrl[])[0]?.signed_path ?? '',
    );
    expect(served.status).toBe(200);

    const analyst = await addTeammate(context.app, secure.owner, ['analytics']);
    const refused = await signRequest(context.app, secure.id, analyst, ['/photos/cat.png']);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].detail).toContain('Asset Manager');
  });

  it("answers 404 for another account's source and 401 without signing in", async () => {
    const stranger = await signUp(context.app);
    const other = await signRequest(context.app, secure.id, stranger.token, ['/photos/cat.png']);
    expect(other.status).toBe(404);
    const anonymous = await call(context.app, 'POST', `/api/v4/sources/${secure.id}/signed-urls`, {
      body: { data: { type: 'signed_urls', attributes: { paths: ['/a.png'] } } },
    });
    expect(anonymous.status).toBe(401);
  });

  it.each([
    [[], 'Give at least one path to sign.', '/data/attributes/paths'],
    [
      Array.from({ length: MAX_SIGNED_PATHS + 1 }, (_, index) => `/${index}.png`),
      `Sign at most ${MAX_SIGNED_PATHS} paths per request.`,
      '/data/attributes/paths',
    ],
    [['photos/cat.png'], 'Start the path with /', '/data/attributes/paths/0'],
    [['/a.png', '/a b.png'], 'Percent-encode the path', '/data/attributes/paths/1'],
    [['/a.png?w=10&s=abc'], 'Leave out the s parameter', '/data/attributes/paths/0'],
    [['/a.png#top'], 'Leave out the fragment', '/data/attributes/paths/0'],
    [[`/${'a'.repeat(MAX_SIGNED_PATH_LENGTH)}`], 'at most', '/data/attributes/paths/0'],
    ['/a.png', 'Give paths as a list', '/data/attributes/paths'],
  ])('refuses %# with 422 and a message saying what to change', async (paths, detail, pointer) => {
    const response = await signRequest(context.app, secure.id, secure.owner.token, paths);
    expect(response.status).toBe(422);
    expect(response.body.errors[0].detail).toContain(detail);
    expect(response.body.errors[0].source.pointer).toBe(pointer);
  });

  it('accepts a path of the longest length, which delivery still takes once signed', async () => {
    const longest = `/${'a'.repeat(MAX_SIGNED_PATH_LENGTH - 1)}`;
    const response = await signRequest(context.app, secure.id, secure.owner.token, [longest]);
    expect(response.status).toBe(200);
    const signedPath = (response.body.data.attributes.urls as SignedUrl[])[0]?.signed_path ?? '';
    const served = await deliverRaw(context.app, secure.host, signedPath);
    // Past the length check and the signature: the file is simply not in the origin.
    expect(served.status).toBe(404);
  });

  it('signs web proxy addresses only for the Sources group', async () => {
    const proxy = await createSource(context.app, {
      owner: secure.owner,
      configuration: { type: 'webproxy' },
    });
    const path = '/https%3A%2F%2Fexample.com%2Fa.png';
    const browser = await addTeammate(context.app, secure.owner, ['asset_manager_browse']);
    const refused = await signRequest(context.app, proxy.id, browser, [path]);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].detail).toContain('Sources permission group');
    const allowed = await signRequest(context.app, proxy.id, secure.owner.token, [path]);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.attributes.signed).toBe(true);
  });
});

describe('secure URLs follow the plan', () => {
  const context = useTestApp(PGLITE, { PLAN_LIMITS: 'true', DEFAULT_CAPABILITIES: 'none' });

  function patchSecure(owner: SignedUp, sourceId: string, on: boolean) {
    return call(context.app, 'PATCH', `/api/v4/sources/${sourceId}`, {
      token: owner.token,
      body: { data: { type: 'sources', id: sourceId, attributes: { secure_url_enabled: on } } },
    });
  }

  function createManaged(owner: SignedUp, production: Record<string, unknown> = {}) {
    const name = `gate${Math.random().toString(36).slice(2, 10)}`;
    return call(context.app, 'POST', '/api/v4/sources', {
      token: owner.token,
      body: {
        data: {
          type: 'sources',
          attributes: {
            name,
            production: { type: 'darkroom_storage', darkroom_subdomains: [name], ...production },
          },
        },
      },
    });
  }

  it('refuses secure URLs on the Free plan, naming the plan that includes them', async () => {
    const owner = await signUp(context.app);
    const created = await createManaged(owner);
    expect(created.status).toBe(201);
    const refused = await patchSecure(owner, created.body.data.id, true);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'plan_limit_reached',
      detail:
        'Secure URLs are part of paid plans from the Starter plan up; your Free plan does not include them. Upgrade your plan to turn them on: /billing/plans',
      source: { pointer: '/data/attributes/secure_url_enabled' },
    });
    const source = await call(context.app, 'GET', `/api/v4/sources/${created.body.data.id}`, {
      token: owner.token,
    });
    expect(source.body.data.attributes.secure_url_enabled).toBe(false);

    // A new account: the Free plan's one source is used above.
    const newcomer = await signUp(context.app);
    const createdSecure = await createManaged(newcomer, { secure_url_enabled: true });
    expect(createdSecure.status).toBe(403);
    expect(createdSecure.body.errors[0]).toMatchObject({
      code: 'plan_limit_reached',
      source: { pointer: '/data/attributes/production/secure_url_enabled' },
    });
  });

  it('allows them on a paid plan, and turning them off after a downgrade', async () => {
    const owner = await signUp(context.app);
    const created = await createManaged(owner);
    const upgraded = await call(context.app, 'PATCH', '/api/v4/billing/subscription', {
      token: owner.token,
      body: {
        data: { type: 'subscriptions', attributes: { price_id: 'price_darkroom_starter_monthly' } },
      },
    });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    const on = await patchSecure(owner, created.body.data.id, true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.attributes.secure_url_enabled).toBe(true);

    const downgraded = await call(context.app, 'PATCH', '/api/v4/billing/subscription', {
      token: owner.token,
      body: { data: { type: 'subscriptions', attributes: { price_id: 'price_darkroom_free' } } },
    });
    expect(downgraded.status, JSON.stringify(downgraded.body)).toBe(200);
    const off = await patchSecure(owner, created.body.data.id, false);
    expect(off.status).toBe(200);
    expect(off.body.data.attributes.secure_url_enabled).toBe(false);
  });
});
