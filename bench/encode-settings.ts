// The AVIF and WebP encoder efforts, chosen by measurement: every demo image at 512 px wide,
// each effort at the lowest quality whose SSIM reaches that of the effort delivery uses at q=75,
// its bytes and its encode time. An effort is worth its time only where no other effort gives
// files as small in less time (the Pareto front of bytes against time at equal SSIM).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ssim } from 'ssim.js';

const DEMO_IMAGES = fileURLToPath(new URL('../packages/server/demo-images/', import.meta.url));
/** Photographs, a drawing-like scan, a portrait and text: the kinds of image a page shows. */
const IMAGES = [
  'retina.jpg',
  'coffee.png',
  'astronaut.png',
  'chelsea.png',
  'rocket.jpg',
  'text.png',
];
const WIDTH = 512;
/** Encodes timed per point; the median is kept. */
const TIMINGS = 3;
/** Two files this close in size, or two times this close, count as the same. */
const TOLERANCE = 0.02;

export type EncodedFormat = 'webp' | 'avif';

/** The efforts delivery encodes a 512 px image with (render/src/output/encode.ts). */
export const DELIVERY_EFFORT: Readonly<Record<EncodedFormat, number>> = { webp: 4, avif: 3 };
/** Efforts measured: WebP's whole range; AVIF's past 4 took 7-14 s for the six images (4-12x effort 3's) for 11-13% fewer bytes. */
const EFFORTS: Readonly<Record<EncodedFormat, readonly number[]>> = {
  webp: [0, 1, 2, 3, 4, 5, 6],
  avif: [0, 1, 2, 3, 4],
};

interface Reference {
  name: string;
  /** RGBA pixels at 512 px wide: what every encode is compared with. */
  rgba: { data: Uint8ClampedArray; width: number; height: number };
  resized: Buffer;
}

export interface EffortPoint {
  effort: number;
  /** Bytes of every demo image at the quality that reaches the target SSIM, summed. */
  bytes: number;
  /** Encode milliseconds of every demo image at that quality, summed (medians of 3). */
  milliseconds: number;
  /** Lowest and highest quality chosen across the images. */
  qualities: [number, number];
}

export interface FormatSweep {
  format: EncodedFormat;
  deliveryEffort: number;
  points: EffortPoint[];
  /** Efforts no other beats on both bytes and time. */
  front: number[];
}

async function references(): Promise<Reference[]> {
  return Promise.all(
    IMAGES.map(async (name) => {
      const resized = await sharp(readFileSync(join(DEMO_IMAGES, name)))
        .resize({ width: WIDTH })
        .removeAlpha()
        .png()
        .toBuffer();
      return { name, resized, rgba: await rgbaOf(resized) };
    }),
  );
}

async function rgbaOf(image: Buffer) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

function encode(reference: Reference, format: EncodedFormat, effort: number, quality: number) {
  const image = sharp(reference.resized);
  return (
    format === 'webp'
      ? image.webp({ quality, effort })
      : image.avif({ quality, effort, chromaSubsampling: '4:2:0' })
  ).toBuffer();
}

async function similarity(reference: Reference, encoded: Buffer): Promise<number> {
  return ssim(reference.rgba, await rgbaOf(encoded)).mssim;
}

/** The lowest quality (1-100) whose SSIM reaches `target`, by bisection. */
async function qualityFor(
  reference: Reference,
  format: EncodedFormat,
  effort: number,
  target: number,
): Promise<number> {
  let low = 1;
  let high = 100;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const score = await similarity(reference, await encode(reference, format, effort, middle));
    if (score >= target) high = middle;
    else low = middle + 1;
  }
  return low;
}

async function encodeMilliseconds(run: () => Promise<Buffer>): Promise<number> {
  const times: number[] = [];
  for (let attempt = 0; attempt < TIMINGS; attempt += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** Efforts whose bytes and time no other effort beats both (by more than TOLERANCE). */
export function paretoFront(points: readonly EffortPoint[]): number[] {
  const beats = (a: EffortPoint, b: EffortPoint) =>
    a.bytes < b.bytes * (1 - TOLERANCE) && a.milliseconds < b.milliseconds * (1 - TOLERANCE);
  return points
    .filter((point) => !points.some((other) => beats(other, point)))
    .map((point) => point.effort);
}

export async function sweepFormat(format: EncodedFormat): Promise<FormatSweep> {
  const images = await references();
  const deliveryEffort = DELIVERY_EFFORT[format];
  const targets = await Promise.all(
    images.map(async (reference) =>
      similarity(reference, await encode(reference, format, deliveryEffort, 75)),
    ),
  );
  const points: EffortPoint[] = [];
  for (const effort of EFFORTS[format]) {
    let bytes = 0;
    let milliseconds = 0;
    const qualities: number[] = [];
    for (const [index, reference] of images.entries()) {
      const quality = await qualityFor(reference, format, effort, targets[index] ?? 1);
      qualities.push(quality);
      const run = () => encode(reference, format, effort, quality);
      bytes += (await run()).length;
      milliseconds += await encodeMilliseconds(run);
    }
    points.push({
      effort,
      bytes,
      milliseconds,
      qualities: [Math.min(...qualities), Math.max(...qualities)],
    });
  }
  return { format, deliveryEffort, points, front: paretoFront(points) };
}
