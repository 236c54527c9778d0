import { beforeAll, describe, expect, it } from 'vitest';
import { describeMedia } from '../../src/assets/describe-media.ts';
import { indexWithAdapter } from '../../src/assets/indexer.ts';
import { PGLITE } from '../databases.ts';
import { call } from '../requests.ts';
import { useTestApp } from '../test-app.ts';
import { MemoryOrigin, createSource, useDataDir, type TestSource } from '../delivery/fixtures.ts';
import { testClip } from './clips.ts';

describe('video assets', { timeout: 120_000 }, () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;
  let clip: Buffer;

  beforeAll(async () => {
    clip = await testClip(2, 320, 240);
    origin.put('assets', 'films/intro.mp4', clip);
    source = await createSource(context.app, { bucket: 'assets' });
  });

  it('measures a video with ffprobe: size, duration, codec and frame rate', async () => {
    const media = await describeMedia(clip, null, 'films/intro.mp4');
    expect(media).toMatchObject({
      contentType: 'video/mp4',
      mediaKind: 'VIDEO',
      width: 320,
      height: 240,
      isRenderable: true,
      video: { codec: 'h264', frameRate: 25 },
    });
    expect(media?.video?.durationMs).toBeGreaterThanOrEqual(1900);
    expect(media?.video?.durationMs).toBeLessThanOrEqual(2100);
  });

  it('keeps a video ffprobe cannot read as not renderable, with the reason', async () => {
    const truncated = clip.subarray(0, 64);
    const media = await describeMedia(truncated, 'video/mp4', 'broken.mp4');
    expect(media).toMatchObject({ mediaKind: 'VIDEO', isRenderable: false });
    expect(media?.error).toEqual(expect.any(String));
  });

  it('indexes the video and answers its HLS address as fullVideoURL and its stream as metadata', async () => {
    const db = context.database.db;
    const row = await db
      .selectFrom('sources')
      .selectAll()
      .where('id', '=', source.id)
      .executeTakeFirstOrThrow();
    const { origins } = context.app.darkroom;
    const adapter = await origins.adapterFor(row);
    const indexed = await indexWithAdapter({ db, origins }, adapter, row, {
      path: 'films/intro.mp4',
      size: clip.length,
      contentType: 'video/mp4',
      lastModified: null,
      etag: null,
    });
    expect(indexed).toMatchObject({
      media_kind: 'VIDEO',
      media_width: 320,
      media_height: 240,
      video_codec: 'h264',
      video_frame_rate: 25,
      is_renderable: true,
    });

    const answer = await call(context.app, 'GET', `/api/v4/assets/${source.id}/films/intro.mp4`, {
      token: source.owner.token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({
      media_kind: 'VIDEO',
      fullURL: `http://${source.subdomain}.localhost:8080/films/intro.mp4`,
      fullVideoURL: `http://${source.subdomain}.localhost:8080/films/intro.mp4?fm=hls`,
      metadata: {
        video: { duration_ms: indexed?.video_duration_ms, codec: 'h264', frame_rate: 25 },
      },
    });
    expect(answer.body.data.attributes.metadata.video.duration_ms).toBeGreaterThan(0);
  });
});
