import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUrlPath } from '@darkroom/core';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  SUBTITLE_STAND_IN_KEY,
  startSubtitleStandIn,
  type SubtitleStandIn,
} from '../ai/subtitle-stand-in.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  useDataDir,
  type Delivered,
  type TestSource,
} from '../delivery/fixtures.ts';
import { ffprobe, testClip, videoStream } from './clips.ts';

const run = promisify(execFile);

/** Asks for `target` until its job has rendered it: 423 first, then the job, then the answer. */
async function rendered(app: FastifyInstance, host: string, target: string): Promise<Delivered> {
  const pending = await deliver(app, host, target);
  expect(pending.status, pending.text).toBe(423);
  expect(pending.headers['retry-after']).toBe('2');
  await app.darkroom.videoJobs.drain();
  return deliver(app, host, target);
}

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/**
 * The file addresses of an MPD by Representation id, in order: Initialization@sourceURL, each
 * SegmentURL@media, or the BaseURL of a Representation that is one file.
 */
function representations(mpd: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [, id = '', body = ''] of mpd.matchAll(
    /<Representation id="([^"]+)"[^>]*>([\s\S]*?)<\/Representation>/g,
  )) {
    const addresses = [
      ...body.matchAll(/(?:sourceURL|media)="([^"]*)"|<BaseURL>([^<]*)<\/BaseURL>/g),
    ].map(([, attribute, element]) => unescapeXml(attribute ?? element ?? ''));
    found.set(unescapeXml(id), addresses);
  }
  return found;
}

describe('DASH delivery', { timeout: 240_000 }, () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), VIDEO_MAX_DURATION_S: '30' },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    // Six seconds: two segments per track, of four seconds and two.
    origin.put('videos', 'clips/intro.mp4', await testClip(6));
    source = await createSource(context.app, { bucket: 'videos' });
  });

  it('answers an MPD over the HLS ladder and the audio, and every file it names', async () => {
    const manifest = await rendered(context.app, source.host, '/clips/intro.mp4?fm=dash');
    expect(manifest.status, manifest.text).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/dash+xml');
    expect(manifest.headers['cache-control']).toMatch(/max-age=\d+/);
    // dash.js fetches every file, from the dashboard's or the customer's origin.
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.text.startsWith('<?xml')).toBe(true);
    expect(manifest.text.match(/ width="\d+" height="\d+"/g)).toEqual([
      ' width="320" height="240"',
      ' width="214" height="160"',
      ' width="106" height="80"',
    ]);
    const tracks = representations(manifest.text);
    expect([...tracks.keys()]).toEqual(['240p', '160p', '80p', 'audio']);
    for (const [id, addresses] of tracks) {
      // An initialization segment and two media segments, each relative to the MPD's address.
      expect(addresses).toHaveLength(3);
      const bodies: Buffer[] = [];
      for (const address of addresses) {
        expect(address.startsWith('intro.mp4?fm=dash&dash-part=')).toBe(true);
        const file = await deliver(context.app, source.host, `/clips/${address}`);
        expect(file.status, address).toBe(200);
        expect(file.headers['content-type']).toBe(id === 'audio' ? 'audio/mp4' : 'video/mp4');
        expect(file.headers['access-control-allow-origin']).toBe('*');
        expect(file.headers['cache-control']).toMatch(/max-age=\d+/);
        bodies.push(file.body);
      }
      // What a Media Source Extensions player appends, read back by ffprobe.
      const probed = await ffprobe(Buffer.concat(bodies));
      expect(probed.format.format_name).toContain('mp4');
      expect(Number(probed.format.duration)).toBeCloseTo(6, 0);
      if (id === 'audio')
        expect(probed.streams.map((stream) => stream.codec_name)).toEqual(['aac']);
      else
        expect(videoStream(probed)).toMatchObject({
          codec_name: 'h264',
          height: Number(id.slice(0, -1)),
        });
    }
  });

  it('is read by ffmpeg over HTTP from the running app, as a DASH player reads it', async () => {
    const app = context.app;
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-headers', `Host: ${source.host}\r\n`],
      ...['-show_entries', 'stream=codec_type,codec_name,height:format=format_name,duration'],
      ...['-of', 'json', `http://127.0.0.1:${port}/clips/intro.mp4?fm=dash`],
    ]);
    const probed = JSON.parse(stdout) as {
      streams: { codec_type: string; codec_name: string; height?: number }[];
      format: { format_name: string; duration: string };
    };
    expect(probed.format.format_name).toBe('dash');
    expect(Number(probed.format.duration)).toBeCloseTo(6, 0);
    expect(probed.streams.map((stream) => [stream.codec_name, stream.height ?? null])).toEqual([
      ['h264', 240],
      ['h264', 160],
      ['h264', 80],
      ['aac', null],
    ]);
  });

  it('follows video-renditions, and refuses a stream of an image and an unknown file', async () => {
    const manifest = await rendered(
      context.app,
      source.host,
      '/clips/intro.mp4?fm=dash&video-renditions=200:500k,100:200k',
    );
    expect([...representations(manifest.text).keys()]).toEqual(['200p', '100p', 'audio']);
    const image = await deliver(context.app, source.host, '/still.png?fm=dash');
    expect(image.status).toBe(400);
    expect(image.text).toContain('fm=dash streams video files');
    const unknown = await deliver(
      context.app,
      source.host,
      '/clips/intro.mp4?fm=dash&dash-part=../secrets.mp4',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('names no file of a DASH stream');
    // A stream's subtitle files exist only when its parameters ask for subtitles.
    const subtitles = await deliver(
      context.app,
      source.host,
      '/clips/intro.mp4?fm=dash&dash-part=subtitles.vtt',
    );
    expect(subtitles.status).toBe(400);
    // Subtitles need the provider this app has not.
    const unprovided = await deliver(
      context.app,
      source.host,
      '/clips/intro.mp4?fm=dash&video-generate-subtitles=true',
    );
    expect(unprovided.status).toBe(422);
    expect(unprovided.text).toContain('needs a transcription provider');
  });

  it('signs the MPD addresses of a source that requires signed URLs', async () => {
    const signed = await createSource(context.app, {
      bucket: 'videos',
      production: { secure_url_enabled: true },
    });
    expect((await deliver(context.app, signed.host, '/clips/intro.mp4?fm=dash')).status).toBe(403);
    const manifest = await rendered(
      context.app,
      signed.host,
      signUrlPath(signed.token, '/clips/intro.mp4?fm=dash'),
    );
    expect(manifest.status, manifest.text).toBe(200);
    const [initialization = '', segment = ''] = representations(manifest.text).get('240p') ?? [];
    expect(segment).toMatch(/&dash-part=240p-001\.m4s&s=[0-9a-f]{32}$/);
    for (const address of [initialization, segment]) {
      expect((await deliver(context.app, signed.host, `/clips/${address}`)).status).toBe(200);
    }
    const tampered = segment.replace('240p-001.m4s', '240p-002.m4s');
    expect((await deliver(context.app, signed.host, `/clips/${tampered}`)).status).toBe(403);
  });

  it('meters the renditions encoded and the video segments delivered, not the audio', async () => {
    const metered = await createSource(context.app, { bucket: 'videos' });
    const manifest = await rendered(context.app, metered.host, '/clips/intro.mp4?fm=dash');
    const tracks = representations(manifest.text);
    for (const id of ['240p', 'audio']) {
      for (const address of tracks.get(id) ?? []) {
        const file = await deliver(context.app, metered.host, `/clips/${address}`);
        expect(file.status).toBe(200);
      }
    }
    await context.app.delivery.flushUsage();
    const events = await context.database.db
      .selectFrom('usage_events')
      .select(['video_encoded_ms', 'video_delivered_ms'])
      .where('source_id', '=', metered.id)
      .execute();
    // Three renditions of the six-second clip.
    expect(events.flatMap((event) => event.video_encoded_ms ?? [])).toEqual([18_000]);
    // One rendition's two media segments: six seconds.
    const delivered = events.flatMap((event) => event.video_delivered_ms ?? []);
    expect(delivered).toHaveLength(2);
    expect(delivered.reduce((sum, ms) => sum + ms, 0)).toBe(6000);
  });
});

describe('DASH subtitles through the configured provider', { timeout: 180_000 }, () => {
  let standIn: SubtitleStandIn;
  beforeAll(async () => {
    standIn = await startSubtitleStandIn();
  });
  afterAll(() => standIn.close());

  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), VIDEO_CONCURRENCY: '0' },
    { storageAdapterFactory: origin.factory },
  );
  let app: FastifyInstance;
  let source: TestSource;

  beforeAll(async () => {
    origin.put('videos', 'talk.mp4', await testClip(3, 160, 120));
    app = await context.appWith({
      GENERATIVE_API_URL: standIn.url,
      GENERATIVE_API_KEY: SUBTITLE_STAND_IN_KEY,
      VIDEO_CONCURRENCY: '1',
    });
    source = await createSource(app, { bucket: 'videos' });
  });

  it('embeds each track in the MPD as a WebVTT Adaptation Set whose file resolves', async () => {
    const query = 'fm=dash&video-generate-subtitles=true&video-subtitle-translations=fr';
    const manifest = await rendered(
      app,
      source.host,
      `/talk.mp4?${query}&video-renditions=120:300k`,
    );
    expect(manifest.status, manifest.text).toBe(200);
    const sets = [
      ...manifest.text.matchAll(
        /<AdaptationSet [^>]*contentType="text"[^>]*>[\s\S]*?<Label>([^<]*)<\/Label>/g,
      ),
    ];
    expect(sets.map(([set, label]) => [/ lang="([a-z]+)"/.exec(set)?.[1], label])).toEqual([
      ['en', 'English'],
      ['fr', 'French'],
    ]);
    const tracks = representations(manifest.text);
    expect([...tracks.keys()]).toEqual(['120p', 'audio', 'subtitles.vtt', 'subtitles-fr.vtt']);
    const [french = ''] = tracks.get('subtitles-fr.vtt') ?? [];
    expect(french.startsWith(`talk.mp4?${query}&video-renditions=120:300k&dash-part=`)).toBe(true);
    const track = await deliver(app, source.host, `/${french}`);
    expect(track.status, track.text).toBe(200);
    expect(track.headers['content-type']).toBe('text/vtt');
    expect(track.headers['access-control-allow-origin']).toBe('*');
    // The whole track in one file, timed on the stream (which starts at the video's start).
    expect(track.text).toBe(
      [
        'WEBVTT',
        '00:00:00.100 --> 00:00:00.900\n[fr] Line 1',
        '00:00:01.100 --> 00:00:01.900\n[fr] Line 2',
        '00:00:02.100 --> 00:00:02.900\n[fr] Line 3\n',
      ].join('\n\n'),
    );
  });
});
