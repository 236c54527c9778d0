import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUrlPath } from '@darkroom/core';
import { rollUpUsage } from '../../src/analytics/rollup.ts';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  useDataDir,
  type Delivered,
  type TestSource,
} from '../delivery/fixtures.ts';
import { ffprobe, testClip, videoStream } from './clips.ts';

/** Asks for `target` until its job has rendered it: 423 first, then the job, then the answer. */
async function rendered(
  context: { app: Parameters<typeof deliver>[0] },
  host: string,
  target: string,
): Promise<Delivered> {
  const pending = await deliver(context.app, host, target);
  expect(pending.status, pending.text).toBe(423);
  expect(pending.headers['retry-after']).toBe('2');
  await context.app.darkroom.videoJobs.drain();
  return deliver(context.app, host, target);
}

/** The address lines of a playlist (what a player fetches next). */
function uris(playlist: string): string[] {
  return playlist.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

describe('video delivery', { timeout: 180_000 }, () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), VIDEO_MAX_DURATION_S: '5' },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;
  let clip: Buffer;

  beforeAll(async () => {
    clip = await testClip(3);
    origin.put('videos', 'clips/intro.mp4', clip);
    origin.put('videos', 'long.mp4', await testClip(6, 64, 48));
    // Four frames of 24 x 16, 100 ms each, each a different grey (the encoder merges equal ones).
    const frames = Buffer.alloc(24 * 64 * 3);
    for (let frame = 0; frame < 4; frame += 1) {
      frames.fill(40 + frame * 60, frame * 24 * 16 * 3, (frame + 1) * 24 * 16 * 3);
    }
    const gif = await sharp(frames, { raw: { width: 24, height: 64, channels: 3, pageHeight: 16 } })
      .gif({ delay: [100, 100, 100, 100] })
      .toBuffer();
    origin.put('videos', 'spinner.gif', gif);
    source = await createSource(context.app, { bucket: 'videos' });
  });

  it('serves the poster frame of a video through the image pipeline, at once', async () => {
    const poster = await deliver(context.app, source.host, '/clips/intro.mp4?w=160');
    expect(poster.status, poster.text).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(poster.body).metadata()).toMatchObject({ width: 160, height: 120 });

    const later = await deliver(
      context.app,
      source.host,
      '/clips/intro.mp4?video-thumbnail=2&fm=png',
    );
    expect(later.headers['content-type']).toBe('image/png');
    // testsrc2 moves: the frame two seconds in is not the first one.
    const first = await sharp(poster.body).resize(16, 12).raw().toBuffer();
    const second = await sharp(later.body).resize(16, 12).raw().toBuffer();
    expect(first.equals(second)).toBe(false);
  });

  it('draws the audio waveform over the poster frame with video-wave=true', async () => {
    const waved = await deliver(
      context.app,
      source.host,
      '/clips/intro.mp4?video-wave=true&video-wave-h=40&video-wave-bg-color=ff0000&fm=png',
    );
    expect(waved.status, waved.text).toBe(200);
    expect(waved.headers['content-type']).toBe('image/png');
    expect(waved.headers['x-darkroom-ignored-params']).toBeUndefined();
    const { data, info } = await sharp(waved.body)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([320, 240]);
    // The box: the full width, 40 high, 5 above the bottom (rows 195-234), filled red.
    const at = (x: number, y: number) => [
      ...data.subarray((y * 320 + x) * 3, (y * 320 + x) * 3 + 3),
    ];
    expect(at(0, 195)).toEqual([255, 0, 0]);
    expect(at(319, 234)).toEqual([255, 0, 0]);
    // The wave, white by default, along the box's middle.
    expect(at(160, 215)).toEqual([255, 255, 255]);
  });

  it('transcodes to MP4 in a job (423 meanwhile), then serves it from the cache', async () => {
    const target = '/clips/intro.mp4?fm=mp4&w=160&video-clip-duration=2';
    const mp4 = await rendered(context, source.host, target);
    expect(mp4.status, mp4.text).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(mp4.headers['accept-ranges']).toBe('bytes');
    const probed = await ffprobe(mp4.body);
    expect(videoStream(probed)).toMatchObject({ codec_name: 'h264', width: 160, height: 120 });
    expect(Number(probed.format.duration)).toBeCloseTo(2, 0);

    // A player seeking asks for ranges.
    const part = await deliver(context.app, source.host, target, {
      headers: { range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect(part.body.length).toBe(100);
  });

  it('transcodes to WebM with VP9', async () => {
    const webm = await rendered(context, source.host, '/clips/intro.mp4?fm=webm&h=120');
    expect(webm.headers['content-type']).toBe('video/webm');
    expect(videoStream(await ffprobe(webm.body))).toMatchObject({
      codec_name: 'vp9',
      height: 120,
    });
  });

  it('makes an MP4 of an animated GIF, and an animated GIF of a video', async () => {
    const mp4 = await rendered(context, source.host, '/spinner.gif?fm=mp4');
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(videoStream(await ffprobe(mp4.body))).toMatchObject({ width: 24, height: 16 });

    const gif = await rendered(
      context,
      source.host,
      '/clips/intro.mp4?fm=gif&w=80&video-clip-duration=1',
    );
    expect(gif.headers['content-type']).toBe('image/gif');
    expect((await sharp(gif.body).metadata()).pages).toBeGreaterThan(1);
  });

  it('streams HLS: a master playlist over three renditions, their playlists and segments', async () => {
    const master = await rendered(context, source.host, '/clips/intro.mp4?fm=hls');
    expect(master.status, master.text).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toMatch(/max-age=\d+/);
    // hls.js reads every file with XHR, from the dashboard's or the customer's origin.
    expect(master.headers['access-control-allow-origin']).toBe('*');
    expect(master.text.startsWith('#EXTM3U')).toBe(true);
    const renditions = uris(master.text);
    expect(renditions).toHaveLength(3);
    expect(master.text.match(/RESOLUTION=(\d+x\d+)/g)).toEqual([
      'RESOLUTION=320x240',
      'RESOLUTION=214x160',
      'RESOLUTION=106x80',
    ]);
    for (const uri of renditions) {
      // Relative to the master's address.
      expect(uri.startsWith('intro.mp4?fm=hls&hls-part=')).toBe(true);
      const playlist = await deliver(context.app, source.host, `/clips/${uri}`);
      expect(playlist.status).toBe(200);
      expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(playlist.text).toContain('#EXT-X-ENDLIST');
      const segments = uris(playlist.text);
      expect(segments.length).toBeGreaterThan(0);
      const segment = await deliver(context.app, source.host, `/clips/${segments[0] ?? ''}`);
      expect(segment.status).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.headers['cache-control']).toMatch(/max-age=\d+/);
      const probed = await ffprobe(segment.body);
      expect(probed.format.format_name).toBe('mpegts');
      expect(videoStream(probed)?.codec_name).toBe('h264');
    }
  });

  it('follows video-renditions and refuses a stream of an image', async () => {
    const master = await rendered(
      context,
      source.host,
      '/clips/intro.mp4?fm=hls&video-renditions=200:500k,100:200k',
    );
    expect(master.text.match(/RESOLUTION=(\d+x\d+)/g)).toEqual([
      'RESOLUTION=266x200',
      'RESOLUTION=134x100',
    ]);
    const refused = await deliver(context.app, source.host, '/spinner.gif?fm=hls');
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('fm=hls streams video files');
  });

  it('signs the playlist addresses of a source that requires signed URLs', async () => {
    const signed = await createSource(context.app, {
      bucket: 'videos',
      production: { secure_url_enabled: true },
    });
    expect((await deliver(context.app, signed.host, '/clips/intro.mp4?fm=hls')).status).toBe(403);
    const masterTarget = signUrlPath(signed.token, '/clips/intro.mp4?fm=hls');
    const master = await rendered(context, signed.host, masterTarget);
    expect(master.status, master.text).toBe(200);
    const [rendition = ''] = uris(master.text);
    expect(rendition).toMatch(/&s=[0-9a-f]{32}$/);
    const playlist = await deliver(context.app, signed.host, `/clips/${rendition}`);
    expect(playlist.status, playlist.text).toBe(200);
    const [segment = ''] = uris(playlist.text);
    expect((await deliver(context.app, signed.host, `/clips/${segment}`)).status).toBe(200);
    const tampered = segment.replace('-000.ts', '-001.ts');
    expect((await deliver(context.app, signed.host, `/clips/${tampered}`)).status).toBe(403);
  });

  it('refuses a video longer than VIDEO_MAX_DURATION_S with the limit named', async () => {
    const target = '/long.mp4?fm=mp4';
    const failed = await rendered(context, source.host, target);
    expect(failed.status).toBe(413);
    expect(failed.text).toContain('at most 5 s');
  });

  it('meters videos and minutes encoded and delivered, through to the analytics rollups', async () => {
    const metered = await createSource(context.app, { bucket: 'videos' });
    const mp4 = await rendered(
      context,
      metered.host,
      '/clips/intro.mp4?fm=mp4&video-clip-duration=2',
    );
    expect(mp4.status).toBe(200);
    const master = await rendered(context, metered.host, '/clips/intro.mp4?fm=hls');
    const [rendition = ''] = uris(master.text);
    const playlist = await deliver(context.app, metered.host, `/clips/${rendition}`);
    const segments = uris(playlist.text);
    for (const segment of segments) {
      expect((await deliver(context.app, metered.host, `/clips/${segment}`)).status).toBe(200);
    }
    await context.app.delivery.flushUsage();

    const events = await context.database.db
      .selectFrom('usage_events')
      .select(['status', 'video_encoded_ms', 'video_delivered_ms'])
      .where('source_id', '=', metered.id)
      .execute();
    const encoded = events.flatMap((event) => event.video_encoded_ms ?? []);
    // Two seconds of MP4, and three renditions of the three-second stream.
    expect(encoded.sort((a, b) => a - b)).toEqual([2000, 9000]);
    const delivered = events.flatMap((event) => event.video_delivered_ms ?? []);
    const streamed = delivered.reduce((sum, ms) => sum + ms, 0);
    // The MP4 once (2 s) and every segment of one rendition (3 s).
    expect(streamed).toBeGreaterThanOrEqual(4900);
    expect(streamed).toBeLessThanOrEqual(5200);

    await rollUpUsage(context.database.db, { settleMs: 0 });
    const totals = await context.database.db
      .selectFrom('usage_rollups_daily')
      .select(['videos_encoded', 'video_encoded_ms', 'videos_delivered', 'video_delivered_ms'])
      .where('source_id', '=', metered.id)
      .where('dimension', '=', 'all')
      .executeTakeFirstOrThrow();
    expect(Number(totals.videos_encoded)).toBe(2);
    expect(Number(totals.video_encoded_ms)).toBe(11_000);
    expect(Number(totals.videos_delivered)).toBe(1 + segments.length);
    expect(Number(totals.video_delivered_ms)).toBe(streamed);
  });

  it('renders an animation as its first frame when the source turns multiframe off', async () => {
    const still = await createSource(context.app, { bucket: 'videos' });
    await context.database.db
      .updateTable('sources')
      .set({ enable_multiframe: false, global_version: 2 })
      .where('id', '=', still.id)
      .execute();
    const frame = await deliver(context.app, still.host, '/spinner.gif?fm=png');
    expect(frame.status, frame.text).toBe(200);
    expect((await sharp(frame.body).metadata()).pages).toBeUndefined();
    const animated = await deliver(context.app, source.host, '/spinner.gif');
    expect((await sharp(animated.body).metadata()).pages).toBe(4);
  });
});

describe('video delivery without a render cache', { timeout: 120_000 }, () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), RENDER_CACHE_MAX_BYTES: '0' },
    { storageAdapterFactory: origin.factory },
  );

  it('transcodes in the request, and says HLS and DASH need the cache', async () => {
    origin.put('inline', 'clip.mp4', await testClip(1, 64, 48));
    const source = await createSource(context.app, { bucket: 'inline' });
    const mp4 = await deliver(context.app, source.host, '/clip.mp4?fm=mp4');
    expect(mp4.status, mp4.text).toBe(200);
    expect(videoStream(await ffprobe(mp4.body))?.codec_name).toBe('h264');
    const hls = await deliver(context.app, source.host, '/clip.mp4?fm=hls');
    expect(hls.status).toBe(422);
    expect(hls.text).toContain('render cache');
    const dash = await deliver(context.app, source.host, '/clip.mp4?fm=dash');
    expect(dash.status).toBe(422);
    expect(dash.text).toContain('DASH streaming needs the render cache');
  });
});

describe('video delivery in a process that runs no video jobs', { timeout: 60_000 }, () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), VIDEO_CONCURRENCY: '0' },
    { storageAdapterFactory: origin.factory },
  );

  it('answers 423 and leaves the job queued for another process (VIDEO_CONCURRENCY=0)', async () => {
    origin.put('queued', 'clip.mp4', await testClip(1, 64, 48));
    const source = await createSource(context.app, { bucket: 'queued' });
    expect((await deliver(context.app, source.host, '/clip.mp4?fm=webm')).status).toBe(423);
    expect(await context.app.darkroom.videoJobs.drain()).toBe(0);
    const queued = await context.database.db
      .selectFrom('jobs')
      .select(['kind', 'attempts'])
      .where('kind', '=', 'video-render')
      .execute();
    expect(queued).toEqual([{ kind: 'video-render', attempts: 0 }]);
  });
});
