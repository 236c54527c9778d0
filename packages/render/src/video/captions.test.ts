import { parseParams, type Params } from '@darkroom/core';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { transcodeVideo } from './render-video.ts';
import type { SubtitleProvider } from './subtitles.ts';
import type { SubtitleFetch } from './supplied-subtitles.ts';
import { testClip } from './testing-clips.ts';
import { parseWebVtt } from './webvtt.ts';

const run = promisify(execFile);

const TRACK_URL = 'https://subs.example/talk.srt';
const SOURCE = `video-subtitle-src=${encodeURIComponent(TRACK_URL)}`;

function params(query: string): Params {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.params;
}

/** The server's fetch stood in for: `body` at TRACK_URL, the URLs asked for kept. */
function serving(body: string): { fetch: SubtitleFetch; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetch: (url) => {
      asked.push(url);
      return Promise.resolve(Buffer.from(body));
    },
  };
}

interface Frame {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

async function inTempDir<T>(work: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-captions-test-'));
  try {
    return await work(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The picture of `media` at `seconds`, decoded by ffmpeg (an independent reading). */
function frameAt(media: Buffer, seconds: number, name = 'media.mp4'): Promise<Frame> {
  return inTempDir(async (directory) => {
    const file = path.join(directory, name);
    await writeFile(file, media);
    const { stdout } = await run(
      'ffmpeg',
      [
        ...['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
        ...['-c:v', 'png', '-f', 'image2pipe', '-'],
      ],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    const { data, info } = await sharp(stdout)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  });
}

type Colour = 'red' | 'blue' | 'green';

/** True for a pixel of `colour` on testsrc2's grey picture (after 4:2:0 compression). */
function isColour(r: number, g: number, b: number, colour: Colour): boolean {
  const [main, other1, other2] =
    colour === 'red' ? [r, g, b] : colour === 'blue' ? [b, r, g] : [g, r, b];
  return main > 140 && main - other1 > 80 && main - other2 > 80;
}

/** The pixels of `colour` inside a box given as fractions of the frame, and their x extent. */
function colourIn(
  frame: Frame,
  colour: Colour,
  box = { left: 0, top: 0, right: 1, bottom: 1 },
): { count: number; minX: number; maxX: number } {
  let count = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  for (let y = Math.floor(box.top * frame.height); y < box.bottom * frame.height; y += 1) {
    for (let x = Math.floor(box.left * frame.width); x < box.right * frame.width; x += 1) {
      const at = (y * frame.width + x) * frame.channels;
      if (isColour(frame.data[at] ?? 0, frame.data[at + 1] ?? 0, frame.data[at + 2] ?? 0, colour)) {
        count += 1;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
      }
    }
  }
  return { count, minX, maxX };
}

const TOP = { left: 0, top: 0, right: 1, bottom: 0.4 };
const BOTTOM = { left: 0, top: 0.6, right: 1, bottom: 1 };
const LEFT = { left: 0, top: 0, right: 0.5, bottom: 1 };
const RIGHT = { left: 0.5, top: 0, right: 1, bottom: 1 };

/** The text streams of `media`: codec and language tag, by ffprobe. */
function textStreams(media: Buffer, name: string) {
  return inTempDir(async (directory) => {
    const file = path.join(directory, name);
    await writeFile(file, media);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 's'],
      ...['-show_entries', 'stream=codec_name:stream_tags=language', '-of', 'json', file],
    ]);
    const probed = JSON.parse(stdout) as {
      streams: { codec_name: string; tags?: { language?: string } }[];
    };
    return probed.streams.map((stream) => ({
      codec: stream.codec_name,
      language: stream.tags?.language,
    }));
  });
}

/** The first text stream of `media` read back as WebVTT by ffmpeg. */
function textStreamCues(media: Buffer, name: string) {
  return inTempDir(async (directory) => {
    const file = path.join(directory, name);
    await writeFile(file, media);
    const { stdout } = await run('ffmpeg', [
      '-v',
      'error',
      '-i',
      file,
      '-map',
      '0:s:0',
      '-f',
      'webvtt',
      '-',
    ]);
    return parseWebVtt(stdout, 'the muxed stream');
  });
}

const TWO_CUES =
  '1\n00:00:00,000 --> 00:00:00,800\nHHHH\n\n2\n00:00:01,200 --> 00:00:02,000\nWWWW\n';
const RED_PLAIN = `${SOURCE}&video-caption-style=plain&video-caption-color=FF0000&video-caption-size=48`;

let clip: Buffer;

beforeAll(async () => {
  // No colour of its own: any colour in a render is one the captions drew.
  clip = await testClip({ width: 320, height: 240, seconds: 2, grey: true });
});

describe('burn-in captions', { timeout: 180_000 }, () => {
  it('burns a supplied SubRip track at the bottom centre, from when each cue starts to its end', async () => {
    const { fetch, asked } = serving(TWO_CUES);
    const result = await transcodeVideo(
      { input: clip, params: params(RED_PLAIN), fetchSubtitles: fetch },
      'mp4',
    );
    expect(asked).toEqual([TRACK_URL]);
    expect(result.subtitlesGenerated).toBe(false);
    const during = await frameAt(result.body, 0.4);
    const bottom = colourIn(during, 'red', BOTTOM);
    expect(bottom.count).toBeGreaterThan(150);
    expect(colourIn(during, 'red', TOP).count).toBe(0);
    // Centred: as far from the left edge as from the right.
    expect(Math.abs(bottom.minX - (during.width - 1 - bottom.maxX))).toBeLessThan(12);
    // Between the cues nothing is drawn.
    expect(colourIn(await frameAt(result.body, 1.0), 'red').count).toBe(0);
    expect(colourIn(await frameAt(result.body, 1.6), 'red', BOTTOM).count).toBeGreaterThan(150);
  });

  it('places captions where video-caption-align and the margins say', async () => {
    const { fetch } = serving(TWO_CUES);
    const result = await transcodeVideo(
      {
        input: clip,
        params: params(
          `${RED_PLAIN}&video-caption-align=top,left&video-caption-margin-x=6&video-caption-margin-y=6`,
        ),
        fetchSubtitles: fetch,
      },
      'mp4',
    );
    const frame = await frameAt(result.body, 0.4);
    const top = colourIn(frame, 'red', { left: 0, top: 0, right: 0.6, bottom: 0.35 });
    expect(top.count).toBeGreaterThan(150);
    expect(top.minX).toBeLessThan(16);
    expect(colourIn(frame, 'red', { left: 0, top: 0.35, right: 1, bottom: 1 }).count).toBe(0);
  });

  it('times the cues on the clip video-clip-start cuts', async () => {
    const { fetch } = serving(TWO_CUES);
    const result = await transcodeVideo(
      { input: clip, params: params(`${RED_PLAIN}&video-clip-start=1`), fetchSubtitles: fetch },
      'mp4',
    );
    // The second cue (1.2-2.0 s of the video) is 0.2-1.0 s of the clip.
    expect(colourIn(await frameAt(result.body, 0.1), 'red').count).toBe(0);
    expect(colourIn(await frameAt(result.body, 0.6), 'red', BOTTOM).count).toBeGreaterThan(150);
  });

  it('highlights the word being spoken in karaoke, and keeps spoken words lit with stay', async () => {
    const { fetch } = serving('1\n00:00:00,000 --> 00:00:02,000\nMMMM MMMM\n');
    const karaoke = `${SOURCE}&video-caption-style=karaoke&video-caption-color=0000FF&video-caption-highlight-color=FF0000&video-caption-size=44`;
    const result = await transcodeVideo(
      { input: clip, params: params(karaoke), fetchSubtitles: fetch },
      'mp4',
    );
    // Two words of one length: the first is spoken for the first second.
    const first = await frameAt(result.body, 0.5);
    expect(colourIn(first, 'red', LEFT).count).toBeGreaterThan(100);
    expect(colourIn(first, 'red', RIGHT).count).toBe(0);
    expect(colourIn(first, 'blue', RIGHT).count).toBeGreaterThan(100);
    const second = await frameAt(result.body, 1.5);
    expect(colourIn(second, 'red', LEFT).count).toBe(0);
    expect(colourIn(second, 'blue', LEFT).count).toBeGreaterThan(100);
    expect(colourIn(second, 'red', RIGHT).count).toBeGreaterThan(100);

    const stay = await transcodeVideo(
      {
        input: clip,
        params: params(`${karaoke}&video-caption-stay=true`),
        fetchSubtitles: serving('1\n00:00:00,000 --> 00:00:02,000\nMMMM MMMM\n').fetch,
      },
      'mp4',
    );
    const both = await frameAt(stay.body, 1.5);
    expect(colourIn(both, 'red', LEFT).count).toBeGreaterThan(100);
    expect(colourIn(both, 'red', RIGHT).count).toBeGreaterThan(100);
    expect(colourIn(both, 'blue').count).toBe(0);
  });

  it('shows one word at a time in word-pop, each replacing the one before', async () => {
    const { fetch } = serving('1\n00:00:00,000 --> 00:00:02,100\nI WWWWWW\n');
    const result = await transcodeVideo(
      {
        input: clip,
        params: params(
          `${SOURCE}&video-caption-style=word-pop&video-caption-color=FF0000&video-caption-size=40`,
        ),
        fetchSubtitles: fetch,
      },
      'mp4',
    );
    // "I" has a seventh of the cue (0-0.3 s), "WWWWWW" the rest: a narrow word, then a wide one.
    const narrow = colourIn(await frameAt(result.body, 0.1), 'red');
    const wide = colourIn(await frameAt(result.body, 1.2), 'red');
    expect(narrow.count).toBeGreaterThan(20);
    expect(narrow.maxX - narrow.minX).toBeLessThan(30);
    expect(wide.maxX - wide.minX).toBeGreaterThan(150);
  });

  it('muxes the track as mov_text in MP4 and WebVTT in WebM, tagged, unless video-caption-embed=false', async () => {
    const tagged = `${RED_PLAIN}&video-subtitle-lang=fr`;
    const mp4 = await transcodeVideo(
      { input: clip, params: params(tagged), fetchSubtitles: serving(TWO_CUES).fetch },
      'mp4',
    );
    expect(await textStreams(mp4.body, 'out.mp4')).toEqual([
      { codec: 'mov_text', language: 'fra' },
    ]);
    expect(
      (await textStreamCues(mp4.body, 'out.mp4')).map(({ startMs, endMs, text }) => ({
        startMs,
        endMs,
        text,
      })),
    ).toEqual([
      { startMs: 0, endMs: 800, text: 'HHHH' },
      { startMs: 1200, endMs: 2000, text: 'WWWW' },
    ]);

    const webm = await transcodeVideo(
      { input: clip, params: params(tagged), fetchSubtitles: serving(TWO_CUES).fetch },
      'webm',
    );
    expect(await textStreams(webm.body, 'out.webm')).toEqual([
      { codec: 'webvtt', language: 'fre' },
    ]);
    expect(
      colourIn(await frameAt(webm.body, 0.4, 'out.webm'), 'red', BOTTOM).count,
    ).toBeGreaterThan(150);

    const burnedOnly = await transcodeVideo(
      {
        input: clip,
        params: params(`${tagged}&video-caption-embed=false`),
        fetchSubtitles: serving(TWO_CUES).fetch,
      },
      'mp4',
    );
    expect(await textStreams(burnedOnly.body, 'out.mp4')).toEqual([]);
    expect(colourIn(await frameAt(burnedOnly.body, 0.4), 'red', BOTTOM).count).toBeGreaterThan(150);
  });

  it('burns captions into an animated GIF', async () => {
    const result = await transcodeVideo(
      { input: clip, params: params(RED_PLAIN), fetchSubtitles: serving(TWO_CUES).fetch },
      'gif',
    );
    expect(result.contentType).toBe('image/gif');
    expect(
      colourIn(await frameAt(result.body, 0.4, 'out.gif'), 'red', BOTTOM).count,
    ).toBeGreaterThan(150);
  });

  it('draws the text of a WebVTT track as written: override tags in it are not obeyed', async () => {
    const { fetch } = serving('WEBVTT\n\n00:00.000 --> 00:02.000\n{\\c&H00FF00&}HHHH\\N\n');
    const result = await transcodeVideo(
      { input: clip, params: params(RED_PLAIN), fetchSubtitles: fetch },
      'mp4',
    );
    const frame = await frameAt(result.body, 1);
    expect(colourIn(frame, 'green').count).toBe(0);
    // The braces and the tag's letters are drawn too: wider than the four letters alone.
    const drawn = colourIn(frame, 'red', BOTTOM);
    expect(drawn.count).toBeGreaterThan(150);
    expect(drawn.maxX - drawn.minX).toBeGreaterThan(250);
  });

  it('passes the script to the filter whatever characters its folder path holds', async () => {
    const hostile = await mkdtemp(path.join(tmpdir(), "darkroom-it's: [a], b; c\\d "));
    const before = process.env.TMPDIR;
    // os.tmpdir() reads TMPDIR: the engine's working folder is made inside this one.
    process.env.TMPDIR = hostile;
    try {
      const result = await transcodeVideo(
        { input: clip, params: params(RED_PLAIN), fetchSubtitles: serving(TWO_CUES).fetch },
        'mp4',
      );
      expect(colourIn(await frameAt(result.body, 0.4), 'red', BOTTOM).count).toBeGreaterThan(150);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      await rm(hostile, { recursive: true, force: true });
    }
  });

  it('transcribes the track it burns with video-generate-subtitles, and refuses without a provider', async () => {
    const transcribed: string[] = [];
    const provider: SubtitleProvider = {
      transcribe(audio) {
        transcribed.push(audio.contentType);
        return Promise.resolve('WEBVTT\n\n00:00.000 --> 00:02.000\nHHHH\n');
      },
      detectLanguage: () => Promise.resolve('en'),
      translate: (texts) => Promise.resolve([...texts]),
    };
    const generated =
      'video-generate-subtitles=true&video-caption-style=plain&video-caption-color=FF0000&video-caption-size=48';
    const result = await transcodeVideo(
      { input: clip, params: params(generated) },
      'mp4',
      provider,
    );
    expect(transcribed).toEqual(['audio/mpeg']);
    expect(result.subtitlesGenerated).toBe(true);
    expect(colourIn(await frameAt(result.body, 1), 'red', BOTTOM).count).toBeGreaterThan(150);
    await expect(
      transcodeVideo({ input: clip, params: params(generated) }, 'mp4', null),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('answers 422 naming the URL when what it serves is no subtitle track', async () => {
    const { fetch } = serving('<!doctype html><title>Not here</title>');
    await expect(
      transcodeVideo({ input: clip, params: params(RED_PLAIN), fetchSubtitles: fetch }, 'mp4'),
    ).rejects.toThrow(
      new RenderError(
        422,
        `The subtitle track at ${TRACK_URL} is neither WebVTT nor SubRip (SRT): "<!doctype html><title>Not here</title>" are not cue timings.`,
      ),
    );
  });
});
