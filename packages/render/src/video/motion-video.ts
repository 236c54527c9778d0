// Image to video (editor spec section 1) without a generative model: a still becomes an MP4 with
// a slow pan-and-zoom ("Ken Burns") towards a focal point, made by ffmpeg's zoompan filter. It is
// motion, not generated content, and says so nowhere less plainly than its name.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Size } from '@darkroom/core';
import { runFfmpeg } from './ffmpeg.ts';

export interface MotionOptions {
  /** Clip length in seconds. */
  seconds: number;
  /** Where the zoom heads, 0-1 across and down the frame. */
  focus: { x: number; y: number };
  /** How far it zooms by the last frame (1 = not at all). */
  zoom: number;
  fps: number;
}

export const MOTION_DEFAULTS: MotionOptions = {
  seconds: 5,
  focus: { x: 0.5, y: 0.5 },
  zoom: 1.25,
  fps: 25,
};

/** The zoompan filter renders from a larger copy, so sub-pixel motion does not judder. */
const SUPERSAMPLE = 4;

/**
 * An H.264 MP4 (yuv420p, faststart: it plays while it loads) of `png` (`width` x `height`, both
 * even) zooming towards `focus`. ffmpeg writes to a temporary file because MP4's index goes
 * at the front only once the whole clip is known.
 */
export async function motionVideo(
  png: Buffer,
  size: Size,
  options: MotionOptions,
  signal?: AbortSignal,
): Promise<Buffer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-motion-'));
  try {
    const input = path.join(directory, 'still.png');
    const output = path.join(directory, 'motion.mp4');
    await writeFile(input, png);
    await runFfmpeg(
      [
        '-i',
        input,
        '-filter_complex',
        zoomPanFilter(size, options),
        '-frames:v',
        String(Math.round(options.seconds * options.fps)),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        '-an',
        '-y',
        output,
      ],
      signal,
    );
    return await readFile(output);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function zoomPanFilter(size: Size, options: MotionOptions): string {
  const frames = Math.round(options.seconds * options.fps);
  const step = (options.zoom - 1) / Math.max(1, frames - 1);
  const { x, y } = options.focus;
  // zoompan: z grows linearly to `zoom`; the window's centre moves from the frame's centre
  // towards the focus as it zooms, and is kept inside the picture.
  const progress = `min(on/${Math.max(1, frames - 1)},1)`;
  const centreX = `iw*(0.5+(${x}-0.5)*${progress})`;
  const centreY = `ih*(0.5+(${y}-0.5)*${progress})`;
  return [
    `[0:v]scale=${size.width * SUPERSAMPLE}:${size.height * SUPERSAMPLE}:flags=lanczos`,
    `zoompan=z='1+${step}*on':d=${frames}:fps=${options.fps}` +
      `:x='max(0,min(iw-iw/zoom,${centreX}-iw/zoom/2))'` +
      `:y='max(0,min(ih-ih/zoom,${centreY}-ih/zoom/2))'` +
      `:s=${size.width}x${size.height}`,
    'setsar=1',
  ].join(',');
}
