// The premium AI operations (editor spec section 1): object removal, background removal and super
// resolution run on the oriented origin, before the step pipeline, and hand it a new origin (a
// fast lossless PNG). Each has its `*-fallback` (default true): a failed operation is skipped
// and its reason reported in a header; with fallback=false the render fails instead.
import type { Params, Rect } from '@darkroom/core';
import sharp from 'sharp';
import { DEFAULT_RENDER_LIMITS, RenderError, type RenderLimits } from '../pipeline/context.ts';
import { untrustedInput } from '../output/limits.ts';
import {
  AiOperationError,
  type AiModels,
  type GenerativeEditor,
  type RawImage,
  type UpscaleFactor,
} from './types.ts';

/** The premium operations, in the order they run, with the parameter that asks for each. */
export const PREMIUM_OPERATIONS = [
  { name: 'object-removal', parameter: 'object-removal-rect', fallback: null },
  { name: 'bg-remove', parameter: 'bg-remove', fallback: 'bg-remove-fallback' },
  { name: 'bg-replace', parameter: 'bg-replace', fallback: 'bg-replace-fallback' },
  { name: 'upscale', parameter: 'upscale', fallback: 'upscale-fallback' },
] as const;

/** Every parameter the premium operations read (for `npm run params:coverage`). */
export const PREMIUM_PARAMETERS: readonly string[] = [
  'object-removal-rect',
  'bg-remove',
  'bg-remove-fallback',
  'bg-remove-fg-type',
  'bg-remove-semi-transparency',
  'bg-remove-transparency-threshold',
  'upscale',
  'upscale-fallback',
  'bg-replace',
  'bg-replace-fallback',
  'bg-replace-neg-prompt',
  'object-removal-prompt',
  'object-removal-negative-prompt',
  'object-removal-seed',
];

export type PremiumOperationName = (typeof PREMIUM_OPERATIONS)[number]['name'];

// editor spec section 9.
const BACKGROUND_REMOVAL_MAX_BYTES = 12_000_000;
const BACKGROUND_REMOVAL_MAX_PIXELS = 50_000_000;
const UPSCALE_SOFT_LIMIT_PIXELS = 250_000;
const UPSCALE_HARD_LIMIT_PIXELS = 1_000_000;

export interface PremiumOutcome {
  /** The origin for the step pipeline: the input itself when nothing ran. */
  input: Uint8Array;
  /** True when at least one operation changed the image (a premium operation to meter). */
  applied: boolean;
  /** Why an operation was skipped, by operation: the `X-Darkroom-*-Failure-Reason` headers. */
  failures: Partial<Record<PremiumOperationName, string>>;
  /** Applied with a warning (super resolution over its soft limit). */
  warnings: Partial<Record<PremiumOperationName, string>>;
}

/** The premium operations a request asks for, run before the steps. */
export function requestedPremiumOperations(params: Params): PremiumOperationName[] {
  const replacing = backgroundPrompt(params) !== null;
  return PREMIUM_OPERATIONS.filter(({ name, parameter }) => {
    if (name === 'object-removal') return params.has(parameter);
    if (name === 'bg-replace') return replacing;
    // A replaced background is removed on the way: bg-remove with bg-replace is the replacement.
    if (name === 'bg-remove') return !replacing && params.boolean(parameter) === true;
    return params.boolean(parameter) === true;
  }).map(({ name }) => name);
}

/**
 * Whether a request needs the AI models, the generative provider or ffmpeg anywhere (the
 * premium operations, fill=gen in the fill step, image to video): delivery renders those in a
 * job (423 meanwhile).
 */
export function needsAiRender(params: Params): boolean {
  const fill = params.string('fill');
  return (
    requestedPremiumOperations(params).length > 0 ||
    fill === 'gen' ||
    fill === 'generative' ||
    // Image to video: seconds of ffmpeg per clip.
    params.string('fm') === 'mp4'
  );
}

/** The bg-replace prompt; null when absent, empty or `false` (the editor's off switch). */
function backgroundPrompt(params: Params): string | null {
  const prompt = params.string('bg-replace')?.trim();
  return prompt === undefined || prompt === '' || prompt === 'false' ? null : prompt;
}

/** A reason the operation could not run that is a property of the image, not a fault. */
class Skipped extends Error {}

export interface PremiumServices {
  models: AiModels | undefined;
  generative: GenerativeEditor | undefined;
  signal: AbortSignal | undefined;
}

export async function applyPremiumOperations(
  input: Uint8Array,
  params: Params,
  services: PremiumServices,
  limits: RenderLimits,
): Promise<PremiumOutcome> {
  const requested = requestedPremiumOperations(params);
  const outcome: PremiumOutcome = { input, applied: false, failures: {}, warnings: {} };
  if (requested.length === 0) return outcome;

  let image = await decodeOriented(input, limits);
  for (const operation of PREMIUM_OPERATIONS) {
    if (!requested.includes(operation.name)) continue;
    try {
      const result = await runOperation(operation.name, image, input, params, services, outcome);
      if (result !== image) {
        image = result;
        outcome.applied = true;
      }
    } catch (caught) {
      // A render that ran out of time stops here; any other failure is the operation's.
      if (caught instanceof RenderError) throw caught;
      const error = caught instanceof Error ? caught : new AiOperationError(String(caught));
      const fallback = operation.fallback === null || params.boolean(operation.fallback) !== false;
      if (!fallback) {
        throw new RenderError(error instanceof Skipped ? 422 : 500, error.message, {
          cause: error,
        });
      }
      outcome.failures[operation.name] = error.message;
    }
  }
  if (outcome.applied) outcome.input = await encodeLossless(image);
  return outcome;
}

async function runOperation(
  name: PremiumOperationName,
  image: RawImage,
  original: Uint8Array,
  params: Params,
  services: PremiumServices,
  outcome: PremiumOutcome,
): Promise<RawImage> {
  const models = services.models;
  if (models === undefined) {
    throw new AiOperationError('AI operations are not available on this server.');
  }
  switch (name) {
    case 'object-removal': {
      const boxes = removalBoxes(params, image);
      if (boxes.length === 0) throw new Skipped('The removal boxes lie outside the image.');
      const prompt = params.string('object-removal-prompt')?.trim();
      if (prompt) return replaceObjects(image, boxes, prompt, params, services);
      return models.inpaint(image, boxes);
    }
    case 'bg-remove':
      return removeBackground(image, original, params, models);
    case 'bg-replace':
      return replaceBackground(image, original, params, { ...services, models });
    case 'upscale':
      return upscale(image, params, models, outcome);
  }
}

/** object-removal-prompt: the boxes repainted by the provider from the prompt. */
async function replaceObjects(
  image: RawImage,
  boxes: readonly Rect[],
  prompt: string,
  params: Params,
  services: PremiumServices,
): Promise<RawImage> {
  const editor = requireEditor(services);
  const mask = new Uint8Array(image.width * image.height * 4).fill(255);
  for (const box of boxes) {
    for (let y = box.top; y < box.top + box.height; y += 1) {
      const row = (y * image.width + box.left) * 4;
      for (let x = 0; x < box.width; x += 1) mask[row + x * 4 + 3] = 0;
    }
  }
  const negativePrompt = params.string('object-removal-negative-prompt');
  const seed = params.number('object-removal-seed');
  return generate(image, mask, editor, services.signal, {
    prompt,
    ...(negativePrompt === undefined ? {} : { negativePrompt }),
    ...(seed === undefined ? {} : { seed }),
  });
}

/** bg-replace: the subject found by background removal, a new background from the prompt. */
async function replaceBackground(
  image: RawImage,
  original: Uint8Array,
  params: Params,
  services: PremiumServices & { models: AiModels },
): Promise<RawImage> {
  const editor = requireEditor(services);
  const matte = await removeBackground(image, original, params, services.models);
  const negativePrompt = params.string('bg-replace-neg-prompt');
  return generate(image, matte.data, editor, services.signal, {
    prompt: backgroundPrompt(params) ?? '',
    ...(negativePrompt === undefined ? {} : { negativePrompt }),
  });
}

function requireEditor(services: PremiumServices): GenerativeEditor {
  if (services.generative === undefined) {
    throw new AiOperationError('No generative image provider is configured.');
  }
  return services.generative;
}

/**
 * One provider edit: `maskRgba` is transparent where it may paint; everything else is put
 * back exactly as it was, whatever the provider did to it, at whatever size it answered.
 */
async function generate(
  image: RawImage,
  maskRgba: Uint8Array,
  editor: GenerativeEditor,
  signal: AbortSignal | undefined,
  prompt: { prompt: string; negativePrompt?: string; seed?: number },
): Promise<RawImage> {
  const size = { width: image.width, height: image.height };
  const png = await sharp(image.data, { raw: rawInfo(image) })
    .png()
    .toBuffer();
  const mask = await sharp(maskRgba, { raw: { ...size, channels: 4 } })
    .png()
    .toBuffer();
  const painted = await editor.edit({ image: png, mask, size, ...prompt }, signal);
  // The kept pixels: the original with the mask's alpha, laid over the provider's answer.
  const keptPixels = new Uint8Array(size.width * size.height * 4);
  for (let pixel = 0; pixel < size.width * size.height; pixel += 1) {
    const from = pixel * image.channels;
    keptPixels.set(image.data.subarray(from, from + 3), pixel * 4);
    keptPixels[pixel * 4 + 3] = maskRgba[pixel * 4 + 3] ?? 255;
  }
  const kept = await sharp(keptPixels, { raw: { ...size, channels: 4 } })
    .png()
    .toBuffer();
  // The provider's answer is bytes from outside like any origin: never decoded past the budget.
  const { data, info } = await sharp(painted, untrustedInput(DEFAULT_RENDER_LIMITS))
    .resize(size.width, size.height, { fit: 'fill' })
    .removeAlpha()
    .composite([{ input: kept, left: 0, top: 0 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
}

async function removeBackground(
  image: RawImage,
  original: Uint8Array,
  params: Params,
  models: AiModels,
): Promise<RawImage> {
  if (
    original.length > BACKGROUND_REMOVAL_MAX_BYTES ||
    image.width * image.height > BACKGROUND_REMOVAL_MAX_PIXELS
  ) {
    throw new Skipped('The image is over the background removal limit of 12 MB or 50 megapixels.');
  }
  const threshold = params.number('bg-remove-transparency-threshold') ?? 0.2;
  // imgix: an image already more transparent than the threshold keeps its own background.
  if (image.channels === 4 && threshold < 1 && transparentShare(image) > threshold) {
    throw new Skipped('Transparency threshold exceeded');
  }
  const foreground = params.strings('bg-remove-fg-type').includes('car') ? 'car' : 'auto';
  const matte = await models.removeBackground(image, {
    foreground,
    semiTransparency: params.boolean('bg-remove-semi-transparency') ?? true,
  });
  if (image.channels === 4) keepOriginalTransparency(matte, image);
  return matte;
}

async function upscale(
  image: RawImage,
  params: Params,
  models: AiModels,
  outcome: PremiumOutcome,
): Promise<RawImage> {
  const pixels = image.width * image.height;
  if (pixels > UPSCALE_HARD_LIMIT_PIXELS) {
    throw new Skipped(
      'The image is over the super resolution limit of 1 megapixel (about 1024 x 1024); no change was applied.',
    );
  }
  if (pixels > UPSCALE_SOFT_LIMIT_PIXELS) {
    outcome.warnings.upscale =
      'The image is over 0.25 megapixels, the size super resolution works best at; the result was applied.';
  }
  const factor = upscaleFactor(params, image);
  const colour: RawImage = image.channels === 4 ? await dropAlpha(image) : image;
  const larger = await models.upscale(colour, factor);
  if (image.channels === 3) return larger;
  // The models see colour only: the alpha channel is enlarged the classic way and put back.
  const alpha = await sharp(image.data, { raw: rawInfo(image) })
    .extractChannel(3)
    .resize(larger.width, larger.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const data = await sharp(larger.data, { raw: rawInfo(larger) })
    .joinChannel(alpha, { raw: { width: larger.width, height: larger.height, channels: 1 } })
    .raw()
    .toBuffer();
  return { data, width: larger.width, height: larger.height, channels: 4 };
}

/**
 * Twice the size, or three or four times when the requested width or height needs it (imgix
 * upscales to what the URL asks for), never past the largest output side.
 */
function upscaleFactor(params: Params, image: RawImage): UpscaleFactor {
  const dpr = params.number('dpr') ?? 1;
  const wanted = Math.max(
    requestedPixels(params, 'w', dpr) / image.width,
    requestedPixels(params, 'h', dpr) / image.height,
  );
  const largestSide = Math.max(image.width, image.height);
  const candidates: UpscaleFactor[] = wanted > 3 ? [4, 3, 2] : wanted > 2 ? [3, 2] : [2];
  return candidates.find((factor) => largestSide * factor <= 8192) ?? 2;
}

function requestedPixels(params: Params, name: 'w' | 'h', dpr: number): number {
  const value = params.get(name);
  return value?.type === 'integer' ? value.value * dpr : 0;
}

/** The boxes of `object-removal-rect`, clamped to the image; empty ones dropped. */
function removalBoxes(params: Params, image: RawImage): Rect[] {
  const boxes: Rect[] = [];
  for (const member of params.list('object-removal-rect') ?? []) {
    if (member.type !== 'list') continue;
    const [left, top, width, height] = member.value.map((part) =>
      part.type === 'integer' ? part.value : Number.NaN,
    );
    if ([left, top, width, height].some((n) => n === undefined || Number.isNaN(n))) continue;
    const x0 = Math.max(0, Math.min(image.width, left ?? 0));
    const y0 = Math.max(0, Math.min(image.height, top ?? 0));
    const x1 = Math.max(0, Math.min(image.width, (left ?? 0) + (width ?? 0)));
    const y1 = Math.max(0, Math.min(image.height, (top ?? 0) + (height ?? 0)));
    if (x1 > x0 && y1 > y0) boxes.push({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 });
  }
  return boxes;
}

/** The origin as displayed (EXIF orientation applied), in sRGB, with alpha only if it has one. */
async function decodeOriented(input: Uint8Array, limits: RenderLimits): Promise<RawImage> {
  const pipeline = sharp(input, { ...untrustedInput(limits), failOn: 'truncated' });
  const { hasAlpha } = await pipeline.metadata();
  const oriented = pipeline.rotate().toColourspace('srgb');
  const { data, info } = await (hasAlpha ? oriented.ensureAlpha() : oriented.removeAlpha())
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
}

/** PNG at the lowest compression: the step pipeline decodes it at once, size does not matter. */
function encodeLossless(image: RawImage): Promise<Buffer> {
  return sharp(image.data, { raw: rawInfo(image) })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}

async function dropAlpha(image: RawImage): Promise<RawImage> {
  const data = await sharp(image.data, { raw: rawInfo(image) })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, width: image.width, height: image.height, channels: 3 };
}

function rawInfo(image: RawImage): { width: number; height: number; channels: 3 | 4 } {
  return { width: image.width, height: image.height, channels: image.channels };
}

/** The share of pixels that are not fully opaque. */
function transparentShare(image: RawImage): number {
  let transparent = 0;
  for (let index = 3; index < image.data.length; index += 4) {
    if ((image.data[index] ?? 255) < 255) transparent += 1;
  }
  return transparent / (image.width * image.height);
}

/** What was already see-through in the origin stays so under the new matte. */
function keepOriginalTransparency(matte: RawImage, original: RawImage): void {
  if (matte.width !== original.width || matte.height !== original.height) return;
  for (let index = 3; index < matte.data.length; index += 4) {
    matte.data[index] = Math.min(matte.data[index] ?? 0, original.data[index] ?? 255);
  }
}
