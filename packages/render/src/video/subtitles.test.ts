import { parseParams, type Params } from '@darkroom/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { rewritePlaylistUris } from './hls-playlists.ts';
import { MASTER_PLAYLIST } from './hls.ts';
import { videoHls, videoSubtitles } from './render-video.ts';
import { hasSubtitleTrack, subtitlePlan, suppliedVttTrack } from './subtitle-plan.ts';
import type { SubtitleProvider, TranscriptionAudio } from './subtitles.ts';
import type { SubtitleFetch } from './supplied-subtitles.ts';
import { ffprobe, streamOf, testClip } from './testing-clips.ts';
import { parseWebVtt } from './webvtt.ts';

function params(query: string): Params {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.params;
}

interface Calls {
  transcribe: { audio: TranscriptionAudio; language: string | null }[];
  detect: string[][];
  translate: { texts: string[]; from: string | null; to: string }[];
}

/**
 * A provider that answers from what it is sent: one cue per second of the audio it receives
 * (read back with ffprobe, so a wrong file fails the test), in the language it names.
 */
function standInProvider(spoken = 'en'): { provider: SubtitleProvider; calls: Calls } {
  const calls: Calls = { transcribe: [], detect: [], translate: [] };
  const provider: SubtitleProvider = {
    async transcribe(audio, language) {
      calls.transcribe.push({ audio, language });
      const probed = await ffprobe(audio.bytes, audio.fileName);
      const seconds = Math.round(Number(probed.format.duration));
      const cues = Array.from(
        { length: seconds },
        (_, second) => `00:0${second}.000 --> 00:0${second}.900\nSecond ${second + 1}`,
      );
      return `WEBVTT\n\n${cues.join('\n\n')}\n`;
    },
    detectLanguage(texts) {
      calls.detect.push([...texts]);
      return Promise.resolve(spoken);
    },
    translate(texts, languages) {
      calls.translate.push({ texts: [...texts], ...languages });
      return Promise.resolve(texts.map((text) => `[${languages.to}] ${text}`));
    },
  };
  return { provider, calls };
}

const OWN_TRACK = 'WEBVTT\n\n00:00.500 --> 00:01.500\nOwn words\n\n00:02.000 --> 00:02.900\nMore\n';

const EN = encodeURIComponent('https://subs.example/en.vtt');
const ES = encodeURIComponent('https://subs.example/es.srt');
const SUPPLIED: Readonly<Record<string, string>> = {
  'https://subs.example/en.vtt':
    'WEBVTT\n\nNOTE written by hand\n\n00:00.200 --> 00:01.200 align:start\nHello <b>there</b>\n\n00:01.500 --> 00:02.800\nBye\n',
  'https://subs.example/es.srt':
    '1\n00:00:00,200 --> 00:00:01,200\n<font color="red">Hola</font> & <i>adiós</i>\n\n2\n00:00:01,500 --> 00:00:02,800\nChao\n',
};

/** The server's fetch stood in for: the files above by URL, the URLs asked for kept. */
function suppliedFetch(): { fetch: SubtitleFetch; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetch(url) {
      asked.push(url);
      const body = SUPPLIED[url];
      if (body === undefined) return Promise.reject(new RenderError(422, `${url} answered 404.`));
      return Promise.resolve(Buffer.from(body));
    },
  };
}

let clip: Buffer;
let subtitled: Buffer;

beforeAll(async () => {
  clip = await testClip({ width: 160, height: 120, seconds: 3 });
  subtitled = await testClip({
    width: 160,
    height: 120,
    seconds: 3,
    subtitles: { webvtt: OWN_TRACK, language: 'fra' },
  });
});

describe('subtitlePlan', () => {
  it('reads the four parameters, and nothing when subtitles are off', () => {
    expect(subtitlePlan(params('video-generate-subtitles=off&video-vtt-lang=fr'))).toBeNull();
    expect(subtitlePlan(params('video-subtitle-translations=fr'))).toBeNull();
    const plan = subtitlePlan(
      params(
        'video-generate-subtitles=ON&video-subtitle-lang=eng&video-subtitle-translations=fr,de,fra&video-vtt-lang=de',
      ),
    );
    expect(plan).toEqual({
      mode: 'transcribe',
      spokenLanguage: 'en',
      translations: ['fr', 'de'],
      vttLanguage: 'de',
      supplied: [],
    });
    expect(subtitlePlan(params('video-generate-subtitles=auto'))?.mode).toBe('auto');
    expect(hasSubtitleTrack(plan, 'subtitles-de')).toBe(true);
    expect(hasSubtitleTrack(plan, 'subtitles-es')).toBe(false);
    expect(hasSubtitleTrack(null, 'subtitles')).toBe(false);
  });

  it('reads supplied tracks by index, which replace transcription', () => {
    const plan = subtitlePlan(
      params(
        `video-generate-subtitles=true&video-subtitle-translations=de&video-subtitle-src[2]=${ES}&video-subtitle-lang[2]=spa&video-subtitle-src=${EN}&video-vtt-lang=es`,
      ),
    );
    expect(plan).toEqual({
      mode: 'supplied',
      spokenLanguage: null,
      translations: [],
      vttLanguage: 'es',
      supplied: [
        { index: 0, url: 'https://subs.example/en.vtt', language: null },
        { index: 2, url: 'https://subs.example/es.srt', language: 'es' },
      ],
    });
    expect(plan === null ? null : suppliedVttTrack(plan)?.index).toBe(2);
    expect(hasSubtitleTrack(plan, 'subtitles-2')).toBe(true);
    expect(hasSubtitleTrack(plan, 'subtitles-1')).toBe(false);
    expect(hasSubtitleTrack(plan, 'subtitles')).toBe(false);
    expect(hasSubtitleTrack(plan, 'subtitles-de')).toBe(false);
  });
});

describe('subtitle tracks of generated clips', { timeout: 120_000 }, () => {
  it('transcribes the audio sent as a small mono MP3 and answers its WebVTT', async () => {
    const { provider, calls } = standInProvider();
    const file = await videoSubtitles(
      { input: clip, params: params('video-generate-subtitles=true') },
      provider,
    );
    expect(file.contentType).toBe('text/vtt');
    expect(file.generated).toBe(true);
    expect(parseWebVtt(file.body.toString('utf8'), 'x').map((cue) => cue.text)).toEqual([
      'Second 1',
      'Second 2',
      'Second 3',
    ]);
    expect(calls.transcribe).toHaveLength(1);
    const audio = calls.transcribe[0]?.audio;
    expect(audio?.contentType).toBe('audio/mpeg');
    const probed = await ffprobe(audio?.bytes ?? Buffer.alloc(0), 'speech.mp3');
    expect(streamOf(probed, 'audio').codec_name).toBe('mp3');
    expect(probed.streams).toHaveLength(1);
    // Nothing asked for a translation, so the language was never needed.
    expect(calls.detect).toEqual([]);
    expect(file.language).toBeNull();
  });

  it('translates into video-vtt-lang cue by cue, timings kept, cut to the clip window', async () => {
    const { provider, calls } = standInProvider('en');
    const file = await videoSubtitles(
      {
        input: clip,
        params: params('video-generate-subtitles=true&video-vtt-lang=fr&video-clip-start=1'),
      },
      provider,
    );
    expect(file.language).toBe('fr');
    expect(parseWebVtt(file.body.toString('utf8'), 'x')).toEqual([
      { id: null, startMs: 0, endMs: 900, settings: '', text: '[fr] Second 2' },
      { id: null, startMs: 1000, endMs: 1900, settings: '', text: '[fr] Second 3' },
    ]);
    expect(calls.detect).toHaveLength(1);
    expect(calls.translate).toEqual([
      { texts: ['Second 1', 'Second 2', 'Second 3'], from: 'en', to: 'fr' },
    ]);
  });

  it('answers the spoken track when video-vtt-lang is the spoken language, translating nothing', async () => {
    const { provider, calls } = standInProvider('fr');
    const file = await videoSubtitles(
      { input: clip, params: params('video-generate-subtitles=true&video-vtt-lang=fra') },
      provider,
    );
    expect(file.language).toBe('fr');
    expect(file.body.toString('utf8')).toContain('Second 1');
    expect(calls.translate).toEqual([]);
  });

  it('refuses a translation that does not answer one text per cue (422)', async () => {
    const { provider } = standInProvider();
    provider.translate = (texts) => Promise.resolve(texts.slice(1));
    const refused = videoSubtitles(
      { input: clip, params: params('video-generate-subtitles=true&video-vtt-lang=de') },
      provider,
    );
    await expect(refused).rejects.toThrow(
      new RenderError(422, 'The translation provider answered 2 texts for 3 cues.'),
    );
  });

  it('refuses a transcription that is not WebVTT (422)', async () => {
    const { provider } = standInProvider();
    provider.transcribe = () => Promise.resolve('{"text":"Hello"}');
    await expect(
      videoSubtitles({ input: clip, params: params('video-generate-subtitles=true') }, provider),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('serves the video its own track with auto, without asking the provider', async () => {
    const { provider, calls } = standInProvider();
    const file = await videoSubtitles(
      { input: subtitled, params: params('video-generate-subtitles=auto') },
      provider,
    );
    expect(file.generated).toBe(false);
    expect(file.language).toBe('fr');
    expect(parseWebVtt(file.body.toString('utf8'), 'x').map((cue) => cue.text)).toEqual([
      'Own words',
      'More',
    ]);
    expect(calls).toEqual({ transcribe: [], detect: [], translate: [] });

    // true transcribes whatever tracks the video has.
    const transcribed = await videoSubtitles(
      { input: subtitled, params: params('video-generate-subtitles=true') },
      provider,
    );
    expect(transcribed.body.toString('utf8')).toContain('Second 1');
    expect(calls.transcribe).toHaveLength(1);
  });

  it('refuses without a provider, and fm=vtt without subtitles asked', async () => {
    await expect(
      videoSubtitles({ input: clip, params: params('video-generate-subtitles=true') }, null),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      videoSubtitles({ input: clip, params: params('') }, standInProvider().provider),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('adds SUBTITLES renditions to an HLS stream, with WebVTT segments on its timeline', async () => {
    const { provider, calls } = standInProvider('en');
    const stream = await videoHls(
      {
        input: clip,
        params: params(
          'video-generate-subtitles=true&video-subtitle-translations=fr,en,de&video-renditions=120:300k',
        ),
      },
      provider,
    );
    expect(stream.subtitlesGenerated).toBe(true);
    const master = stream.files.get(MASTER_PLAYLIST)?.toString('utf8') ?? '';
    // en is the spoken language: its translation is skipped.
    expect(master.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'))).toEqual([
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="subtitles.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="French",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,URI="subtitles-fr.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="German",LANGUAGE="de",DEFAULT=NO,AUTOSELECT=YES,URI="subtitles-de.m3u8"',
    ]);
    expect(master).toMatch(/#EXT-X-STREAM-INF:[^\n]*,SUBTITLES="subs"\n120p\.m3u8/);
    expect(calls.translate.map((call) => call.to)).toEqual(['fr', 'de']);

    const playlist = stream.files.get('subtitles-fr.m3u8')?.toString('utf8') ?? '';
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const segments = playlist.split('\n').filter((line) => line.endsWith('.vtt'));
    expect(segments.length).toBeGreaterThan(0);
    const cues = segments.flatMap((name) => {
      const text = stream.files.get(name)?.toString('utf8') ?? '';
      expect(text).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:00:00\.000,MPEGTS:\d+\n/);
      return parseWebVtt(text, name).map((cue) => cue.text);
    });
    expect([...new Set(cues)]).toEqual(['[fr] Second 1', '[fr] Second 2', '[fr] Second 3']);

    // Delivery names every file by its own address, the renditions' URI attributes too.
    const rewritten = rewritePlaylistUris(master, (name) => `clip.mp4?fm=hls&hls-part=${name}`);
    expect(rewritten).toContain('URI="clip.mp4?fm=hls&hls-part=subtitles-de.m3u8"');
    expect(rewritten).toContain('\nclip.mp4?fm=hls&hls-part=120p.m3u8');
  });
});

describe('supplied subtitle tracks (video-subtitle-src)', { timeout: 120_000 }, () => {
  const both = `video-subtitle-src=${EN}&video-subtitle-src[2]=${ES}&video-subtitle-lang[2]=es`;

  it('answers fm=vtt with the track video-vtt-lang is tagged with, fetching only that one', async () => {
    const { fetch, asked } = suppliedFetch();
    const file = await videoSubtitles(
      { input: clip, params: params(`${both}&video-vtt-lang=spa`), fetchSubtitles: fetch },
      null,
    );
    expect(asked).toEqual(['https://subs.example/es.srt']);
    expect(file.language).toBe('es');
    expect(file.generated).toBe(false);
    // SubRip read and written again as WebVTT: <font> dropped, `&` escaped.
    expect(file.body.toString('utf8')).toBe(
      'WEBVTT\n\n00:00:00.200 --> 00:00:01.200\nHola &amp; <i>adiós</i>\n\n00:00:01.500 --> 00:00:02.800\nChao\n',
    );
  });

  it('answers the first track without video-vtt-lang, cut to the clip window, and 400 for a language none has', async () => {
    const { fetch, asked } = suppliedFetch();
    const file = await videoSubtitles(
      { input: clip, params: params(`${both}&video-clip-start=1`), fetchSubtitles: fetch },
      null,
    );
    expect(asked).toEqual(['https://subs.example/en.vtt']);
    expect(file.language).toBeNull();
    // The NOTE is gone; the cue settings are kept.
    expect(parseWebVtt(file.body.toString('utf8'), 'x')).toEqual([
      { id: null, startMs: 0, endMs: 200, settings: 'align:start', text: 'Hello <b>there</b>' },
      { id: null, startMs: 500, endMs: 1800, settings: '', text: 'Bye' },
    ]);
    await expect(
      videoSubtitles(
        { input: clip, params: params(`${both}&video-vtt-lang=fr`), fetchSubtitles: fetch },
        null,
      ),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('fails with the fetch: a track that cannot be had is the render’s failure', async () => {
    const { fetch } = suppliedFetch();
    const missing = encodeURIComponent('https://subs.example/missing.vtt');
    await expect(
      videoSubtitles(
        { input: clip, params: params(`video-subtitle-src=${missing}`), fetchSubtitles: fetch },
        null,
      ),
    ).rejects.toThrow(new RenderError(422, 'https://subs.example/missing.vtt answered 404.'));
  });

  it('makes each supplied track a SUBTITLES rendition of an HLS stream, without a provider', async () => {
    const { fetch, asked } = suppliedFetch();
    const stream = await videoHls(
      {
        input: clip,
        params: params(`${both}&video-renditions=120:300k&video-generate-subtitles=true`),
        fetchSubtitles: fetch,
      },
      null,
    );
    expect(asked).toEqual(['https://subs.example/en.vtt', 'https://subs.example/es.srt']);
    expect(stream.subtitlesGenerated).toBe(false);
    const master = stream.files.get(MASTER_PLAYLIST)?.toString('utf8') ?? '';
    expect(master.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'))).toEqual([
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Subtitles",DEFAULT=NO,AUTOSELECT=YES,URI="subtitles-0.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Spanish",LANGUAGE="es",DEFAULT=NO,AUTOSELECT=YES,URI="subtitles-2.m3u8"',
    ]);
    const playlist = stream.files.get('subtitles-2.m3u8')?.toString('utf8') ?? '';
    const texts = playlist
      .split('\n')
      .filter((line) => line.endsWith('.vtt'))
      .flatMap((name) => parseWebVtt(stream.files.get(name)?.toString('utf8') ?? '', name))
      .map((cue) => cue.text);
    expect([...new Set(texts)]).toEqual(['Hola &amp; <i>adiós</i>', 'Chao']);
  });
});
