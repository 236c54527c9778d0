import { createRequire } from 'node:module';
import type { Rect, Size } from '@darkroom/core';
import type { RawImage } from '../types.ts';

const require = createRequire(import.meta.url);

/** The slice of OpenCV.js this module uses (the package's own typings describe the browser build). */
interface Mat {
  data: Uint8Array;
  delete(): void;
}
export interface OpenCv {
  CV_8UC1: number;
  CV_8UC3: number;
  INPAINT_TELEA: number;
  INTER_AREA: number;
  INTER_CUBIC: number;
  INTER_NEAREST: number;
  Mat: new (rows?: number, cols?: number, type?: number) => Mat;
  Size: new (width: number, height: number) => Size;
  inpaint(src: Mat, mask: Mat, dst: Mat, radius: number, flags: number): void;
  resize(src: Mat, dst: Mat, size: Size, fx: number, fy: number, interpolation: number): void;
}

/** The module object is a thenable that resolves once the wasm runtime is ready. */
export async function loadOpenCv(): Promise<OpenCv> {
  return (await (require('@techstark/opencv-js') as Promise<OpenCv>)) as OpenCv;
}

/**
 * Telea fills a hole from its rim inward, which smears a large hole into streaks and blur. Holes
 * wider than `coarseSide` are filled on a copy shrunk until they are that small (the structure
 * of the surroundings reaches the middle), enlarged back, and only a band along the rim is
 * inpainted again at full size so the fill meets the untouched pixels without a seam.
 */
const coarseSide = 24;
const rimBand = 4;
const teleaRadius = 5;

/** Each box filled from its surroundings; pixels outside the boxes are left byte for byte. */
export function inpaint(cv: OpenCv, image: RawImage, boxes: readonly Rect[]): RawImage {
  const clamped = boxes.map((box) => clampBox(box, image)).filter((box) => box !== undefined);
  const output = { ...image, data: Uint8Array.from(image.data) };
  for (const box of clamped) {
    const margin = Math.max(16, Math.ceil(Math.max(box.width, box.height) / 2));
    const region = clampBox(
      {
        left: box.left - margin,
        top: box.top - margin,
        width: box.width + 2 * margin,
        height: box.height + 2 * margin,
      },
      image,
    );
    if (!region) continue;
    const filled = fillRegion(cv, output, region, clamped, box);
    writeBox(output, region, filled, box);
  }
  return output;
}

/** The region's RGB pixels with every box in it filled. */
function fillRegion(
  cv: OpenCv,
  image: RawImage,
  region: Rect,
  boxes: readonly Rect[],
  box: Rect,
): Uint8Array {
  const source = new cv.Mat(region.height, region.width, cv.CV_8UC3);
  const hole = new cv.Mat(region.height, region.width, cv.CV_8UC1);
  const filled = new cv.Mat();
  try {
    source.data.set(cutRgb(image, region));
    hole.data.set(holeMask(region, boxes, 0));
    const shrink = coarseSide / Math.min(box.width, box.height);
    if (shrink < 1) {
      prefillCoarse(cv, source, hole, region, shrink);
      // The coarse fill now counts as known: only the rim band is inpainted at full size.
      hole.data.set(holeMask(region, boxes, rimBand));
    }
    cv.inpaint(source, hole, filled, teleaRadius, cv.INPAINT_TELEA);
    return Uint8Array.from(filled.data);
  } finally {
    source.delete();
    hole.delete();
    filled.delete();
  }
}

/** Writes into `source`'s holes a fill computed at `shrink` times the size, enlarged back. */
function prefillCoarse(cv: OpenCv, source: Mat, hole: Mat, region: Rect, shrink: number): void {
  const smallSize = new cv.Size(
    Math.max(1, Math.round(region.width * shrink)),
    Math.max(1, Math.round(region.height * shrink)),
  );
  const fullSize = new cv.Size(region.width, region.height);
  const smallSource = new cv.Mat();
  const smallHole = new cv.Mat();
  const smallFilled = new cv.Mat();
  const enlarged = new cv.Mat();
  try {
    cv.resize(source, smallSource, smallSize, 0, 0, cv.INTER_AREA);
    // Area averaging turns the hole's edge into partial values: any of them is still a hole.
    cv.resize(hole, smallHole, smallSize, 0, 0, cv.INTER_AREA);
    for (let index = 0; index < smallHole.data.length; index++) {
      if ((smallHole.data[index] ?? 0) > 0) smallHole.data[index] = 255;
    }
    cv.inpaint(smallSource, smallHole, smallFilled, teleaRadius, cv.INPAINT_TELEA);
    cv.resize(smallFilled, enlarged, fullSize, 0, 0, cv.INTER_CUBIC);
    for (let pixel = 0; pixel < hole.data.length; pixel++) {
      if (hole.data[pixel] === 0) continue;
      for (let channel = 0; channel < 3; channel++) {
        source.data[pixel * 3 + channel] = enlarged.data[pixel * 3 + channel] ?? 0;
      }
    }
  } finally {
    smallSource.delete();
    smallHole.delete();
    smallFilled.delete();
    enlarged.delete();
  }
}

/** 255 inside the boxes (less an `inset` kept as known), 0 elsewhere, in region pixels. */
function holeMask(region: Rect, boxes: readonly Rect[], inset: number): Uint8Array {
  const mask = new Uint8Array(region.width * region.height);
  for (const box of boxes) {
    const inner = {
      left: box.left + inset,
      top: box.top + inset,
      right: box.left + box.width - inset,
      bottom: box.top + box.height - inset,
    };
    for (
      let y = Math.max(box.top, region.top);
      y < Math.min(box.top + box.height, region.top + region.height);
      y++
    ) {
      for (
        let x = Math.max(box.left, region.left);
        x < Math.min(box.left + box.width, region.left + region.width);
        x++
      ) {
        const insideInner =
          x >= inner.left && x < inner.right && y >= inner.top && y < inner.bottom;
        if (inset > 0 && insideInner) continue;
        mask[(y - region.top) * region.width + (x - region.left)] = 255;
      }
    }
  }
  return mask;
}

function cutRgb(image: RawImage, region: Rect): Uint8Array {
  const rgb = new Uint8Array(region.width * region.height * 3);
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) {
      const from = ((region.top + y) * image.width + region.left + x) * image.channels;
      const to = (y * region.width + x) * 3;
      rgb[to] = image.data[from] ?? 0;
      rgb[to + 1] = image.data[from + 1] ?? 0;
      rgb[to + 2] = image.data[from + 2] ?? 0;
    }
  }
  return rgb;
}

/** Copies the box's RGB from the filled region; an alpha channel stays as it was. */
function writeBox(image: RawImage, region: Rect, filled: Uint8Array, box: Rect): void {
  for (let y = box.top; y < box.top + box.height; y++) {
    for (let x = box.left; x < box.left + box.width; x++) {
      const from = ((y - region.top) * region.width + (x - region.left)) * 3;
      const to = (y * image.width + x) * image.channels;
      image.data[to] = filled[from] ?? 0;
      image.data[to + 1] = filled[from + 1] ?? 0;
      image.data[to + 2] = filled[from + 2] ?? 0;
    }
  }
}

function clampBox(box: Rect, image: RawImage): Rect | undefined {
  const left = Math.max(0, Math.floor(box.left));
  const top = Math.max(0, Math.floor(box.top));
  const right = Math.min(image.width, Math.ceil(box.left + box.width));
  const bottom = Math.min(image.height, Math.ceil(box.top + box.height));
  if (right <= left || bottom <= top) return undefined;
  return { left, top, width: right - left, height: bottom - top };
}
