import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import {
  SUBTITLE_STAND_IN_KEY,
  startSubtitleStandIn,
  type SubtitleStandIn,
} from '../ai/subtitle-stand-in.ts';
import { subtitledClip, testClip } from './clips.ts';

/** Asks for `target` until its job has rendered it: 423 first, then the job, then the answer. */
async function rendered(app: FastifyInstance, host: string, target: string): Promise<Delivered> {
  const pending = await deliver(app, host, target);
  expect(pending.status, pending.text).toBe(423);
  expect(pending.headers['retry-after']).toBe('2');
  await app.darkroom.videoJobs.drain();
  return deliver(app, host, target);
}

/** The texts of a WebVTT file's cues, in order. */
function cueTexts(vtt: string): string[] {
  return vtt
    .split(/\n\n+/)
    .slice(1)
    .map((block) => block.trim().split('\n').slice(1).join('\n'))
    .filter((text) => text !== '');
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

const OWN_TRACK = 'WEBVTT\n\n00:00.500 --> 00:01.500\nOwn words\n\n00:02.000 --> 00:02.900\nMore\n';

describe('video subtitles through the configured provider', { timeout: 180_000 }, () => {
  let standIn: SubtitleStandIn;
  beforeAll(async () => {
    standIn = await startSubtitleStandIn();
  });
  afterAll(() => standIn.close());

  const origin = new MemoryOrigin();
  // The suite's own app has no provider, and leaves video jobs to the app that has one.
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), VIDEO_CONCURRENCY: '0' },
    { storageAdapterFactory: origin.factory },
  );
  let app: FastifyInstance;
  let source: TestSource;

  beforeAll(async () => {
    origin.put('videos', 'talk.mp4', await testClip(3, 160, 120));
    origin.put('videos', 'captioned.mp4', await subtitledClip(3, OWN_TRACK, 'fra'));
    app = await context.appWith({
      GENERATIVE_API_URL: standIn.url,
      GENERATIVE_API_KEY: SUBTITLE_STAND_IN_KEY,
      VIDEO_CONCURRENCY: '1',
    });
    source = await createSource(app, { bucket: 'videos' });
  });

  it('answers 422 without a provider, and fm=vtt without subtitles asked 400', async () => {
    for (const query of [
      'fm=vtt&video-generate-subtitles=true',
      'fm=hls&video-generate-subtitles=on',
    ]) {
      const refused = await deliver(context.app, source.host, `/talk.mp4?${query}`);
      expect(refused.status, query).toBe(422);
      expect(refused.text).toContain(
        'video-generate-subtitles needs a transcription provider, which this server does not have (set GENERATIVE_API_URL).',
      );
    }
    const thumbnails = await deliver(app, source.host, '/talk.mp4?fm=vtt');
    expect(thumbnails.status).toBe(400);
    expect(thumbnails.text).toContain('fm=vtt answers subtitles with video-generate-subtitles');
    const still = await deliver(
      app,
      source.host,
      '/still.png?fm=vtt&video-generate-subtitles=true',
    );
    expect(still.status).toBe(400);
    expect(standIn.server.requests).toHaveLength(0);
  });

  it('transcribes on first request (423), then serves the WebVTT sidecar from the cache', async () => {
    const target = '/talk.mp4?fm=vtt&video-generate-subtitles=true';
    const vtt = await rendered(app, source.host, target);
    expect(vtt.status, vtt.text).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt');
    // A <track> of a video on the customer's own site is a CORS request.
    expect(vtt.headers['access-control-allow-origin']).toBe('*');
    expect(vtt.text.startsWith('WEBVTT\n')).toBe(true);
    expect(cueTexts(vtt.text)).toEqual(['Line 1', 'Line 2', 'Line 3']);
    expect(vtt.text).toContain('00:00:00.100 --> 00:00:00.900');
    // The provider got the audio track: a small mono MP3 of the whole clip.
    expect(standIn.transcriptions).toHaveLength(1);
    expect(standIn.transcriptions[0]).toMatchObject({
      fields: { model: 'whisper-1', response_format: 'vtt' },
      audio: { codec: 'mp3', channels: 1, sampleRate: 16000 },
    });
    expect(standIn.transcriptions[0]?.audio.seconds).toBeCloseTo(3, 0);

    const again = await deliver(app, source.host, target);
    expect(again.status).toBe(200);
    expect(again.body.equals(vtt.body)).toBe(true);
    expect(standIn.transcriptions).toHaveLength(1);
  });

  it('answers the track video-vtt-lang names, translated, transcribing nothing again', async () => {
    const french = await rendered(
      app,
      source.host,
      '/talk.mp4?fm=vtt&video-generate-subtitles=true&video-subtitle-translations=fr,de&video-vtt-lang=fr',
    );
    expect(french.status, french.text).toBe(200);
    expect(french.headers['content-language']).toBe('fr');
    expect(cueTexts(french.text)).toEqual(['[fr] Line 1', '[fr] Line 2', '[fr] Line 3']);
    expect(french.text).toContain('00:00:01.100 --> 00:00:01.900');
    // The transcription of the sidecar before is the same audio's, kept with the renders.
    expect(standIn.transcriptions).toHaveLength(1);
    // The spoken language was asked once, then the one translation the sidecar needs.
    expect(standIn.chats.map((chat) => Object.keys(chat.user as object))).toEqual([
      ['lines'],
      ['cues'],
    ]);

    // The spoken language itself: nothing to translate.
    const english = await rendered(
      app,
      source.host,
      '/talk.mp4?fm=vtt&video-generate-subtitles=true&video-vtt-lang=eng',
    );
    expect(english.headers['content-language']).toBe('en');
    expect(cueTexts(english.text)).toEqual(['Line 1', 'Line 2', 'Line 3']);
    expect(standIn.chats).toHaveLength(2);
  });

  it('embeds the tracks in the HLS master playlist as SUBTITLES renditions whose URIs resolve', async () => {
    const query = 'fm=hls&video-generate-subtitles=true&video-subtitle-translations=fr,de';
    const master = await rendered(app, source.host, `/talk.mp4?${query}&video-renditions=120:300k`);
    expect(master.status, master.text).toBe(200);
    const media = master.text.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'));
    expect(media.map((line) => /NAME="([^"]+)",LANGUAGE="([a-z]+)"/.exec(line)?.slice(1))).toEqual([
      ['English', 'en'],
      ['French', 'fr'],
      ['German', 'de'],
    ]);
    for (const line of media) expect(line).toContain('TYPE=SUBTITLES,GROUP-ID="subs"');
    expect(master.text).toContain(',SUBTITLES="subs"\n');

    const subtitleUris = uris(master.text).filter((uri) => uri.includes('hls-part=subtitles'));
    expect(subtitleUris).toHaveLength(3);
    for (const uri of subtitleUris) {
      // Relative to the master's address, with the master's query.
      expect(uri.startsWith(`talk.mp4?${query}&`)).toBe(true);
      const playlist = await deliver(app, source.host, `/${uri}`);
      expect(playlist.status, uri).toBe(200);
      expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(playlist.text).toContain('#EXT-X-ENDLIST');
      const texts: string[] = [];
      for (const segmentUri of uris(playlist.text)) {
        const segment = await deliver(app, source.host, `/${segmentUri}`);
        expect(segment.status, segmentUri).toBe(200);
        expect(segment.headers['content-type']).toBe('text/vtt');
        expect(segment.headers['access-control-allow-origin']).toBe('*');
        expect(segment.text).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:00:00\.000,MPEGTS:\d+\n/);
        texts.push(...cueTexts(segment.text));
      }
      const prefix = uri.includes('subtitles-fr')
        ? '[fr] '
        : uri.includes('subtitles-de')
          ? '[de] '
          : '';
      expect([...new Set(texts)]).toEqual(
        ['Line 1', 'Line 2', 'Line 3'].map((text) => prefix + text),
      );
    }
    // Only German was new: the transcription, the language and French were kept.
    expect(standIn.transcriptions).toHaveLength(1);
    expect(standIn.chats).toHaveLength(3);

    const unknown = await deliver(
      app,
      source.host,
      `/talk.mp4?${query}&hls-part=subtitles-es.m3u8`,
    );
    expect(unknown.status).toBe(400);
  });

  it('sends video-subtitle-lang as the spoken language, which then needs no detecting', async () => {
    const chats = standIn.chats.length;
    const german = await rendered(
      app,
      source.host,
      '/talk.mp4?fm=vtt&video-generate-subtitles=true&video-subtitle-lang=spa&video-vtt-lang=de',
    );
    expect(german.status, german.text).toBe(200);
    expect(standIn.transcriptions.at(-1)?.fields.language).toBe('es');
    expect(standIn.chats.slice(chats).map((chat) => chat.system)).toEqual([
      expect.stringContaining('into German (de). The user sends'),
    ]);
    expect(standIn.chats.at(-1)?.system).toContain('written in Spanish (es)');
  });

  it('serves the video its own subtitle track with auto, without calling the provider', async () => {
    const asked = standIn.server.requests.length;
    const own = await rendered(
      app,
      source.host,
      '/captioned.mp4?fm=vtt&video-generate-subtitles=auto',
    );
    expect(own.status, own.text).toBe(200);
    expect(own.headers['content-language']).toBe('fr');
    expect(cueTexts(own.text)).toEqual(['Own words', 'More']);
    expect(standIn.server.requests).toHaveLength(asked);
  });

  it('fails the render with 422 when the provider answers a translation short', async () => {
    standIn.behave({ type: 'drop-a-translation' });
    try {
      const failed = await rendered(
        app,
        source.host,
        '/talk.mp4?fm=vtt&video-generate-subtitles=true&video-vtt-lang=it',
      );
      expect(failed.status).toBe(422);
      expect(failed.text).toContain('The chat provider answered 2 translations for 3 cues.');
    } finally {
      standIn.behave({ type: 'answer' });
    }
  });

  it('meters the subtitle renders as premium renders', async () => {
    await app.delivery.flushUsage();
    const events = await context.database.db
      .selectFrom('usage_events')
      .select(['operation', 'render_ms', 'cache'])
      .where('source_id', '=', source.id)
      .where('render_ms', 'is not', null)
      .execute();
    // The first sidecar, the French, English and German ones and the HLS stream.
    expect(events.filter((event) => event.operation === 'premium')).toHaveLength(5);
    // The video's own track cost the provider nothing.
    expect(events.filter((event) => event.operation === 'standard')).toEqual([
      { operation: 'standard', render_ms: expect.any(Number), cache: 'miss' },
    ]);
  });

  it('reads the catalogue alias video-generate=vtt as video-generate-subtitles=true: one render', async () => {
    const transcribed = standIn.transcriptions.length;
    const first = await deliver(app, source.host, '/talk.mp4?fm=vtt&video-generate-subtitles=true');
    // Served from the cache the first sidecar left: no 423, no new transcription.
    const alias = await deliver(app, source.host, '/talk.mp4?fm=vtt&video-generate=vtt');
    expect(alias.status, alias.text).toBe(200);
    expect(alias.body.equals(first.body)).toBe(true);
    expect(standIn.transcriptions).toHaveLength(transcribed);
  });
});
