import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const GOLDEN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/golden');

export interface GoldenTolerance {
  /** Largest mean absolute difference per channel (0-255) over the whole image. */
  meanDelta: number;
  /** Largest share of pixels (0-1) whose worst channel differs by more than 48. */
  outlierShare: number;
}

/** Tolerant enough for codec and libvips version noise, strict enough to catch a wrong op. */
const DEFAULT_TOLERANCE: GoldenTolerance = { meanDelta: 3, outlierShare: 0.01 };

async function rgba(image: Uint8Array) {
  return sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

/**
 * Compares a rendered image with `test/golden/{name}.png`: same size, and pixel differences
 * within a perceptual tolerance. A missing golden fails unless UPDATE_GOLDEN=1, which writes
 * it (and rewrites existing ones) for a person to look at before committing.
 */
export async function expectMatchesGolden(
  name: string,
  actual: Uint8Array,
  tolerance: Partial<GoldenTolerance> = {},
): Promise<void> {
  const limits = { ...DEFAULT_TOLERANCE, ...tolerance };
  const file = path.join(GOLDEN_ROOT, `${name}.png`);
  if (process.env['UPDATE_GOLDEN'] === '1') {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await sharp(actual).png().toBuffer());
    return;
  }
  let golden: Buffer;
  try {
    golden = await readFile(file);
  } catch {
    throw new Error(
      `No golden image ${path.relative(process.cwd(), file)}; create it with UPDATE_GOLDEN=1 and check it by eye.`,
    );
  }
  const [a, g] = await Promise.all([rgba(actual), rgba(golden)]);
  if (a.info.width !== g.info.width || a.info.height !== g.info.height) {
    throw new Error(
      `${name}: rendered ${a.info.width}x${a.info.height}, golden is ${g.info.width}x${g.info.height}`,
    );
  }
  let total = 0;
  let outliers = 0;
  const pixels = a.info.width * a.info.height;
  for (let i = 0; i < pixels; i += 1) {
    let worst = 0;
    for (let c = 0; c < 4; c += 1) {
      const delta = Math.abs((a.data[i * 4 + c] ?? 0) - (g.data[i * 4 + c] ?? 0));
      total += delta;
      if (delta > worst) worst = delta;
    }
    if (worst > 48) outliers += 1;
  }
  const meanDelta = total / (pixels * 4);
  const outlierShare = outliers / pixels;
  if (meanDelta > limits.meanDelta || outlierShare > limits.outlierShare) {
    throw new Error(
      `${name}: differs from its golden (mean delta ${meanDelta.toFixed(2)} > ${limits.meanDelta} or outliers ${(outlierShare * 100).toFixed(2)}% > ${(limits.outlierShare * 100).toFixed(2)}%)`,
    );
  }
}
