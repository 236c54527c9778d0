import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { quadrants } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';

const run = promisify(execFile);

interface Probe {
  streams: {
    codec_name: string;
    width: number;
    height: number;
    pix_fmt: string;
    nb_frames: string;
  }[];
  format: { duration: string; format_name: string };
}

/** What ffprobe reads of an MP4 (ffmpeg's own prober: the clip must be a real, playable file). */
async function probe(video: Buffer): Promise<Probe> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-probe-'));
  try {
    const file = path.join(directory, 'clip.mp4');
    await writeFile(file, video);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-count_frames',
      '-show_entries',
      'stream=codec_name,width,height,pix_fmt,nb_frames:format=duration,format_name',
      '-of',
      'json',
      file,
    ]);
    return JSON.parse(stdout) as Probe;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

describe('image to video (fm=mp4 of a still)', { timeout: 60_000 }, () => {
  it('makes an H.264 MP4 of the rendered still, as long as asked', async () => {
    const result = await renderQuery(
      await quadrants(121, 80),
      'fm=mp4&w=101&video-clip-duration=2',
      { imageToVideo: true },
    );
    expect(result.contentType).toBe('video/mp4');
    expect(result.format).toBe('mp4');
    expect(result.premium).toBe(true);
    const { streams, format } = await probe(result.body);
    expect(format.format_name).toContain('mp4');
    expect(Number(format.duration)).toBeCloseTo(2, 1);
    // 101 x 67 made even for yuv420p.
    expect(streams[0]).toMatchObject({
      codec_name: 'h264',
      width: 100,
      height: 66,
      pix_fmt: 'yuv420p',
    });
    expect(Number(streams[0]?.nb_frames)).toBe(50);
  });

  it('zooms towards the focal point: the last frame is centred in its quadrant', async () => {
    const result = await renderQuery(
      await quadrants(64, 48),
      'fm=mp4&video-clip-duration=1&fit=crop&crop=focalpoint&fp-x=0&fp-y=0',
      { imageToVideo: true },
    );
    const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-frames-'));
    try {
      const file = path.join(directory, 'clip.mp4');
      await writeFile(file, result.body);
      // The last frame, as raw RGB: zoomed by a quarter into the top-left corner, its centre
      // (the origin's 25.6, 19.2) lies in the red quadrant; the first frame's is the meeting point.
      const { stdout } = await run(
        'ffmpeg',
        [
          '-v',
          'error',
          '-sseof',
          '-0.1',
          '-i',
          file,
          '-frames:v',
          '1',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgb24',
          '-',
        ],
        { encoding: 'buffer', maxBuffer: 1 << 20 },
      );
      const centre = (24 * 64 + 32) * 3;
      expect(stdout[centre]).toBeGreaterThan(180);
      expect(stdout[centre + 1]).toBeLessThan(90);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('is refused without the image_to_video capability', async () => {
    const refused = renderQuery(await quadrants(), 'fm=mp4');
    await expect(refused).rejects.toBeInstanceOf(RenderError);
    await expect(refused).rejects.toMatchObject({ status: 403 });
  });
});
