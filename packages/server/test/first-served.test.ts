// The server's side of the dashboard's first-image-served flag (spec platform section 3): a
// source's `date_first_served` is set by the first image delivery answers for it, not by a
// missing file, a failing origin, a refusal or the dashboard's own requests, and keeps the first
// time whichever process answers later. Each step's requests go to a delivery process of their
// own over a real socket; closing it waits for its write, so what the API answers next is final.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { BACKENDS } from './databases.ts';
import {
  MemoryOrigin,
  createSource,
  deliverRaw,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './delivery/fixtures.ts';
import { call } from './requests.ts';
import { testConfig, useTestApp } from './test-app.ts';

describe.each(BACKENDS)('the first image a source serves, on $name', (backend) => {
  const origin = new MemoryOrigin();
  const dataDir = useDataDir();
  const context = useTestApp(
    backend,
    { DATA_DIR: dataDir },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;
  let broken: TestSource;
  let secure: TestSource;

  beforeAll(async () => {
    origin.put('firsts', 'pic.png', await quadrantsPng(40, 30));
    source = await createSource(context.app, { bucket: 'firsts' });
    broken = await createSource(context.app, { bucket: 'broken-bucket', owner: source.owner });
    secure = await createSource(context.app, {
      bucket: 'firsts',
      owner: source.owner,
      production: { secure_url_enabled: true },
    });
  });

  /** Runs `work` against another process on the same database, then closes it (writes done). */
  async function inAnotherProcess(work: (app: FastifyInstance) => Promise<void>): Promise<void> {
    const app = await buildApp(testConfig({ DATA_DIR: dataDir }), {
      database: context.database,
      storageAdapterFactory: origin.factory,
    });
    try {
      await work(app);
    } finally {
      await app.close();
    }
  }

  async function firstServedOf(of: TestSource): Promise<number | null> {
    const answer = await call(context.app, 'GET', `/api/v4/sources/${of.id}`, {
      token: of.owner.token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.attributes.date_first_served as number | null;
  }

  it('is null for a new source, in the source and in the list', async () => {
    expect(await firstServedOf(source)).toBeNull();
    const list = await call(context.app, 'GET', '/api/v4/sources', { token: source.owner.token });
    expect(list.status).toBe(200);
    const listed = (list.body.data as { id: string; attributes: Record<string, unknown> }[]).find(
      (item) => item.id === source.id,
    );
    expect(listed?.attributes).toHaveProperty('date_first_served', null);
  });

  it("stays null after a missing file, a failing origin, a refusal and the dashboard's own image", async () => {
    const marker = await call(context.app, 'GET', '/api/v4/delivery-markers/current', {
      token: source.owner.token,
    });
    expect(marker.status, JSON.stringify(marker.body)).toBe(200);
    const { param, value } = marker.body.data.attributes as { param: string; value: string };

    await inAnotherProcess(async (app) => {
      expect((await deliverRaw(app, source.host, '/missing.png')).status).toBe(404);
      expect((await deliverRaw(app, broken.host, '/pic.png')).status).toBeGreaterThanOrEqual(500);
      // Unsigned on a source that signs its URLs: refused before the origin is read.
      expect((await deliverRaw(app, secure.host, '/pic.png')).status).toBe(403);
      const own = await deliverRaw(app, source.host, `/pic.png?w=20&${param}=${value}`);
      expect(own.status).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
    });

    expect(await firstServedOf(source)).toBeNull();
    expect(await firstServedOf(broken)).toBeNull();
    expect(await firstServedOf(secure)).toBeNull();
  });

  it('is set by the first image answered, and later images in any process keep it', async () => {
    const created = await call(context.app, 'GET', `/api/v4/sources/${source.id}`, {
      token: source.owner.token,
    });
    const createdAt = created.body.data.attributes.date_created as number;

    await inAnotherProcess(async (app) => {
      const image = await deliverRaw(app, source.host, '/pic.png?w=10');
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    });
    const first = await firstServedOf(source);
    expect(first).not.toBeNull();
    expect(first).toBeGreaterThanOrEqual(createdAt);
    // Only the source that answered: the account's others have served nothing yet.
    expect(await firstServedOf(secure)).toBeNull();

    await inAnotherProcess(async (app) => {
      expect((await deliverRaw(app, source.host, '/pic.png?w=12')).status).toBe(200);
    });
    expect(await firstServedOf(source)).toBe(first);
  });
});
