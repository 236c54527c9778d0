import ImgixClient from '@imgix/js-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { InternalMarkers, takeInternalMarker } from '../../src/crypto/internal-marker.ts';
import { PGLITE } from '../databases.ts';
import { insertUsageEvents } from '../analytics/usage-fixtures.ts';
import { call, signUp } from '../requests.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliverRaw,
  quadrantsPng,
  targetOf,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

const HOUR_MS = 60 * 60_000;

describe('the dashboard marker of its own delivery requests', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;
  let secure: TestSource;

  beforeAll(async () => {
    origin.put('marked', 'pic.png', await quadrantsPng(40, 30));
    origin.put('marked', 'spelt.png', await quadrantsPng(20, 20));
    source = await createSource(context.app, { bucket: 'marked' });
    secure = await createSource(context.app, {
      bucket: 'marked',
      owner: source.owner,
      production: { secure_url_enabled: true },
    });
  });

  async function markerOf(token: string) {
    const answer = await call(context.app, 'GET', '/api/v4/delivery-markers/current', { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.attributes as { param: string; value: string; expires_at: string };
  }

  /** The usage events of `sourceId` whose path is `path`, once the meter has written them. */
  async function metered(sourceId: string, path: string): Promise<number> {
    await context.app.delivery.flushUsage();
    const rows = await context.database.db
      .selectFrom('usage_events')
      .select('requests')
      .where('source_id', '=', sourceId)
      .where('path', '=', path)
      .execute();
    return rows.reduce((sum, row) => sum + row.requests, 0);
  }

  it("gives a person's session a marker, never an API key or a stranger", async () => {
    const marker = await markerOf(source.owner.token);
    expect(marker.param).toBe('dr-internal');
    expect(marker.value).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(marker.expires_at);
    expect(expires).toBeGreaterThan(Date.now() + HOUR_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 2 * HOUR_MS);

    expect((await call(context.app, 'GET', '/api/v4/delivery-markers/current')).status).toBe(401);
    const key = await call(context.app, 'POST', '/api/v4/api-keys', {
      token: source.owner.token,
      body: { data: { type: 'api_keys', attributes: { name: 'CI', permissions: ['purge'] } } },
    });
    expect(key.status).toBe(201);
    const byKey = await call(context.app, 'GET', '/api/v4/delivery-markers/current', {
      token: key.body.data.attributes.key,
    });
    expect(byKey.status).toBe(403);
  });

  it('keeps a marked request out of the usage, and counts the same URL unmarked', async () => {
    const marker = await markerOf(source.owner.token);
    const before = await metered(source.id, '/pic.png');
    const marked = await deliverRaw(
      context.app,
      source.host,
      `/pic.png?w=24&${marker.param}=${marker.value}`,
    );
    expect(marked.status).toBe(200);
    expect(await metered(source.id, '/pic.png')).toBe(before);

    // The marker is no parameter: the same render, from the cache the marked request filled.
    const plain = await deliverRaw(context.app, source.host, '/pic.png?w=24');
    expect(plain.status).toBe(200);
    expect(plain.body.equals(marked.body)).toBe(true);
    expect(plain.headers['x-darkroom-ignored-params']).toBeUndefined();
    expect(marked.headers['x-darkroom-ignored-params']).toBeUndefined();
    expect(await metered(source.id, '/pic.png')).toBe(before + 1);
  });

  it('meters a request whose marker is forged, lapsed or minted for another account', async () => {
    const stranger = await signUp(context.app);
    const foreign = await markerOf(stranger.token);
    const lapsed = context.app.darkroom.internalMarkers.mint(
      source.owner.accountId,
      Date.now() - 3 * HOUR_MS,
    );
    const own = await markerOf(source.owner.token);
    const [expires] = own.value.split('.');
    // Another install's key signs nothing this one takes.
    const otherInstall = new InternalMarkers(Buffer.alloc(32, 7)).mint(source.owner.accountId);
    const forgeries = [
      foreign.value,
      lapsed.value,
      otherInstall.value,
      `${expires}.${'A'.repeat(43)}`,
      // A later expiry under the same MAC: the MAC covers the expiry.
      `${Number(expires) + 3600}.${own.value.split('.')[1]}`,
      '',
      'yes',
    ];
    const before = await metered(source.id, '/pic.png');
    for (const value of forgeries) {
      const answer = await deliverRaw(
        context.app,
        source.host,
        `/pic.png?w=24&dr-internal=${encodeURIComponent(value)}`,
      );
      expect(answer.status, value).toBe(200);
    }
    expect(await metered(source.id, '/pic.png')).toBe(before + forgeries.length);
  });

  it('is added after the signature of a secure source, which still verifies', async () => {
    const marker = await markerOf(source.owner.token);
    const client = new ImgixClient({
      domain: `${secure.subdomain}.localhost`,
      secureURLToken: secure.token,
      useHTTPS: false,
      includeLibraryParam: false,
    });
    const signedTarget = targetOf(client.buildURL('/pic.png', { w: 16 }));
    const before = await metered(secure.id, '/pic.png');
    const marked = await deliverRaw(
      context.app,
      secure.host,
      `${signedTarget}&${marker.param}=${marker.value}`,
    );
    expect(marked.status).toBe(200);
    expect(await metered(secure.id, '/pic.png')).toBe(before);
    // The marker signs nothing: an unsigned URL stays refused with it.
    const unsigned = await deliverRaw(
      context.app,
      secure.host,
      `/pic.png?w=16&${marker.param}=${marker.value}`,
    );
    expect(unsigned.status).toBe(403);
  });

  it('takes the marker out of the target byte for byte, keeping every other pair', () => {
    expect(takeInternalMarker('/a.png?w=1&s=abc&dr-internal=1.x')).toEqual({
      url: '/a.png?w=1&s=abc',
      marker: '1.x',
    });
    expect(takeInternalMarker('/a.png?dr-internal=1.x')).toEqual({ url: '/a.png', marker: '1.x' });
    expect(takeInternalMarker('/a.png?txt=dr-internal%3D1')).toEqual({
      url: '/a.png?txt=dr-internal%3D1',
      marker: null,
    });
    expect(takeInternalMarker('/dr-internal.png')).toEqual({
      url: '/dr-internal.png',
      marker: null,
    });
  });
});

describe('one path spelling per asset in usage', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    origin.put('spelling', 'a.png', await quadrantsPng(20, 20));
    source = await createSource(context.app, { bucket: 'spelling' });
  });

  it('records a served and a refused request of one image under one path', async () => {
    // Resolved: the origin path is known. Refused by its method before it was: the request path.
    expect((await deliverRaw(context.app, source.host, '/a.png?w=10')).status).toBe(200);
    const refused = await deliverRaw(context.app, source.host, '/a.png', { method: 'POST' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await context.app.delivery.flushUsage();
    const paths = await context.database.db
      .selectFrom('usage_events')
      .select('path')
      .distinct()
      .where('source_id', '=', source.id)
      .execute();
    expect(paths.map((row) => row.path)).toEqual(['/a.png']);
  });

  it('lists an image recorded under both spellings before as one top asset', async () => {
    const now = new Date();
    await insertUsageEvents(context.database.db, [
      {
        source_id: source.id,
        account_id: source.owner.accountId,
        path: 'legacy.png',
        occurred_at: now,
        requests: 2,
      },
      {
        source_id: source.id,
        account_id: source.owner.accountId,
        path: '/legacy.png',
        occurred_at: now,
        requests: 3,
      },
    ]);
    const range = new URLSearchParams({
      'filter[source_id]': source.id,
      'filter[start]': new Date(now.getTime() - 24 * HOUR_MS).toISOString(),
      'filter[end]': new Date(now.getTime() + HOUR_MS).toISOString(),
    });
    const top = await call(context.app, 'GET', `/api/v4/analytics/top_assets?${range}`, {
      token: source.owner.token,
    });
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    const legacy = top.body.data
      .map((row: { attributes: { path: string; requests: number } }) => row.attributes)
      .filter((row: { path: string }) => row.path.endsWith('legacy.png'));
    expect(legacy).toEqual([expect.objectContaining({ path: '/legacy.png', requests: 5 })]);
  });
});
