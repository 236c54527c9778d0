import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseParams, type Params, type Rect } from '@darkroom/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { transcodeVideo, videoHls, videoPoster } from './render-video.ts';
import { ffprobe, streamOf, testClip } from './testing-clips.ts';
import { waveformPlan } from './waveform-plan.ts';

const run = promisify(execFile);

function params(query: string): Params {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.params;
}

type Audio = 'mono' | 'stereo' | 'halves' | 'none';

/**
 * Two channels taking turns, so a channel's wave shows by when it is drawn: the left a loud
 * 440 Hz tone for the first half second and silent after, the right silent then the tone.
 */
const TAKING_TURNS =
  "aevalsrc='if(lt(t,0.5),0.5*sin(2*PI*440*t),0)|if(gte(t,0.5),0.5*sin(2*PI*440*t),0)':s=44100:d=1";

/** The lavfi audio inputs of `audio`; a stereo pair is merged by the clip's mapping. */
function audioSources(audio: Audio): string[] {
  switch (audio) {
    case 'none':
      return [];
    case 'mono':
      return ['sine=frequency=440:duration=1'];
    case 'stereo':
      return ['sine=frequency=440:duration=1', 'sine=frequency=220:duration=1,volume=0.5'];
    case 'halves':
      return [TAKING_TURNS];
  }
}

/**
 * A black 160x120 second: a 440 Hz tone (ffmpeg's sine, amplitude 1/8), two tones, two channels
 * taking turns (TAKING_TURNS), or none.
 */
async function blackClip(audio: Audio): Promise<Buffer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-wave-test-'));
  try {
    const file = path.join(directory, 'clip.mp4');
    const sources = audioSources(audio).flatMap((source) => ['-f', 'lavfi', '-i', source]);
    const mapping =
      audio === 'stereo'
        ? ['-filter_complex', '[1:a][2:a]amerge=inputs=2[a]', '-map', '0:v', '-map', '[a]']
        : [];
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=160x120:d=1',
      ...sources,
      ...mapping,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      ...(audio === 'none' ? ['-an'] : ['-c:a', 'aac']),
      '-shortest',
      '-y',
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

interface Picture {
  width: number;
  height: number;
  format: string | undefined;
  /** [r, g, b] at (x, y). */
  at: (x: number, y: number) => [number, number, number];
}

async function picture(bytes: Buffer): Promise<Picture> {
  const { format } = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    format,
    at: (x, y) => {
      const offset = (y * info.width + x) * 3;
      return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1];
    },
  };
}

/** The rows of column `x` whose green channel is lit (the wave drawn 00ff00 or white). */
function litRows(image: Picture, x: number): number[] {
  const rows: number[] = [];
  for (let y = 0; y < image.height; y += 1) if (image.at(x, y)[1] > 128) rows.push(y);
  return rows;
}

/** Runs of consecutive rows: [first, last] each. */
function runsOf(rows: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[1] === row - 1) last[1] = row;
    else runs.push([row, row]);
  }
  return runs;
}

const near = (actual: [number, number, number], expected: [number, number, number]) =>
  actual.every((channel, index) => Math.abs(channel - (expected[index] ?? 0)) <= 24);

let mono: Buffer;
let stereo: Buffer;
let halves: Buffer;
let silent: Buffer;

beforeAll(async () => {
  [mono, stereo, halves, silent] = await Promise.all([
    blackClip('mono'),
    blackClip('stereo'),
    blackClip('halves'),
    blackClip('none'),
  ]);
});

// imgix's own example, "FF6B9D|00E5FF for pink left and cyan right channels"
// (docs.imgix.com/apis/video/audio-waveforms/video-wave-split).
const CHANNEL_COLORS = 'FF6B9D|00E5FF';
const isPink = ([r, g, b]: [number, number, number]) => r > 190 && g < 170 && b > 90 && b < 220;
const isCyan = ([r, g, b]: [number, number, number]) => r < 90 && g > 160 && b > 180;

// A 60-row box on 160x120 frames: rows 55-114, split into the left channel's band (55-84) and
// the right's (85-114); columns 0-59 are the first half second, 100-159 the last.
const WHOLE_BOX: Rect = { left: 0, top: 55, width: 160, height: 60 };
const LEFT_BAND_EARLY: Rect = { left: 0, top: 55, width: 60, height: 30 };
const LEFT_BAND_LATE: Rect = { left: 100, top: 55, width: 60, height: 30 };
const RIGHT_BAND_EARLY: Rect = { left: 0, top: 85, width: 60, height: 30 };
const RIGHT_BAND_LATE: Rect = { left: 100, top: 85, width: 60, height: 30 };

/** The share of `box`'s pixels `matches` picks. */
function share(
  image: Picture,
  box: Rect,
  matches: (pixel: [number, number, number]) => boolean,
): number {
  let count = 0;
  for (let y = box.top; y < box.top + box.height; y += 1) {
    for (let x = box.left; x < box.left + box.width; x += 1)
      if (matches(image.at(x, y))) count += 1;
  }
  return count / (box.width * box.height);
}

async function still(input: Buffer, query: string): Promise<Picture> {
  return picture(await videoPoster({ input, params: params(query) }));
}

describe('waveformPlan', () => {
  it('places the documented default box: full width, a fifth high, bottom centre, pad 5', () => {
    const plan = waveformPlan(params('video-wave=true'), { width: 160, height: 120 });
    expect(plan).toMatchObject({
      box: { left: 0, top: 91, width: 160, height: 24 },
      mode: 'cline',
      scale: 'sqrt',
      split: false,
      downmix: true,
      amplitude: 1,
      thickness: 0,
      colors: [{ r: 255, g: 255, b: 255, alpha: 1 }],
      background: { alpha: 0 },
    });
    expect(waveformPlan(params('video-wave=false'), { width: 160, height: 120 })).toBeNull();
  });

  it('reads video-wave-w and -h as fractions up to 1 and pixels above, inside the canvas', () => {
    const plan = (query: string) => waveformPlan(params(query), { width: 160, height: 120 })?.box;
    expect(plan('video-wave=true&video-wave-w=0.5&video-wave-h=40')).toMatchObject({
      width: 80,
      height: 40,
      left: 40,
      top: 75,
    });
    expect(plan('video-wave=true&video-wave-w=999&video-wave-h=999')).toMatchObject({
      width: 160,
      height: 120,
      left: 0,
      top: 0,
    });
  });

  it('aligns with video-wave-align and video-wave-pad; video-wave-x and -y override both', () => {
    const plan = (query: string) => waveformPlan(params(query), { width: 160, height: 120 })?.box;
    expect(
      plan('video-wave=true&video-wave-w=40&video-wave-align=top,right&video-wave-pad=8'),
    ).toMatchObject({ left: 112, top: 8 });
    expect(
      plan('video-wave=true&video-wave-w=40&video-wave-align=middle,left&video-wave-pad=0'),
    ).toMatchObject({ left: 0, top: 48 });
    expect(
      plan('video-wave=true&video-wave-w=40&video-wave-x=10&video-wave-y=20&video-wave-pad=50'),
    ).toMatchObject({ left: 10, top: 20 });
  });

  it('reads the wave colours as imgix documents them: RRGGBB or RRGGBBAA, alpha last', () => {
    const plan = (query: string) => waveformPlan(params(query), { width: 160, height: 120 });
    expect(plan('video-wave=true&video-wave-color=ff8000')?.colors).toEqual([
      { r: 255, g: 128, b: 0, alpha: 1 },
    ]);
    expect(plan('video-wave=true&video-wave-bg-color=%230000ff80')?.background).toEqual({
      r: 0,
      g: 0,
      b: 255,
      alpha: 128 / 255,
    });
    expect(plan('video-wave=true&video-wave-color=f00')?.colors).toEqual([
      { r: 255, g: 0, b: 0, alpha: 1 },
    ]);
  });

  it('reads pipe-separated colours one per channel; several keep the channels apart', () => {
    const plan = (query: string) => waveformPlan(params(query), { width: 160, height: 120 });
    const split = plan('video-wave=true&video-wave-split=true&video-wave-color=FF6B9D|00E5FF80');
    expect(split?.colors).toEqual([
      { r: 0xff, g: 0x6b, b: 0x9d, alpha: 1 },
      { r: 0x00, g: 0xe5, b: 0xff, alpha: 0x80 / 255 },
    ]);
    expect(split).toMatchObject({ split: true, downmix: false });
    // "If multiple colors are provided without splitting, channels are drawn overlapping".
    expect(plan('video-wave=true&video-wave-color=FF6B9D|00E5FF')).toMatchObject({
      split: false,
      downmix: false,
    });
    expect(plan('video-wave=true&video-wave-color=FF6B9D')).toMatchObject({ downmix: true });
  });
});

describe('video-wave on a poster frame, drawn by ffmpeg', { timeout: 60_000 }, () => {
  it('video-wave=true draws the white default wave along the box centre, frame elsewhere', async () => {
    const image = await still(mono, 'video-wave=true&fm=png');
    expect(image.format).toBe('png');
    expect([image.width, image.height]).toEqual([160, 120]);
    // The box is rows 91-114; the sine is centred on row 103.
    expect(near(image.at(80, 103), [255, 255, 255])).toBe(true);
    expect(near(image.at(80, 40), [0, 0, 0])).toBe(true);
    // A transparent box: the frame shows above and below the wave.
    expect(near(image.at(0, 92), [0, 0, 0])).toBe(true);
  });

  it('video-wave-w and -h size the box, video-wave-bg-color fills it', async () => {
    const image = await still(
      mono,
      'video-wave=true&video-wave-w=100&video-wave-h=40&video-wave-bg-color=ff0000',
    );
    // 100x40 at bottom centre, 5 pixels up: columns 30-129, rows 75-114.
    expect(near(image.at(30, 75), [255, 0, 0])).toBe(true);
    expect(near(image.at(129, 114), [255, 0, 0])).toBe(true);
    expect(near(image.at(29, 75), [0, 0, 0])).toBe(true);
    expect(near(image.at(30, 74), [0, 0, 0])).toBe(true);
    expect(near(image.at(130, 114), [0, 0, 0])).toBe(true);
    expect(near(image.at(30, 115), [0, 0, 0])).toBe(true);
  });

  it('video-wave-color colours the wave; an RRGGBBAA video-wave-bg-color is translucent', async () => {
    const image = await still(
      mono,
      'video-wave=true&video-wave-color=00ff00&video-wave-bg-color=0000ff80',
    );
    expect(near(image.at(80, 103), [0, 255, 0])).toBe(true);
    // Half-transparent blue over the black frame.
    expect(near(image.at(2, 92), [0, 0, 128])).toBe(true);
    expect(near(image.at(80, 40), [0, 0, 0])).toBe(true);
  });

  it('video-wave-x and -y place the box exactly', async () => {
    const image = await still(
      mono,
      'video-wave=true&video-wave-w=20&video-wave-h=20&video-wave-x=10&video-wave-y=10&video-wave-bg-color=ff0000',
    );
    expect(near(image.at(10, 10), [255, 0, 0])).toBe(true);
    expect(near(image.at(29, 29), [255, 0, 0])).toBe(true);
    expect(near(image.at(9, 10), [0, 0, 0])).toBe(true);
    expect(near(image.at(30, 30), [0, 0, 0])).toBe(true);
  });

  it('video-wave-mode: cline is centred, line grows from the bottom, point and p2p differ', async () => {
    const query = 'video-wave=true&video-wave-color=00ff00&video-wave-h=40&video-wave-mode=';
    const cline = await still(mono, `${query}cline`);
    const line = await still(mono, `${query}line`);
    // The box is rows 75-114 (middle 95).
    const clineRuns = runsOf(litRows(cline, 80));
    expect(clineRuns).toHaveLength(1);
    const [top, bottom] = clineRuns[0] ?? [0, 0];
    expect(Math.abs((top + bottom) / 2 - 95)).toBeLessThanOrEqual(1);
    const lineRows = litRows(line, 80);
    expect(lineRows).toContain(114);
    expect(lineRows).not.toContain(75);
    const point = await videoPoster({ input: mono, params: params(`${query}point`) });
    const p2p = await videoPoster({ input: mono, params: params(`${query}p2p`) });
    const clineBytes = await videoPoster({ input: mono, params: params(`${query}cline`) });
    expect(point.equals(p2p)).toBe(false);
    expect(point.equals(clineBytes)).toBe(false);
  });

  it('video-wave-scale and video-wave-amplitude change the drawn height', async () => {
    const height = async (query: string) =>
      litRows(
        await still(mono, `video-wave=true&video-wave-color=00ff00&video-wave-h=60&${query}`),
        80,
      ).length;
    const sqrt = await height('video-wave-scale=sqrt');
    const lin = await height('video-wave-scale=lin');
    const loud = await height('video-wave-scale=lin&video-wave-amplitude=4');
    // A 1/8 sine: sqrt draws it at about 0.35 of the box, lin at 0.125, four times lin at 0.5.
    expect(sqrt).toBeGreaterThan(lin);
    expect(loud).toBeGreaterThan(lin * 2);
  });

  it('video-wave-thickness thickens the lines', async () => {
    const lit = async (query: string) => {
      const image = await still(
        mono,
        `video-wave=true&video-wave-color=00ff00&video-wave-mode=point&video-wave-h=40&${query}`,
      );
      let count = 0;
      for (let x = 0; x < image.width; x += 1) count += litRows(image, x).length;
      return count;
    };
    expect(await lit('video-wave-thickness=3')).toBeGreaterThan(
      await lit('video-wave-thickness=0'),
    );
  });

  it('video-wave-split=true draws each channel of a stereo track in its own band', async () => {
    const query = 'video-wave=true&video-wave-color=00ff00&video-wave-h=60';
    const mixed = runsOf(litRows(await still(stereo, query), 80));
    const split = runsOf(litRows(await still(stereo, `${query}&video-wave-split=true`), 80));
    expect(mixed).toHaveLength(1);
    expect(split).toHaveLength(2);
  });

  it('video-wave-split=true with pipe-separated colours draws each channel in its own colour', async () => {
    const image = await still(
      halves,
      `video-wave=true&fm=png&video-wave-h=60&video-wave-split=true&video-wave-color=${CHANNEL_COLORS}`,
    );
    // The left channel (loud first) in the top band, pink; the right (loud last) below, cyan.
    expect(share(image, LEFT_BAND_EARLY, isPink)).toBeGreaterThan(0.3);
    expect(share(image, RIGHT_BAND_LATE, isCyan)).toBeGreaterThan(0.3);
    for (const band of [LEFT_BAND_EARLY, LEFT_BAND_LATE])
      expect(share(image, band, isCyan)).toBe(0);
    for (const band of [RIGHT_BAND_EARLY, RIGHT_BAND_LATE])
      expect(share(image, band, isPink)).toBe(0);
    // A silent channel is drawn as nothing.
    expect(share(image, LEFT_BAND_LATE, isPink)).toBeLessThan(0.01);
    expect(share(image, RIGHT_BAND_EARLY, isCyan)).toBeLessThan(0.01);
  });

  it('one video-wave-color colours every split channel, as before', async () => {
    const image = await still(
      halves,
      'video-wave=true&fm=png&video-wave-h=60&video-wave-split=true&video-wave-color=00E5FF',
    );
    expect(share(image, LEFT_BAND_EARLY, isCyan)).toBeGreaterThan(0.3);
    expect(share(image, RIGHT_BAND_LATE, isCyan)).toBeGreaterThan(0.3);
    expect(share(image, WHOLE_BOX, isPink)).toBe(0);
  });

  it('pipe-separated colours without video-wave-split draw the channels overlapping, each in its colour', async () => {
    const query = `video-wave=true&fm=png&video-wave-h=60&video-wave-color=${CHANNEL_COLORS}`;
    const early = { ...WHOLE_BOX, width: 60 };
    const late = { ...WHOLE_BOX, left: 100, width: 60 };
    for (const mode of ['cline', 'line']) {
      const image = await still(halves, `${query}&video-wave-mode=${mode}`);
      // Both channels in the whole box, not one band each: the left's wave while it plays, pink,
      // then the right's, cyan.
      expect(share(image, early, isPink), mode).toBeGreaterThan(0.2);
      expect(share(image, early, isCyan), mode).toBeLessThan(0.01);
      expect(share(image, late, isCyan), mode).toBeGreaterThan(0.2);
      expect(share(image, late, isPink), mode).toBeLessThan(0.01);
      // Each spans the box's middle row, where a split would part the two bands.
      expect(isPink(image.at(30, 85)), mode).toBe(true);
      expect(isCyan(image.at(130, 85)), mode).toBe(true);
    }
    // One colour downmixes to mono: the same clip drawn in that colour throughout.
    const downmixed = await still(
      halves,
      'video-wave=true&fm=png&video-wave-h=60&video-wave-color=FF6B9D',
    );
    expect(share(downmixed, early, isPink)).toBeGreaterThan(0.2);
    expect(share(downmixed, late, isPink)).toBeGreaterThan(0.2);
  });

  it('leaves a video without an audio track as its poster frame, as imgix ignores it', async () => {
    const plain = await videoPoster({ input: silent, params: params('fm=png') });
    const waved = await videoPoster({ input: silent, params: params('video-wave=true&fm=png') });
    expect(waved.equals(plain)).toBe(true);
  });
});

/** The frame of `video` (written as `name`, for its container) shown `seconds` in. */
async function frameAt(video: Buffer, name: string, seconds: number): Promise<Picture> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-wave-frame-'));
  try {
    const file = path.join(directory, name);
    await writeFile(file, video);
    // Seeking on the output side: every frame is decoded and those before `seconds` dropped,
    // whatever the container can seek to (GIF cannot; an HLS segment starts past 0).
    const { stdout } = await run(
      'ffmpeg',
      [
        ...['-v', 'error', '-i', file, '-ss', String(seconds)],
        ...['-frames:v', '1', '-f', 'image2', '-c:v', 'png', '-'],
      ],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    return await picture(stdout);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The share of `box` drawn red (the wave drawn ff0000); none of the grey clip is. */
function redShare(image: Picture, box: Rect): number {
  let red = 0;
  for (let y = box.top; y < box.top + box.height; y += 1) {
    for (let x = box.left; x < box.left + box.width; x += 1) {
      const [r, g, b] = image.at(x, y);
      if (r > 150 && g < 100 && b < 100) red += 1;
    }
  }
  return red / (box.width * box.height);
}

/** The mean difference of two pictures' channels over rows `from` to `to`, exclusive. */
function meanDifference(a: Picture, b: Picture, [from, to]: [number, number]): number {
  let sum = 0;
  for (let y = from; y < to; y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      const left = a.at(x, y);
      const right = b.at(x, y);
      sum += left.reduce(
        (total, channel, index) => total + Math.abs(channel - (right[index] ?? 0)),
        0,
      );
    }
  }
  return sum / ((to - from) * a.width * 3);
}

describe(
  'video-wave on video outputs, animated in sync with the audio',
  { timeout: 120_000 },
  () => {
    const query =
      'video-wave=true&video-wave-color=ff0000&video-wave-h=0.3&video-wave-align=bottom';
    // On 320x240 frames: the full width, 72 rows high, 5 rows above the bottom edge.
    const box = { left: 0, top: 163, width: 320, height: 72 };
    // A grey picture, silent for its first second and a loud tone for its second.
    let lateTone: Buffer;

    beforeAll(async () => {
      lateTone = await testClip({ width: 320, height: 240, seconds: 2, loudFromS: 1, grey: true });
    });

    it('places the box the query asks for', () => {
      expect(waveformPlan(params(query), { width: 320, height: 240 })?.box).toEqual(box);
    });

    it('fm=mp4: nothing drawn while silent, the tone drawn while it plays, the rest of the frame as without it', async () => {
      const plain = await transcodeVideo({ input: lateTone, params: params('fm=mp4') }, 'mp4');
      const waved = await transcodeVideo(
        { input: lateTone, params: params(`fm=mp4&${query}`) },
        'mp4',
      );
      const silent = await frameAt(waved.body, 'waved.mp4', 0.5);
      const loud = await frameAt(waved.body, 'waved.mp4', 1.5);
      expect(redShare(silent, box)).toBeLessThan(0.005);
      expect(redShare(loud, box)).toBeGreaterThan(0.2);
      for (const [seconds, waveFrame] of [
        [0.5, silent],
        [1.5, loud],
      ] as const) {
        const without = await frameAt(plain.body, 'plain.mp4', seconds);
        expect(redShare(without, box)).toBe(0);
        // Above the box, less the 16 rows of macroblocks the encoder codes with it: the frame made
        // without the waveform, to the encoder's rounding (a moving picture, so also the same time).
        expect(meanDifference(waveFrame, without, [0, box.top - 16])).toBeLessThan(1);
      }
      // The audio is kept, and the frames are as many as without the waveform.
      const [probedWaved, probedPlain] = await Promise.all([
        ffprobe(waved.body),
        ffprobe(plain.body),
      ]);
      expect(streamOf(probedWaved, 'audio').codec_name).toBe('aac');
      expect(streamOf(probedWaved, 'video').nb_read_frames).toBe(
        streamOf(probedPlain, 'video').nb_read_frames,
      );
    });

    it('animates it on a GIF made of the video and on an HLS rendition', async () => {
      const gif = await transcodeVideo(
        { input: lateTone, params: params(`fm=gif&${query}`) },
        'gif',
      );
      const stream = await videoHls({
        input: lateTone,
        params: params(`video-renditions=240:400k&${query}`),
      });
      const segment = stream.files.get('240p-000.ts');
      expect(segment).toBeDefined();
      for (const [name, body] of [
        ['wave.gif', gif.body],
        ['wave.ts', segment ?? Buffer.alloc(0)],
      ] as const) {
        expect(redShare(await frameAt(body, name, 0.5), box)).toBeLessThan(0.005);
        expect(redShare(await frameAt(body, name, 1.5), box)).toBeGreaterThan(0.2);
      }
    });

    it("draws the still's background, place, mode and thickness on every frame", async () => {
      const result = await transcodeVideo(
        {
          input: lateTone,
          params: params(
            'fm=mp4&video-wave=true&video-wave-color=ff0000&video-wave-bg-color=0000ff&video-wave-mode=line&video-wave-thickness=2&video-wave-w=100&video-wave-h=40&video-wave-x=20&video-wave-y=30',
          ),
        },
        'mp4',
      );
      const placed = { left: 20, top: 30, width: 100, height: 40 };
      const silent = await frameAt(result.body, 'placed.mp4', 0.5);
      const loud = await frameAt(result.body, 'placed.mp4', 1.5);
      // Silent, the box is its background colour alone; outside it, no blue.
      expect(near(silent.at(24, 34), [0, 0, 255])).toBe(true);
      expect(near(silent.at(115, 65), [0, 0, 255])).toBe(true);
      expect(near(silent.at(125, 50), [0, 0, 255])).toBe(false);
      expect(near(silent.at(60, 75), [0, 0, 255])).toBe(false);
      expect(redShare(silent, placed)).toBeLessThan(0.005);
      // With the tone, line bars stand on the box's bottom.
      expect(redShare(loud, placed)).toBeGreaterThan(0.2);
      expect(near(loud.at(60, 67), [255, 0, 0])).toBe(true);
    });

    it('colours each split channel its own on every frame of an MP4', async () => {
      const result = await transcodeVideo(
        {
          input: halves,
          params: params(
            `fm=mp4&video-wave=true&video-wave-h=60&video-wave-split=true&video-wave-color=${CHANNEL_COLORS}`,
          ),
        },
        'mp4',
      );
      const leftBand = { ...WHOLE_BOX, height: 30 };
      const rightBand = { ...WHOLE_BOX, top: 85, height: 30 };
      // While the left channel plays, its band is pink and the right's empty; then the reverse.
      const early = await frameAt(result.body, 'channels.mp4', 0.25);
      const late = await frameAt(result.body, 'channels.mp4', 0.75);
      expect(share(early, leftBand, isPink)).toBeGreaterThan(0.1);
      expect(share(early, rightBand, isCyan)).toBeLessThan(0.005);
      expect(share(late, rightBand, isCyan)).toBeGreaterThan(0.1);
      expect(share(late, leftBand, isPink)).toBeLessThan(0.005);
      for (const frame of [early, late]) {
        expect(share(frame, leftBand, isCyan)).toBeLessThan(0.005);
        expect(share(frame, rightBand, isPink)).toBeLessThan(0.005);
      }
    });

    it('ends with the video when the clip window starts past the end of the audio', async () => {
      const shortTone = await testClip({ width: 160, height: 120, seconds: 2, audioSeconds: 0.5 });
      const window = 'fm=mp4&video-clip-start=1';
      // A bound on the render, should ffmpeg spin: the test fails rather than hangs.
      const signal = AbortSignal.timeout(60_000);
      const plain = await transcodeVideo(
        { input: shortTone, params: params(window), signal },
        'mp4',
      );
      const waved = await transcodeVideo(
        { input: shortTone, params: params(`${window}&${query}`), signal },
        'mp4',
      );
      const [probedWaved, probedPlain] = await Promise.all([
        ffprobe(waved.body),
        ffprobe(plain.body),
      ]);
      expect(Number(streamOf(probedWaved, 'video').nb_read_frames)).toBeGreaterThan(20);
      expect(streamOf(probedWaved, 'video').nb_read_frames).toBe(
        streamOf(probedPlain, 'video').nb_read_frames,
      );
    });

    it('leaves a video without an audio track as it renders without video-wave, as imgix ignores it', async () => {
      const mute = await testClip({ width: 160, height: 120, seconds: 1, audio: false });
      const plain = await transcodeVideo({ input: mute, params: params('fm=mp4') }, 'mp4');
      const waved = await transcodeVideo(
        { input: mute, params: params(`fm=mp4&${query}&video-wave-bg-color=0000ff`) },
        'mp4',
      );
      expect(waved.body.equals(plain.body)).toBe(true);
    });
  },
);
