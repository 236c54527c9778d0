import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseParams, type Params } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { FRAME_COLOURS, numberedAnimation } from '../testing/animated-images.ts';
import { animationFilters } from './animation-filters.ts';
import { transcodeVideo } from './render-video.ts';
import { ffprobe, streamOf } from './testing-clips.ts';

const run = promisify(execFile);

function params(query: string): Params {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.params;
}

/** The first frame of a clip as one RGB pixel from its middle. */
async function firstPixel(clip: Buffer): Promise<{ r: number; g: number; b: number }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-first-frame-'));
  try {
    const file = path.join(directory, 'clip.mp4');
    await writeFile(file, clip);
    const { stdout } = await run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        'scale=1:1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-',
      ],
      { encoding: 'buffer' },
    );
    return { r: stdout[0] ?? 0, g: stdout[1] ?? 0, b: stdout[2] ?? 0 };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function near(
  actual: { r: number; g: number; b: number },
  expected: { r: number; g: number; b: number },
) {
  expect(Math.abs(actual.r - expected.r)).toBeLessThan(30);
  expect(Math.abs(actual.g - expected.g)).toBeLessThan(30);
  expect(Math.abs(actual.b - expected.b)).toBeLessThan(30);
}

describe('animation parameters on an animation made into a clip', { timeout: 60_000 }, () => {
  it('adds no filter without animation parameters, and refuses a frame past the end', () => {
    expect(animationFilters(params('fm=mp4'), 6)).toEqual([]);
    expect(() => animationFilters(params('frame=7'), 6)).toThrow(/6 frames/);
  });

  it('keeps the frames `frame` selects, in reverse with reverse=true', async () => {
    const gif = await numberedAnimation(6, 32, 32, 'gif', Array(6).fill(100) as number[]);
    const selected = await transcodeVideo(
      { input: gif, params: params('fm=mp4&frame=2-4') },
      'mp4',
    );
    expect(Number(streamOf(await ffprobe(selected.body), 'video').nb_read_frames)).toBe(3);
    near(await firstPixel(selected.body), FRAME_COLOURS[1]);

    const reversed = await transcodeVideo(
      { input: gif, params: params('fm=mp4&frame=2-4&reverse=true') },
      'mp4',
    );
    near(await firstPixel(reversed.body), FRAME_COLOURS[3]);
  });

  it('keeps every other frame with skip=2', async () => {
    const webp = await numberedAnimation(6, 32, 32, 'webp', Array(6).fill(100) as number[]);
    const skipped = await transcodeVideo({ input: webp, params: params('fm=mp4&skip=2') }, 'mp4');
    expect(Number(streamOf(await ffprobe(skipped.body), 'video').nb_read_frames)).toBe(3);
  });
});
