import { parseParams, type Params } from '@darkroom/core';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASH_MANIFEST, dashMediaType, rewriteManifestUris } from './dash-manifest.ts';
import { videoDash } from './render-video.ts';
import type { SubtitleProvider } from './subtitles.ts';
import { ffprobe, streamOf, testClip } from './testing-clips.ts';
import { parseWebVtt } from './webvtt.ts';

const run = promisify(execFile);

function params(query: string): Params {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.params;
}

interface Element {
  name: string;
  attributes: Record<string, string>;
  text: string;
  parent: Element | null;
}

/** Every element of `xml`, parsed by a conforming XML parser that throws on any error. */
function xmlElements(xml: string): Element[] {
  const elements: Element[] = [];
  const open: Element[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const attributes = Object.fromEntries(
      Object.entries(tag.attributes).map(([name, attribute]) => [name, attribute.value]),
    );
    const element = { name: tag.local, attributes, text: '', parent: open.at(-1) ?? null };
    if (tag.uri !== 'urn:mpeg:dash:schema:mpd:2011') throw new Error(`${tag.name} is no MPD's`);
    elements.push(element);
    open.push(element);
  });
  parser.on('text', (text) => {
    const element = open.at(-1);
    if (element !== undefined) element.text += text;
  });
  parser.on('closetag', () => open.pop());
  parser.write(xml).close();
  return elements;
}

const named = (elements: Element[], name: string) =>
  elements.filter((element) => element.name === name);

/** The file names an MPD's elements refer to, in document order. */
function addresses(elements: Element[]): string[] {
  return elements.flatMap((element) => {
    if (element.name === 'Initialization') return [element.attributes.sourceURL ?? ''];
    if (element.name === 'SegmentURL') return [element.attributes.media ?? ''];
    if (element.name === 'BaseURL') return [element.text];
    return [];
  });
}

interface ProbedStreams {
  streams: { codec_type: string; codec_name: string; height?: number }[];
  format: { format_name: string; duration?: string };
}

/** ffprobe's reading of a stream's manifest among its files, as a player's would be. */
async function probeManifest(files: ReadonlyMap<string, Buffer>): Promise<ProbedStreams> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-dash-test-'));
  try {
    for (const [name, body] of files) await writeFile(path.join(directory, name), body);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      // ffmpeg's DASH reader opens local files of media extensions only; .vtt is not one.
      '-allowed_extensions',
      'ALL',
      '-show_entries',
      'stream=codec_type,codec_name,height:format=format_name,duration',
      '-of',
      'json',
      path.join(directory, DASH_MANIFEST),
    ]);
    return JSON.parse(stdout) as ProbedStreams;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A provider that says "Second n" for each second of the clip, and prefixes translations. */
const provider: SubtitleProvider = {
  transcribe: () =>
    Promise.resolve(
      'WEBVTT\n\n00:00.000 --> 00:00.900\nSecond 1\n\n00:01.000 --> 00:01.900\nSecond 2\n\n00:02.000 --> 00:02.900\nSecond 3\n',
    ),
  detectLanguage: () => Promise.resolve('en'),
  translate: (texts, languages) =>
    Promise.resolve(texts.map((text) => `[${languages.to}] ${text}`)),
};

let clip: Buffer;

beforeAll(async () => {
  // Nine seconds: segments of four seconds, four, and one.
  clip = await testClip({ width: 320, height: 240, seconds: 9, fps: 25 });
});

describe('DASH streams on a generated clip', { timeout: 180_000 }, () => {
  it('packages the HLS ladder as fragmented MP4 segments under a valid MPD ffprobe plays', async () => {
    const stream = await videoDash({ input: clip, params: params('') });
    expect(stream.renditions.map((step) => step.name)).toEqual(['240p', '160p', '80p']);
    expect(stream.encodedMs).toBe(27_000);
    expect(stream.subtitlesGenerated).toBe(false);

    const manifest = stream.files.get(DASH_MANIFEST)?.toString('utf8') ?? '';
    const elements = xmlElements(manifest);
    const [mpd] = named(elements, 'MPD');
    expect(mpd?.attributes).toMatchObject({
      type: 'static',
      profiles: 'urn:mpeg:dash:profile:isoff-main:2011',
    });
    expect(
      Number(/^PT([\d.]+)S$/.exec(mpd?.attributes.mediaPresentationDuration ?? '')?.[1]),
    ).toBeCloseTo(9, 1);
    // One Adaptation Set of video naming every rendition, and one of audio.
    const sets = named(elements, 'AdaptationSet').map((set) => set.attributes.contentType);
    expect(sets).toEqual(['video', 'audio']);
    const representations = named(elements, 'Representation');
    expect(representations.map((representation) => representation.attributes.id)).toEqual([
      '240p',
      '160p',
      '80p',
      'audio',
    ]);
    expect(representations.slice(0, 3).map((video) => video.attributes.height)).toEqual([
      '240',
      '160',
      '80',
    ]);
    for (const representation of representations) {
      expect(representation.attributes.codecs).toMatch(/^(avc1\.64[0-9a-f]{4}|mp4a\.40\.2)$/);
      expect(Number(representation.attributes.bandwidth)).toBeGreaterThan(0);
    }

    // Every file the manifest names is in the stream, and every file of the stream is named.
    const listed = addresses(elements);
    expect(new Set(listed)).toEqual(
      new Set([...stream.files.keys()].filter((name) => name !== DASH_MANIFEST)),
    );
    expect(listed.filter((name) => name.startsWith('240p-'))).toEqual([
      '240p-init.mp4',
      '240p-001.m4s',
      '240p-002.m4s',
      '240p-003.m4s',
    ]);
    expect(listed).toContain('audio-003.m4s');
    for (const name of listed) {
      expect(dashMediaType(name)).toBe(name.startsWith('audio') ? 'audio/mp4' : 'video/mp4');
    }

    // Each rendition's segments last as long as the clip, and time the minutes-delivered metric.
    for (const rendition of stream.renditions) {
      const total = [...stream.videoSegmentMs]
        .filter(([name]) => name.startsWith(`${rendition.name}-`))
        .reduce((sum, [, ms]) => sum + ms, 0);
      expect(total).toBe(9000);
      // What a Media Source Extensions player appends: the initialization segment, then each
      // media segment in turn; together they hold every frame of the clip.
      const representation = Buffer.concat(
        listed
          .filter((name) => name.startsWith(`${rendition.name}-`))
          .map((name) => stream.files.get(name) ?? Buffer.alloc(0)),
      );
      const decoded = await ffprobe(representation, 'representation.mp4');
      expect(decoded.format.format_name).toContain('mp4');
      expect(streamOf(decoded, 'video')).toMatchObject({
        codec_name: 'h264',
        height: rendition.height,
        nb_read_frames: '225',
      });
    }

    // ffmpeg's own DASH reader follows the manifest to every Representation.
    const probed = await probeManifest(stream.files);
    expect(probed.format.format_name).toBe('dash');
    const videos = probed.streams.filter((found) => found.codec_type === 'video');
    expect(videos.map((found) => [found.codec_name, found.height])).toEqual([
      ['h264', 240],
      ['h264', 160],
      ['h264', 80],
    ]);
    expect(probed.streams.filter((found) => found.codec_type === 'audio')).toMatchObject([
      { codec_name: 'aac' },
    ]);
  });

  it('adds a WebVTT Adaptation Set per subtitle track, with addresses rewritten as XML', async () => {
    const stream = await videoDash(
      {
        input: clip,
        params: params(
          'video-generate-subtitles=true&video-subtitle-translations=fr&video-renditions=120:300k&video-clip-start=1',
        ),
      },
      provider,
    );
    expect(stream.subtitlesGenerated).toBe(true);
    const manifest = stream.files.get(DASH_MANIFEST)?.toString('utf8') ?? '';
    const elements = xmlElements(manifest);
    const texts = named(elements, 'AdaptationSet').filter(
      (set) => set.attributes.contentType === 'text',
    );
    expect(texts.map((set) => set.attributes)).toEqual([
      expect.objectContaining({ mimeType: 'text/vtt' }),
      expect.objectContaining({ mimeType: 'text/vtt', lang: 'fr' }),
    ]);
    expect(named(elements, 'Label').map((label) => label.text)).toEqual(['English', 'French']);
    expect(named(elements, 'Role').map((role) => role.attributes.value)).toEqual([
      'subtitle',
      'subtitle',
    ]);
    expect(named(elements, 'BaseURL').map((base) => base.text)).toEqual([
      'subtitles.vtt',
      'subtitles-fr.vtt',
    ]);
    // Cues timed on the clip window: the second spoken second starts the stream.
    const french = parseWebVtt(stream.files.get('subtitles-fr.vtt')?.toString('utf8') ?? '', 'fr');
    expect(french.map((cue) => [cue.startMs, cue.text])).toEqual([
      [0, '[fr] Second 2'],
      [1000, '[fr] Second 3'],
    ]);

    const probed = await probeManifest(stream.files);
    expect(probed.streams.map((found) => found.codec_type)).toEqual([
      'video',
      'audio',
      'subtitle',
      'subtitle',
    ]);

    // Delivery names each file by an address of its own, whose `&` the XML escapes.
    const rewritten = rewriteManifestUris(manifest, (name) => `clip.mp4?fm=dash&dash-part=${name}`);
    expect(rewritten).toContain(
      '<BaseURL>clip.mp4?fm=dash&amp;dash-part=subtitles-fr.vtt</BaseURL>',
    );
    const rewrittenAddresses = addresses(xmlElements(rewritten));
    expect(rewrittenAddresses).toEqual(
      addresses(elements).map((name) => `clip.mp4?fm=dash&dash-part=${name}`),
    );
  });
});
