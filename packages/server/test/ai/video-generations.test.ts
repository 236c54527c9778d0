import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexObject } from '../../src/assets/indexer.ts';
import { findSource } from '../../src/store/sources.ts';
import { PGLITE } from '../databases.ts';
import { MemoryOrigin, createSource, useDataDir, type TestSource } from '../delivery/fixtures.ts';
import { call, signUp } from '../requests.ts';
import { useObjectStoreBackends } from '../storage/object-store-backends.ts';
import { useTestApp } from '../test-app.ts';
import {
  STAND_IN_KEY,
  startGenerativeStandIn,
  type GenerativeStandIn,
} from './generative-stand-in.ts';

const document = (attributes: Record<string, unknown>) => ({
  data: { type: 'video_generations', attributes },
});

/** A data directory beside `dataDir`, removed with the suite's. */
function useDataDirOf(dataDir: string): string {
  const other = join(dataDir, 'other-process');
  mkdirSync(other);
  return other;
}

function probeCodec(mp4: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'video-generation-'));
  try {
    writeFileSync(join(dir, 'video.mp4'), mp4);
    const result = spawnSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'default=noprint_wrappers=1:nokey=1',
      join(dir, 'video.mp4'),
    ]);
    return result.stdout.toString().trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { backends: stores } = await useObjectStoreBackends();

describe.each(stores)(
  'generative image to video (video-generations), kept in the $name',
  (store) => {
    let standIn: GenerativeStandIn;
    beforeAll(async () => {
      standIn = await startGenerativeStandIn();
    });
    afterAll(() => standIn.close());

    const origin = new MemoryOrigin();
    const dataDir = useDataDir();
    const context = useTestApp(
      PGLITE,
      { DATA_DIR: dataDir, ...store.env },
      { storageAdapterFactory: origin.factory, generativeVideoPollMs: 0 },
    );
    let app: FastifyInstance;
    let source: TestSource;

    beforeAll(async () => {
      app = await context.appWith({
        GENERATIVE_API_URL: standIn.url,
        GENERATIVE_API_KEY: STAND_IN_KEY,
      });
      const still = await sharp({
        create: { width: 400, height: 300, channels: 3, background: '#cc6633' },
      })
        .jpeg()
        .toBuffer();
      origin.put('videos', 'beach.jpg', { bytes: still });
      source = await createSource(app, { bucket: 'videos' });
      await indexFile(app, source.id, '/beach.jpg', still.length);
    });

    /** The memory origin lists nothing, so the asset is indexed the way an upload indexes it. */
    async function indexFile(on: FastifyInstance, sourceId: string, path: string, size: number) {
      const { db } = on.darkroom.database;
      const row = await findSource(db, sourceId, null);
      if (row === undefined) throw new Error('no such source');
      await indexObject({ db, origins: on.darkroom.origins }, row, {
        path: path.replace(/^\//, ''),
        size,
        contentType: null,
        lastModified: null,
        etag: null,
      });
    }

    const create = (attributes: Record<string, unknown>, token = source.owner.token, on = app) =>
      call(on, 'POST', '/api/v4/video-generations', {
        token,
        body: document({ source_id: source.id, origin_path: '/beach.jpg', ...attributes }),
      });

    it('sends the still and the prompt, follows the provider and serves the MP4 by its link', async () => {
      standIn.video.behave({ type: 'complete', afterPolls: 1 });
      const created = await create({ prompt: 'waves roll onto the sand', seconds: 4 });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      const { id, attributes } = created.body.data as {
        id: string;
        attributes: Record<string, unknown>;
      };
      expect(attributes).toMatchObject({
        status: 'queued',
        orientation: 'landscape',
        video_url: null,
      });

      await app.darkroom.jobs.drain();

      const [received] = standIn.video.videos.slice(-1);
      expect(received?.fields).toMatchObject({
        model: 'sora-2',
        prompt: 'waves roll onto the sand',
        seconds: '4',
        size: '1280x720',
      });
      const sent = await sharp(received?.image).metadata();
      expect([sent.format, sent.width, sent.height]).toEqual(['png', 1280, 720]);

      const done = await call(app, 'GET', `/api/v4/video-generations/${id}`, {
        token: source.owner.token,
      });
      expect(done.body.data.attributes).toMatchObject({
        status: 'completed',
        progress: 100,
        error: null,
      });
      const videoUrl = done.body.data.attributes.video_url as string;
      expect(videoUrl).toMatch(new RegExp(`^/api/v4/video-generations/${id}/content\\?token=`));

      // A <video> element asks without the bearer token: the link itself is the permission.
      const video = await app.inject({ method: 'GET', url: videoUrl });
      expect(video.statusCode).toBe(200);
      expect(video.headers['content-type']).toBe('video/mp4');
      expect(probeCodec(video.rawPayload)).toBe('h264');
      const part = await app.inject({
        method: 'GET',
        url: videoUrl,
        headers: { range: 'bytes=0-99' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(video.rawPayload.subarray(0, 100))).toBe(true);
      expect(await store.read(dataDir, `video-generations/${id}.mp4`)).toEqual(video.rawPayload);

      // Another process on the database, with a data directory of its own: a shared bucket serves
      // it the video; a data directory is that one process's alone.
      const otherProcess = await context.appWith({ DATA_DIR: useDataDirOf(dataDir) });
      const elsewhere = await otherProcess.inject({ method: 'GET', url: videoUrl });
      expect(elsewhere.statusCode).toBe(store.name === 's3' ? 200 : 404);

      const forged = await app.inject({
        method: 'GET',
        url: videoUrl.replace(/token=.*/, 'token=guess'),
      });
      expect(forged.statusCode).toBe(404);

      // Metered as one premium operation of the source.
      await app.darkroom.database.db
        .selectFrom('usage_events')
        .selectAll()
        .where('source_id', '=', source.id)
        .where('operation', '=', 'premium')
        .execute()
        .then((rows) => expect(rows).toHaveLength(1));
    });

    it("records the provider's refusal", async () => {
      standIn.video.behave({ type: 'fail', message: 'The request was blocked by moderation.' });
      const created = await create({ prompt: 'something the provider refuses' });
      await app.darkroom.jobs.drain();
      const failed = await call(app, 'GET', `/api/v4/video-generations/${created.body.data.id}`, {
        token: source.owner.token,
      });
      expect(failed.body.data.attributes).toMatchObject({
        status: 'failed',
        video_url: null,
        error: 'The provider could not make the video: The request was blocked by moderation.',
      });
      standIn.video.behave({ type: 'complete', afterPolls: 1 });
    });

    it("lists the account's generations of an image, newest first, and hides them from others", async () => {
      const list = await call(
        app,
        'GET',
        `/api/v4/video-generations?filter[source_id]=${source.id}&filter[origin_path]=/beach.jpg`,
        { token: source.owner.token },
      );
      expect(list.status).toBe(200);
      const statuses = (list.body.data as { attributes: { status: string } }[]).map(
        (item) => item.attributes.status,
      );
      expect(statuses).toEqual(['failed', 'completed']);

      const stranger = await signUp(app);
      const id = list.body.data[0].id as string;
      expect(
        (await call(app, 'GET', `/api/v4/video-generations/${id}`, { token: stranger.token }))
          .status,
      ).toBe(404);
      expect(
        (await call(app, 'GET', '/api/v4/video-generations', { token: stranger.token })).body.data,
      ).toEqual([]);
      expect((await create({ prompt: 'not my source' }, stranger.token)).status).toBe(404);
      expect((await call(app, 'GET', '/api/v4/video-generations')).status).toBe(401);
    });

    it('refuses a prompt, length or image it cannot use, pointing at the attribute', async () => {
      const empty = await create({ prompt: '   ' });
      expect(empty.status).toBe(422);
      expect(empty.body.errors[0]).toMatchObject({
        detail: 'Describe the motion you want in prompt.',
        source: { pointer: '/data/attributes/prompt' },
      });
      const long = await create({ prompt: 'x'.repeat(1025) });
      expect(long.body.errors[0].detail).toBe('The prompt is at most 1024 characters.');
      const seconds = await create({ prompt: 'waves', seconds: 5 });
      expect(seconds.body.errors[0]).toMatchObject({
        detail: 'seconds is one of 4, 8, 12.',
        source: { pointer: '/data/attributes/seconds' },
      });
      const missing = await create({ prompt: 'waves', origin_path: '/nowhere.jpg' });
      expect(missing.status).toBe(422);
      expect(missing.body.errors[0].source).toEqual({ pointer: '/data/attributes/origin_path' });
    });

    it('says a provider is needed when none is configured, and refuses accounts without the capability', async () => {
      const unconfigured = await create({ prompt: 'waves' }, source.owner.token, context.app);
      expect(unconfigured.status).toBe(503);
      expect(unconfigured.body.errors[0].detail).toContain('GENERATIVE_API_URL');

      const withoutCapability = await context.appWith({
        GENERATIVE_API_URL: standIn.url,
        GENERATIVE_API_KEY: STAND_IN_KEY,
        DEFAULT_CAPABILITIES: 'none',
      });
      const black = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#000' },
      })
        .jpeg()
        .toBuffer();
      origin.put('plain', 'beach.jpg', black);
      const plain = await createSource(withoutCapability, { bucket: 'plain' });
      await indexFile(withoutCapability, plain.id, '/beach.jpg', black.length);
      const refused = await call(withoutCapability, 'POST', '/api/v4/video-generations', {
        token: plain.owner.token,
        body: document({ source_id: plain.id, origin_path: '/beach.jpg', prompt: 'waves' }),
      });
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0].detail).toContain('premium feature');
    });
  },
);
