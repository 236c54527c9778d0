import { colorKey, type ColorKeyOptions } from '../color/color-key.ts';
import { applyPixelPasses, type PixelPass } from '../color/pixel-passes.ts';
import type { Pixels } from '../color/pixels.ts';
import { trimPixels, type RawImage, type TrimRule } from '../geometry/trim-bounds.ts';
import { projectCast, type CastProjection } from '../overlay/cast-projection.ts';
import { dilateMask } from '../overlay/morphology.ts';
import { inspectSvg, type SvgFacts, type SvgLimits } from '../output/svg-inspect.ts';
import { sanitizeSvg } from '../output/svg-sanitize.ts';
import { faultedMemory } from './worker-memory.ts';

/**
 * The CPU-bound work that runs in the worker threads (workers/pool.ts) instead of the event
 * loop: each takes and returns only structured-clonable values, and its pixel buffers are
 * transferred, not copied.
 */
export const TASKS = {
  /** Grows a one-byte-a-pixel mask by a disc of `radius` (the `txt-line` outline). */
  dilate(input: { mask: Uint8Array; width: number; height: number; radius: number }): Uint8Array {
    return new Uint8Array(dilateMask(input.mask, input.width, input.height, input.radius));
  },
  /** A silhouette thrown onto the floor, one plane per band (`drop-shadow-type=cast`). */
  castShadow(input: {
    mask: Uint8Array;
    width: number;
    height: number;
    projection: CastProjection;
  }): Uint8Array {
    return projectCast(input.mask, input.width, input.height, input.projection);
  },
  /** What an SVG asks of librsvg: elements with `<use>` expanded, depth, filters. */
  inspectSvg(input: { bytes: Uint8Array; limits: SvgLimits; subject: string }): SvgFacts {
    return inspectSvg(input.bytes, input.limits, input.subject);
  },
  /** RGBA pixels (frames stacked) with the `colorkey` colour made transparent, in place. */
  colorKey(input: {
    pixels: Uint8Array;
    width: number;
    frameHeight: number;
    options: ColorKeyOptions;
  }): Uint8Array {
    return colorKey(input.pixels, input.width, input.frameHeight, input.options).data;
  },
  /** The adjustment, noise and stylize passes over decoded pixels, in order (`pixel-passes`). */
  pixelPasses(input: { pixels: Pixels; passes: readonly PixelPass[] }): Uint8Array {
    return applyPixelPasses(input.pixels, input.passes);
  },
  /** The pixels `trim` keeps, or null when it cuts nothing (`trim-bounds`). */
  trim(input: { image: RawImage; rule: TrimRule; pad: number }): RawImage | null {
    return trimPixels(input.image, input.rule, input.pad);
  },
  /** Memory whose pages this thread has faulted in, transferred to the caller (`worker-memory`). */
  faultedMemory(input: { bytes: number }): Uint8Array<ArrayBuffer> {
    return faultedMemory(input.bytes);
  },
  /** The SVG rewritten from allow lists (`svg-sanitize`). */
  sanitizeSvg(input: { bytes: Uint8Array }): Uint8Array {
    return new Uint8Array(sanitizeSvg(input.bytes));
  },
} as const;

export type TaskName = keyof typeof TASKS;
export type TaskInput<Name extends TaskName> = Parameters<(typeof TASKS)[Name]>[0];
export type TaskOutput<Name extends TaskName> = ReturnType<(typeof TASKS)[Name]>;

/** A task sent to a worker, and its answer. */
export interface TaskMessage {
  name: TaskName;
  input: unknown;
}

export type TaskReply =
  { ok: true; output: unknown } | { ok: false; message: string; status?: number; name?: string };
