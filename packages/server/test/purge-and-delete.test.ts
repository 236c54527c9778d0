// Purge and delete (the dashboard's Purge screen, the source and asset deletions, and the source
// setting that stops delivering hidden images), on real PGlite through the API and delivery as a
// customer reaches them. Two apps share the database, each with a disk cache of its own, as two
// server processes would: a purge by prefix made on one drops the other's renders under it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from './databases.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './delivery/fixtures.ts';
import { call, multipart, signUp, type SignedUp } from './requests.ts';
import { s3Configuration } from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

/** Waits for `done`: only a NOTIFY makes the second app apply the first one's purge. */
async function until(done: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Asks `app` until it answers `status`: another app learns of a change through a NOTIFY. */
async function deliveredWith(
  app: FastifyInstance,
  source: TestSource,
  target: string,
  status: number,
): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await deliver(app, source.host, target);
    if (answer.status === status) return;
    if (Date.now() > deadline) expect(answer.status).toBe(status);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('purge and delete', () => {
  const origin = new MemoryOrigin();
  const firstDir = useDataDir();
  const secondDir = useDataDir();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: firstDir },
    { storageAdapterFactory: origin.factory },
  );
  let second: FastifyInstance;

  beforeAll(async () => {
    second = await context.appWith({ DATA_DIR: secondDir });
  });

  function rendersOf(dataDir: string, source: TestSource, originPath: string): string {
    const hash = createHash('sha256').update(originPath).digest('hex');
    return path.join(dataDir, 'render-cache', source.id, hash.slice(0, 2), hash);
  }

  /** An indexed asset of a source reading the memory origin (whose listing is empty). */
  async function insertAsset(source: TestSource, originPath: string): Promise<void> {
    await context.database.db
      .insertInto('assets')
      .values({
        id: `${source.id}${originPath}`,
        source_id: source.id,
        account_id: source.owner.accountId,
        origin_path: originPath,
        media_kind: 'IMAGE',
        content_type: 'image/png',
        file_size: 10,
        media_width: null,
        media_height: null,
        dpi_width: null,
        dpi_height: null,
        image_mode: null,
        color_profile_name: null,
        frame_count: null,
        face_count: null,
        alt_text: null,
        analysed_at: null,
        name: null,
        description: null,
        uploaded_by: null,
        origin_etag: null,
        origin_modified_at: null,
        index_error: null,
        last_seen_run: null,
      })
      .execute();
  }

  function purge(owner: SignedUp, attributes: Record<string, unknown>) {
    return call(context.app, 'POST', '/api/v4/purges', {
      token: owner.token,
      body: { data: { type: 'purges', attributes } },
    });
  }

  describe('purges', () => {
    let source: TestSource;
    beforeAll(async () => {
      source = await createSource(context.app, { bucket: 'prefixed' });
      for (const file of ['products/a.png', 'products/b.png', 'other/c.png']) {
        origin.put('prefixed', file, await quadrantsPng(40, 30));
      }
    });

    it("drops every render under a prefix in both apps, and keeps the others'", async () => {
      for (const file of ['products/a.png', 'products/b.png', 'other/c.png']) {
        await deliver(second, source.host, `/${file}?w=20`);
        await deliver(context.app, source.host, `/${file}?w=20`);
      }
      const readsBefore = (file: string) => origin.readsOf('prefixed', file);
      expect(readsBefore('products/a.png')).toBe(2);
      expect(existsSync(rendersOf(secondDir, source, 'products/a.png'))).toBe(true);

      const purged = await purge(source.owner, { source_id: source.id, prefix: '/products/' });
      expect(purged.status, JSON.stringify(purged.body)).toBe(200);
      expect(purged.body.data.attributes).toMatchObject({
        kind: 'prefix',
        prefix: '/products/',
        source_id: source.id,
        status: 'done',
      });

      await until(
        () =>
          !existsSync(rendersOf(secondDir, source, 'products/a.png')) &&
          !existsSync(rendersOf(secondDir, source, 'products/b.png')),
        "the second app dropped the prefix's renders",
      );
      expect(existsSync(rendersOf(secondDir, source, 'other/c.png'))).toBe(true);
      expect(existsSync(rendersOf(firstDir, source, 'other/c.png'))).toBe(true);
      // Rendered again from the origin under the prefix, in both apps; the other path is a hit.
      for (const app of [context.app, second]) {
        for (const file of ['products/a.png', 'products/b.png', 'other/c.png']) {
          expect((await deliver(app, source.host, `/${file}?w=20`)).status).toBe(200);
        }
      }
      expect(origin.readsOf('prefixed', 'products/a.png')).toBe(4);
      expect(origin.readsOf('prefixed', 'products/b.png')).toBe(4);
      expect(origin.readsOf('prefixed', 'other/c.png')).toBe(2);
    });

    it('keeps a history of who purged what, newest first, for the account only', async () => {
      const url = `http://${source.host}/other/c.png?w=20`;
      expect((await purge(source.owner, { url })).status).toBe(200);
      const history = await call(context.app, 'GET', '/api/v4/purges', {
        token: source.owner.token,
      });
      expect(history.status).toBe(200);
      const entries = history.body.data.map(
        (entry: { attributes: Record<string, unknown> }) => entry.attributes,
      );
      expect(entries[0]).toMatchObject({ kind: 'url', url, status: 'done', source_id: source.id });
      expect(entries[1]).toMatchObject({ kind: 'prefix', prefix: '/products/' });
      expect(entries[0].requested_by).toBe(source.owner.userId);
      expect(typeof entries[0].requested_by_name).toBe('string');
      expect(history.body.meta.pagination).toMatchObject({ totalRecords: 2 });

      const stranger = await signUp(context.app);
      const theirs = await call(context.app, 'GET', '/api/v4/purges', { token: stranger.token });
      expect(theirs.body.data).toEqual([]);
      // Another account's source is not found, whatever the prefix.
      const refused = await purge(stranger, { source_id: source.id, prefix: '/' });
      expect(refused.status).toBe(404);
    });

    it('refuses a purge naming both or neither, and a prefix without its slash', async () => {
      const url = `http://${source.host}/other/c.png`;
      const both = await purge(source.owner, { url, source_id: source.id, prefix: '/a/' });
      expect(both.status).toBe(422);
      expect(both.body.errors[0].detail).toBe(
        'Purge either one URL or a path prefix of a source, not both.',
      );
      const neither = await purge(source.owner, {});
      expect(neither.status).toBe(422);
      const bare = await purge(source.owner, { source_id: source.id, prefix: 'products' });
      expect(bare.status).toBe(422);
      expect(bare.body.errors[0].detail).toBe('Start the path prefix with /, such as /products/.');
    });
  });

  describe('deleting a source', () => {
    function createWithSubdomain(owner: SignedUp, subdomain: string) {
      return call(context.app, 'POST', '/api/v4/sources', {
        token: owner.token,
        body: {
          data: {
            type: 'sources',
            attributes: {
              name: subdomain,
              production: { ...s3Configuration('again'), darkroom_subdomains: [subdomain] },
            },
          },
        },
      });
    }

    it('deletes it with its renders, and holds its subdomain for its account for 7 days', async () => {
      const source = await createSource(context.app, { bucket: 'doomed' });
      origin.put('doomed', 'x.png', await quadrantsPng(40, 30));
      expect((await deliver(second, source.host, '/x.png?w=10')).status).toBe(200);
      expect(existsSync(rendersOf(secondDir, source, 'x.png'))).toBe(true);

      const deleted = await call(context.app, 'DELETE', `/api/v4/sources/${source.id}`, {
        token: source.owner.token,
      });
      expect(deleted.status).toBe(204);
      const gone = await call(context.app, 'GET', `/api/v4/sources/${source.id}`, {
        token: source.owner.token,
      });
      expect(gone.status).toBe(404);
      expect((await deliver(context.app, source.host, '/x.png?w=10')).status).toBe(404);
      await until(
        () => !existsSync(path.join(secondDir, 'render-cache', source.id)),
        "the second app dropped the source's renders",
      );

      // Another account cannot take the subdomain during the grace period...
      const stranger = await signUp(context.app);
      const taken = await createWithSubdomain(stranger, source.subdomain);
      expect(taken.status).toBe(409);
      expect(taken.body.errors[0].detail).toMatch(/^A different account owns this domain/);
      const { held_until: heldUntil } = await context.database.db
        .selectFrom('held_domains')
        .select('held_until')
        .where('domain', '=', source.subdomain)
        .executeTakeFirstOrThrow();
      const days = (heldUntil.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);

      // ...and may once it has passed.
      await context.database.db
        .updateTable('held_domains')
        .set({ held_until: new Date(Date.now() - 1000) })
        .where('domain', '=', source.subdomain)
        .execute();
      const freed = await createWithSubdomain(stranger, source.subdomain);
      expect(freed.status, JSON.stringify(freed.body)).toBe(201);
    });

    it('lets its own account take the subdomain back at once', async () => {
      const source = await createSource(context.app, { bucket: 'doomed' });
      await call(context.app, 'DELETE', `/api/v4/sources/${source.id}`, {
        token: source.owner.token,
      });
      const again = await createWithSubdomain(source.owner, source.subdomain);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
    });

    it("refuses another account's source and the demo source", async () => {
      const source = await createSource(context.app, { bucket: 'doomed' });
      const stranger = await signUp(context.app);
      const theirs = await call(context.app, 'DELETE', `/api/v4/sources/${source.id}`, {
        token: stranger.token,
      });
      expect(theirs.status).toBe(404);
      const demo = await call(context.app, 'DELETE', '/api/v4/sources/000000000000000000000000', {
        token: stranger.token,
      });
      expect(demo.status).toBe(403);
    });
  });

  describe('managed files and hidden assets', () => {
    let source: TestSource;
    let managed: TestSource;
    const PNG_PATH = 'shop/shoe.png';

    async function upload(filePath: string) {
      const { payload, contentType } = multipart([
        { name: 'path', value: filePath },
        { name: 'file', value: await quadrantsPng(40, 30), filename: 'shoe.png' },
      ]);
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/v4/sources/${source.id}/files`,
        headers: { authorization: `Bearer ${source.owner.token}`, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
    }

    const setHidden = (filePath: string, hidden: boolean) =>
      call(context.app, 'PATCH', `/api/v4/assets/${source.id}/${filePath}`, {
        token: source.owner.token,
        body: { data: { type: 'assets', attributes: { hidden } } },
      });
    const setStopDelivering = (stop: boolean) =>
      call(context.app, 'PATCH', `/api/v4/sources/${source.id}/hidden-assets`, {
        token: source.owner.token,
        body: { data: { type: 'hidden_assets', attributes: { stop_delivering: stop } } },
      });

    it('delivers hidden images while the setting is off, and 404s them once it is on', async () => {
      // A source both apps read alike (the memory origin), so each app's lookups are checked.
      source = await createSource(context.app, { bucket: 'hiding' });
      origin.put('hiding', PNG_PATH, await quadrantsPng(40, 30));
      await insertAsset(source, `/${PNG_PATH}`);
      // Cached in memory first: the setting must hold on the cache-hit path too.
      for (const app of [context.app, context.app, second, second]) {
        expect((await deliver(app, source.host, `/${PNG_PATH}?w=10`)).status).toBe(200);
      }
      expect((await setHidden(PNG_PATH, true)).status).toBe(200);
      expect((await deliver(context.app, source.host, `/${PNG_PATH}?w=10`)).status).toBe(200);

      const on = await setStopDelivering(true);
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(on.body.data.attributes).toEqual({ stop_delivering: true, hidden_count: 1 });
      // This app knows at once; the other once the source change reaches it (a NOTIFY).
      expect((await deliver(context.app, source.host, `/${PNG_PATH}?w=10`)).status).toBe(404);
      await deliveredWith(second, source, `/${PNG_PATH}?w=10`, 404);
      // Shown again: delivered again at once; hidden again: refused at once.
      expect((await setHidden(PNG_PATH, false)).status).toBe(200);
      expect((await deliver(context.app, source.host, `/${PNG_PATH}?w=10`)).status).toBe(200);
      expect((await setHidden(PNG_PATH, true)).status).toBe(200);
      expect((await deliver(context.app, source.host, `/${PNG_PATH}?w=10`)).status).toBe(404);
      await deliveredWith(second, source, `/${PNG_PATH}?w=10`, 404);

      const off = await setStopDelivering(false);
      expect(off.body.data.attributes.stop_delivering).toBe(false);
      expect((await deliver(context.app, source.host, `/${PNG_PATH}?w=10`)).status).toBe(200);
      const read = await call(context.app, 'GET', `/api/v4/sources/${source.id}/hidden-assets`, {
        token: source.owner.token,
      });
      expect(read.body.data.attributes).toEqual({ stop_delivering: false, hidden_count: 1 });
    });

    it('deletes an asset of managed storage with its file and renders', async () => {
      source = await createSource(context.app, { configuration: { type: 'darkroom_storage' } });
      managed = source;
      await upload('shop/boot.png');
      expect((await deliver(context.app, source.host, '/shop/boot.png?w=10')).status).toBe(200);
      const deleted = await call(
        context.app,
        'DELETE',
        `/api/v4/assets/${source.id}/shop/boot.png`,
        {
          token: source.owner.token,
        },
      );
      expect(deleted.status).toBe(204);
      expect((await deliver(context.app, source.host, '/shop/boot.png?w=10')).status).toBe(404);
      const asset = await call(context.app, 'GET', `/api/v4/assets/${source.id}/shop/boot.png`, {
        token: source.owner.token,
      });
      expect(asset.status).toBe(404);
      const again = await call(context.app, 'DELETE', `/api/v4/assets/${source.id}/shop/boot.png`, {
        token: source.owner.token,
      });
      expect(again.status).toBe(404);
    });

    it("refuses to delete another source type's asset, saying why", async () => {
      const linked = await createSource(context.app, { bucket: 'linked' });
      await insertAsset(linked, '/kept.png');
      const refused = await call(context.app, 'DELETE', `/api/v4/assets/${linked.id}/kept.png`, {
        token: linked.owner.token,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].detail).toMatch(/^Only files kept in Darkroom Storage/);
    });

    it('deletes a managed source with its files', async () => {
      // The managed source of the test before, with one more file.
      source = managed;
      await upload('shop/left.png');
      const owner = source.owner;
      const deleted = await call(context.app, 'DELETE', `/api/v4/sources/${source.id}`, {
        token: owner.token,
      });
      expect(deleted.status).toBe(204);
      // The object store keeps no file of the source (a folder left empty holds nothing).
      const left = readdirSync(path.join(firstDir, 'managed', source.id), {
        recursive: true,
        withFileTypes: true,
      }).filter((entry) => entry.isFile());
      expect(left).toEqual([]);
      const assets = await context.database.db
        .selectFrom('assets')
        .select('id')
        .where('source_id', '=', source.id)
        .execute();
      expect(assets).toEqual([]);
    });
  });
});
