import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { startHttpServer, type TestHttpServer } from '../origin-servers/http.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  useDataDir,
  type Delivered,
  type TestSource,
} from '../delivery/fixtures.ts';
import { testClip } from './clips.ts';

const run = promisify(execFile);

/** Asks for `target` until its job has rendered it: 423 first, then the job, then the answer. */
async function rendered(app: FastifyInstance, host: string, target: string): Promise<Delivered> {
  const pending = await deliver(app, host, target);
  expect(pending.status, pending.text).toBe(423);
  await app.darkroom.videoJobs.drain();
  return deliver(app, host, target);
}

/** The address lines of a playlist, and the URI attributes of its tags. */
function uris(playlist: string): string[] {
  return playlist.split('\n').flatMap((line) => {
    if (line === '') return [];
    if (!line.startsWith('#')) return [line];
    const uri = /URI="([^"]+)"/.exec(line)?.[1];
    return uri === undefined ? [] : [uri];
  });
}

/** The texts of a WebVTT file's cues, in order. */
function cueTexts(vtt: string): string[] {
  return vtt
    .split(/\n\n+/)
    .slice(1)
    .map((block) => block.trim().split('\n').slice(1).join('\n'))
    .filter((text) => text !== '');
}

/** The text streams of an MP4 (codec, language) and their cues read back by ffmpeg. */
async function textStreamOf(mp4: Buffer) {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-supplied-test-'));
  try {
    const file = path.join(directory, 'clip.mp4');
    await writeFile(file, mp4);
    const { stdout: probed } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 's'],
      ...['-show_entries', 'stream=codec_name:stream_tags=language', '-of', 'json', file],
    ]);
    const { stdout: vtt } = await run('ffmpeg', [
      ...['-v', 'error', '-i', file, '-map', '0:s:0', '-f', 'webvtt', '-'],
    ]);
    return {
      streams: (
        JSON.parse(probed) as { streams: { codec_name: string; tags?: { language?: string } }[] }
      ).streams.map((stream) => ({ codec: stream.codec_name, language: stream.tags?.language })),
      texts: cueTexts(vtt),
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const ENGLISH =
  'WEBVTT\n\nNOTE kept out\n\n00:00.200 --> 00:01.200 line:0\nHello <b>there</b>\n\n00:01.500 --> 00:02.800\nBye\n';
const SPANISH =
  '1\r\n00:00:00,200 --> 00:00:01,200\r\n<font color="red">Hola</font> & <i>adiós</i>\r\n\r\n2\r\n00:00:01,500 --> 00:00:02,800\r\nChao\r\n';

describe('subtitle tracks of the URL (video-subtitle-src)', { timeout: 180_000 }, () => {
  const origin = new MemoryOrigin();
  // The suite's own app runs no video job; the app that allows loopback origins runs them.
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), VIDEO_CONCURRENCY: '0' },
    { storageAdapterFactory: origin.factory },
  );
  let tracks: TestHttpServer;
  let app: FastifyInstance;
  let source: TestSource;
  const track = (name: string) => encodeURIComponent(`${tracks.url}/${name}`);

  beforeAll(async () => {
    origin.put('videos', 'talk.mp4', await testClip(3, 160, 120));
    const files: Record<string, { type: string; body: Buffer }> = {
      '/en.vtt': { type: 'text/vtt', body: Buffer.from(ENGLISH) },
      '/es.srt': { type: 'application/x-subrip', body: Buffer.from(SPANISH) },
      '/page.html': { type: 'text/html', body: Buffer.from('<!doctype html><p>Moved</p>') },
      '/huge.vtt': { type: 'text/vtt', body: Buffer.alloc(4 * 1024 * 1024 + 1, 'a') },
    };
    tracks = await startHttpServer((request, response) => {
      const file = files[request.url ?? ''];
      if (file === undefined) {
        response.writeHead(404).end('not here');
        return;
      }
      response.writeHead(200, { 'content-type': file.type }).end(file.body);
    });
    // No GENERATIVE_API_URL: a track of the URL's own needs no provider.
    app = await context.appWith({ ALLOW_PRIVATE_ORIGINS: '1', VIDEO_CONCURRENCY: '1' });
    source = await createSource(app, { bucket: 'videos' });
  });

  afterAll(() => tracks.close());

  it('answers fm=vtt with the supplied track, read and written again, without a provider', async () => {
    const target = `/talk.mp4?fm=vtt&video-subtitle-src=${track('en.vtt')}&video-subtitle-lang=eng`;
    const vtt = await rendered(app, source.host, target);
    expect(vtt.status, vtt.text).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt');
    expect(vtt.headers['content-language']).toBe('en');
    expect(vtt.headers['access-control-allow-origin']).toBe('*');
    expect(vtt.text).toBe(
      'WEBVTT\n\n00:00:00.200 --> 00:00:01.200 line:0\nHello <b>there</b>\n\n00:00:01.500 --> 00:00:02.800\nBye\n',
    );
    expect(tracks.requests.map((request) => request.url)).toEqual(['/en.vtt']);

    // The aliases, the [0] index and the standard Base64 form name the same track: one render.
    const base64 = Buffer.from(`${tracks.url}/en.vtt`).toString('base64');
    const again = await deliver(
      app,
      source.host,
      `/talk.mp4?fm=vtt&video-caption-src64[0]=${encodeURIComponent(base64)}&video-caption-lang=en`,
    );
    expect(again.status, again.text).toBe(200);
    expect(again.body.equals(vtt.body)).toBe(true);
    expect(tracks.requests).toHaveLength(1);
  });

  it('chooses among indexed tracks with video-vtt-lang, a SubRip track made WebVTT', async () => {
    const both = `video-subtitle-src[0]=${track('en.vtt')}&video-subtitle-lang[0]=en&video-subtitle-src[1]=${track('es.srt')}&video-subtitle-lang[1]=es`;
    const spanish = await rendered(app, source.host, `/talk.mp4?fm=vtt&${both}&video-vtt-lang=es`);
    expect(spanish.status, spanish.text).toBe(200);
    expect(spanish.headers['content-language']).toBe('es');
    expect(cueTexts(spanish.text)).toEqual(['Hola &amp; <i>adiós</i>', 'Chao']);
    expect(tracks.requests.at(-1)?.url).toBe('/es.srt');

    // A language no track is tagged with is refused at once: nothing is queued or fetched.
    const asked = tracks.requests.length;
    const none = await deliver(app, source.host, `/talk.mp4?fm=vtt&${both}&video-vtt-lang=fr`);
    expect(none.status).toBe(400);
    expect(none.text).toContain(
      'video-vtt-lang=fr names no track of video-subtitle-src: tag one with video-subtitle-lang[N].',
    );
    const badIndex = await deliver(
      app,
      source.host,
      `/talk.mp4?fm=vtt&video-subtitle-src[10]=${track('en.vtt')}`,
    );
    expect(badIndex.status).toBe(400);
    expect(badIndex.text).toContain('its index must be a whole number from 0 to 9');
    expect(tracks.requests).toHaveLength(asked);
  });

  it('makes every supplied track a SUBTITLES rendition of the HLS stream, whose URIs resolve', async () => {
    const query = `fm=hls&video-subtitle-src=${track('en.vtt')}&video-subtitle-lang=en&video-subtitle-src[3]=${track('es.srt')}&video-subtitle-lang[3]=es&video-renditions=120:300k`;
    const master = await rendered(app, source.host, `/talk.mp4?${query}`);
    expect(master.status, master.text).toBe(200);
    const media = master.text.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'));
    expect(media.map((line) => /NAME="([^"]+)",LANGUAGE="([a-z]+)"/.exec(line)?.slice(1))).toEqual([
      ['English', 'en'],
      ['Spanish', 'es'],
    ]);
    const subtitleUris = uris(master.text).filter((uri) => uri.includes('hls-part=subtitles'));
    expect(subtitleUris.map((uri) => /hls-part=([^&]+)/.exec(uri)?.[1])).toEqual([
      'subtitles-0.m3u8',
      'subtitles-3.m3u8',
    ]);
    const texts: string[] = [];
    for (const uri of subtitleUris) {
      const playlist = await deliver(app, source.host, `/${uri}`);
      expect(playlist.status, uri).toBe(200);
      for (const segmentUri of uris(playlist.text)) {
        const segment = await deliver(app, source.host, `/${segmentUri}`);
        expect(segment.status, segmentUri).toBe(200);
        expect(segment.headers['content-type']).toBe('text/vtt');
        texts.push(...cueTexts(segment.text));
      }
    }
    expect([...new Set(texts)]).toEqual([
      'Hello <b>there</b>',
      'Bye',
      'Hola &amp; <i>adiós</i>',
      'Chao',
    ]);
    const absent = await deliver(app, source.host, `/talk.mp4?${query}&hls-part=subtitles-1.m3u8`);
    expect(absent.status).toBe(400);
  });

  it('burns the track into fm=mp4 and muxes it as a mov_text stream tagged with its language', async () => {
    const target = `/talk.mp4?fm=mp4&video-subtitle-src=${track('es.srt')}&video-subtitle-lang=es&video-caption-style=plain&video-caption-color=FFFF00`;
    const mp4 = await rendered(app, source.host, target);
    expect(mp4.status, mp4.text).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(await textStreamOf(mp4.body)).toEqual({
      streams: [{ codec: 'mov_text', language: 'spa' }],
      texts: ['Hola & <i>adiós</i>', 'Chao'],
    });
    // A bad alignment is refused before any job.
    const refused = await deliver(app, source.host, `${target}&video-caption-align=top,bottom`);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('video-caption-align=top,bottom must name at most one');
  });

  it('answers 422 naming the URL for a track that is missing, not subtitles, or too large', async () => {
    const cases = [
      { name: 'missing.vtt', message: 'answered HTTP 404.' },
      { name: 'page.html', message: 'is neither WebVTT nor SubRip (SRT)' },
      { name: 'huge.vtt', message: 'is larger than 4194304 bytes.' },
    ];
    for (const { name, message } of cases) {
      const failed = await rendered(
        app,
        source.host,
        `/talk.mp4?fm=vtt&video-subtitle-src=${track(name)}`,
      );
      expect(failed.status, name).toBe(422);
      expect(failed.text).toContain(`The subtitle track at ${tracks.url}/${name} ${message}`);
    }
  });

  it('refuses a track on a private address through the SSRF guard (400)', async () => {
    const strict = await context.appWith({ DATA_DIR: useDataDir(), VIDEO_CONCURRENCY: '1' });
    const asked = tracks.requests.length;
    const refused = await rendered(
      strict,
      source.host,
      `/talk.mp4?fm=vtt&video-subtitle-src=${track('en.vtt')}&video-vtt-lang=en&video-subtitle-lang=en`,
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(`The subtitle track at ${tracks.url}/en.vtt cannot be fetched`);
    expect(tracks.requests).toHaveLength(asked);
  });

  it('still needs the provider for captions of a generated track, and reads video-generate=vtt', async () => {
    for (const query of [
      'fm=mp4&video-generate-subtitles=true&video-caption-style=karaoke',
      'fm=vtt&video-generate=vtt',
    ]) {
      const refused = await deliver(app, source.host, `/talk.mp4?${query}`);
      expect(refused.status, query).toBe(422);
      expect(refused.text).toContain('video-generate-subtitles needs a transcription provider');
    }
    const wrong = await deliver(app, source.host, '/talk.mp4?fm=vtt&video-generate=srt');
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('The value for "video-generate" must be vtt.');
  });
});
