import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseParams, type Params } from '@darkroom/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalAiModels } from '../ai/models/index.ts';
import type { AiModels } from '../ai/types.ts';
import { videoSpritesheet } from './render-video.ts';

const run = promisify(execFile);

const ASTRONAUT = fileURLToPath(new URL('../../test/ai/astronaut.png', import.meta.url));
const FRAME = { width: 640, height: 360 };
const TILE = { width: 90, height: 160 };
/** A 90x160 tile of a 640x360 frame shows a strip of its full height, 360 * 90 / 160 wide. */
const STRIP_WIDTH = 203;
/** Where the centred crop's strip starts: (640 - 203) / 2, rounded. */
const CENTRED = 219;
const BACKGROUND = { r: 90, g: 110, b: 100 };
const SMART = 'fm=spritesheet&video-spritesheet-w=90&video-spritesheet-h=160';

function params(query: string): Params {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.params;
}

/** A 120x360 red and yellow checkerboard: what libvips' attention strategy looks at first. */
async function checkerboard(): Promise<Buffer> {
  const cells: sharp.OverlayOptions[] = [];
  for (let y = 0; y < 360; y += 20) {
    for (let x = 0; x < 120; x += 20) {
      const red = (x + y) % 40 === 0;
      const background = red ? { r: 230, g: 0, b: 40 } : { r: 255, g: 230, b: 0 };
      cells.push({
        input: { create: { width: 20, height: 20, channels: 3, background } },
        left: x,
        top: y,
      });
    }
  }
  return sharp({ create: { width: 120, height: 360, channels: 3, background: BACKGROUND } })
    .composite(cells)
    .removeAlpha()
    .png()
    .toBuffer();
}

/** A 640x360 still of `overlays` on a plain background, as PNG. */
function still(overlays: sharp.OverlayOptions[]): Promise<Buffer> {
  return sharp({ create: { ...FRAME, channels: 3, background: BACKGROUND } })
    .composite(overlays)
    .removeAlpha()
    .png()
    .toBuffer();
}

/**
 * Three scenes: the astronaut at the left edge (her face centred about 70 pixels from it) with
 * the checkerboard at the right edge; the same mirrored; the checkerboard alone, off-centre.
 */
async function scenes(): Promise<{ left: Buffer; right: Buffer; noSubject: Buffer }> {
  const portrait = await sharp(ASTRONAUT)
    .resize(300, 300)
    .extract({ left: 60, top: 0, width: 240, height: 300 })
    .png()
    .toBuffer();
  const checker = await checkerboard();
  const left = await still([
    { input: portrait, left: 0, top: 60 },
    { input: checker, left: 520, top: 0 },
  ]);
  const right = await sharp(left).flop().png().toBuffer();
  const noSubject = await still([{ input: checker, left: 400, top: 0 }]);
  return { left, right, noSubject };
}

/** A lossless clip (H.264 RGB, qp 0) showing each still for two seconds, in order. */
async function stillsClip(stills: readonly Buffer[]): Promise<Buffer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-stills-'));
  try {
    const inputs: string[] = [];
    for (const [index, image] of stills.entries()) {
      const file = path.join(directory, `${index}.png`);
      await writeFile(file, image);
      inputs.push('-loop', '1', '-framerate', '25', '-t', '2', '-i', file);
    }
    const labels = stills.map((_, index) => `[${index}:v]`).join('');
    const file = path.join(directory, 'clip.mp4');
    await run('ffmpeg', [
      ...['-v', 'error', ...inputs],
      ...['-filter_complex', `${labels}concat=n=${stills.length}:v=1:a=0`],
      ...['-c:v', 'libx264rgb', '-preset', 'ultrafast', '-qp', '0', '-y', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Tile `index` of a sheet (left to right, top to bottom), as raw RGB. */
async function tileOf(sheet: Uint8Array, index: number, columns: number): Promise<Buffer> {
  return sharp(sheet)
    .extract({
      left: (index % columns) * TILE.width,
      top: Math.floor(index / columns) * TILE.height,
      ...TILE,
    })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** The full-height strip of `scene` starting `left` pixels in, at the tile's size, as raw RGB. */
function strip(scene: Buffer, left: number): Promise<Buffer> {
  return sharp(scene)
    .extract({ left, top: 0, width: STRIP_WIDTH, height: FRAME.height })
    .resize(TILE.width, TILE.height, { fit: 'fill' })
    .raw()
    .toBuffer();
}

/** libvips' attention crop of `scene` at the tile's size, computed here from the PNG. */
function attentionCrop(scene: Buffer): Promise<Buffer> {
  return sharp(scene)
    .resize(TILE.width, TILE.height, { fit: 'cover', position: 'attention' })
    .raw()
    .toBuffer();
}

/** Mean absolute difference per channel of two same-sized raw images, 0 to 255. */
function difference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let total = 0;
  for (let index = 0; index < a.length; index++)
    total += Math.abs((a[index] ?? 0) - (b[index] ?? 0));
  return total / a.length;
}

// Measured with these scenes: a tile differs from the region it shows by at most 9 (the sheet
// is a JPEG, whose chroma subsampling blurs the checkerboard's red and yellow edges most), and
// from every other crop of the same frame by more than 60.
const SAME = 15;
const OTHER = 40;

describe(
  'video-spritesheet-smart-crop on a clip whose subject is off-centre',
  { timeout: 180_000 },
  () => {
    const models = createLocalAiModels();
    let stills: Awaited<ReturnType<typeof scenes>>;
    let clip: Buffer;

    beforeAll(async () => {
      stills = await scenes();
      // Six seconds, one frame a second (interval auto): tiles 0-1 left, 2-3 right, 4-5 no subject.
      clip = await stillsClip([stills.left, stills.right, stills.noSubject]);
    });

    it('centres each tile on the face the detector finds, where the centred crop has none', async () => {
      const sheet = await videoSpritesheet({
        input: clip,
        params: params(`${SMART}&video-spritesheet-smart-crop=true&q=95`),
        ai: models,
      });
      expect(sheet).toMatchObject({ contentType: 'image/jpeg', width: 270, height: 320 });

      // The face is within half a strip of the edge: the strip is moved against the edge.
      const faceLeft = await tileOf(sheet.body, 0, 3);
      expect(difference(faceLeft, await strip(stills.left, 0))).toBeLessThan(SAME);
      expect(difference(faceLeft, await strip(stills.left, CENTRED))).toBeGreaterThan(OTHER);
      // The detector, not libvips' attention (which takes the checkerboard), chose it.
      expect(difference(faceLeft, await attentionCrop(stills.left))).toBeGreaterThan(OTHER);

      const faceRight = await tileOf(sheet.body, 3, 3);
      const rightEdge = FRAME.width - STRIP_WIDTH;
      expect(difference(faceRight, await strip(stills.right, rightEdge))).toBeLessThan(SAME);
      expect(difference(faceRight, await strip(stills.right, CENTRED))).toBeGreaterThan(OTHER);

      // Nothing found in a frame: that frame takes libvips' attention crop, not the centre.
      const noSubject = await tileOf(sheet.body, 5, 3);
      expect(difference(noSubject, await attentionCrop(stills.noSubject))).toBeLessThan(SAME);
      expect(difference(noSubject, await strip(stills.noSubject, CENTRED))).toBeGreaterThan(OTHER);
    });

    it("falls back to libvips' attention crop for every frame without a detector", async () => {
      const sheet = await videoSpritesheet({
        input: clip,
        params: params(`${SMART}&video-spritesheet-smart-crop=1&q=95`),
      });
      const first = await tileOf(sheet.body, 0, 3);
      expect(difference(first, await attentionCrop(stills.left))).toBeLessThan(SAME);
      expect(difference(first, await strip(stills.left, 0))).toBeGreaterThan(OTHER);
      expect(difference(first, await strip(stills.left, CENTRED))).toBeGreaterThan(OTHER);
    });

    it('leaves the sheet centred and made as before when smart crop is false', async () => {
      const render = (query: string) =>
        videoSpritesheet({ input: clip, params: params(`${SMART}${query}&q=95`), ai: models });
      const unset = await render('');
      const off = await render('&video-spritesheet-smart-crop=false');
      expect(Buffer.compare(off.body, unset.body)).toBe(0);
      // ffmpeg's own scaling: close to, not exactly, sharp's crop of the centre.
      const first = await tileOf(unset.body, 0, 3);
      expect(difference(first, await strip(stills.left, CENTRED))).toBeLessThan(SAME);
      expect(difference(first, await strip(stills.left, 0))).toBeGreaterThan(OTHER);
      // The render cache key (the parameters' cache key) tells smart crop from the centred sheet.
      expect(params(`${SMART}&video-spritesheet-smart-crop=true`).cacheKey()).not.toBe(
        params(SMART).cacheKey(),
      );
    });

    it('stops between frames once the render is abandoned', async () => {
      const controller = new AbortController();
      let detections = 0;
      // The real detector; the render's deadline passes while it looks at the first frame.
      const abandoning: AiModels = {
        ...models,
        detect: async (image, options) => {
          detections += 1;
          const found = await models.detect(image, options);
          controller.abort();
          return found;
        },
      };
      const render = videoSpritesheet({
        input: clip,
        params: params(`${SMART}&video-spritesheet-smart-crop=true`),
        ai: abandoning,
        signal: controller.signal,
      });
      await expect(render).rejects.toMatchObject({ status: 504 });
      expect(detections).toBe(1);
    });

    it('accepts the boolean spellings of its sibling parameters, and refuses others', () => {
      for (const [value, on] of [
        ['true', true],
        ['1', true],
        ['false', false],
        ['0', false],
      ] as const) {
        expect(
          params(`fm=spritesheet&video-spritesheet-smart-crop=${value}`).boolean(
            'video-spritesheet-smart-crop',
          ),
        ).toBe(on);
      }
      const refused = parseParams(new URLSearchParams('video-spritesheet-smart-crop=yes'));
      expect(refused.ok).toBe(false);
    });
  },
);
