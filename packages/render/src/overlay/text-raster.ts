import type { Rgba } from '@darkroom/core';
import sharp from 'sharp';
import { RenderError } from '../pipeline/context.ts';
import { renderWorkers } from '../workers/pool.ts';
import { copyForWorker } from '../workers/worker-memory.ts';
import { padMask } from './morphology.ts';
import { cropRgba, pasteRgba } from './raw.ts';
import type { ClipWindow } from './text-clip.ts';

/** Raw RGBA pixels of rendered text, cut to the ink (libvips trims text to its ink extents). */
export interface TextRaster {
  data: Buffer;
  width: number;
  height: number;
}

export interface RenderOptions {
  /** How lines of a multi-line text line up with each other. */
  align: 'left' | 'centre' | 'right';
  /** Extra space between lines in pixels (`txt-lead`); 0 keeps the font's line spacing. */
  leading: number;
  /** Wraps lines at word boundaries to this many pixels (`txt-fit=wrap`); none when absent. */
  wrapWidth?: number;
}

/**
 * Renders Pango markup at 72 dpi, where a point is a pixel, in colour (`rgba`, so colour emoji
 * keep theirs). Null when there is no ink to draw: libvips refuses text that is only spaces.
 */
export async function renderMarkup(
  markup: string,
  options: RenderOptions,
  timeoutSeconds: number,
): Promise<TextRaster | null> {
  try {
    const { data, info } = await sharp({
      text: {
        text: markup,
        dpi: 72,
        rgba: true,
        align: options.align,
        spacing: Math.max(0, options.leading),
        // A word wider than the line is broken between characters rather than overflowing.
        ...(options.wrapWidth === undefined
          ? { wrap: 'none' as const }
          : { wrap: 'word-char' as const, width: Math.max(1, Math.floor(options.wrapWidth)) }),
      },
    })
      .raw()
      .timeout({ seconds: timeoutSeconds })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /no text to render/.test(error.message)) return null;
    // cairo's surfaces stop at 32767 pixels a side (the estimate in text-bounds.ts lets through
    // text whose glyphs are wider than it assumes).
    if (error instanceof Error && /too big\) for the size of the input/.test(error.message)) {
      throw new RenderError(
        413,
        'The text is too large to draw (past 32767 pixels a side): shorten txt or lower txt-size.',
        { cause: error },
      );
    }
    throw error;
  }
}

/** The columns of `raster` that `windows` keep, side by side (`txt-clip` without an ellipsis). */
export function keepColumns(raster: TextRaster, windows: readonly ClipWindow[]): TextRaster {
  const width = windows.reduce((total, window) => total + window.width, 0);
  const data = Buffer.alloc(width * raster.height * 4);
  for (const window of windows) {
    const part = cropRgba(raster.data, raster.width, {
      left: window.sourceLeft,
      top: 0,
      width: window.width,
      height: raster.height,
    });
    pasteRgba(data, width, part, window.width, window.targetLeft, 0);
  }
  return { data, width, height: raster.height };
}

export interface TextEffects {
  /** `txt-line`: outline width in pixels and `txt-line-color`; null for none. */
  outline: { width: number; colour: Rgba } | null;
  /** `txt-shad`: shadow strength, 0 (none) to 10. */
  shadow: number;
  /** Device pixel ratio: effects grow with the text they surround. */
  scale: number;
}

/** How far the outline and shadow reach beyond the ink, so the layer can make room for them. */
export function effectMargin(effects: TextEffects): number {
  const outline = effects.outline ? Math.ceil(effects.outline.width) : 0;
  return outline + Math.ceil(3 * shadowSigma(effects));
}

// imgix draws `txt-shad` as a soft dark halo centred on the text; strength widens and darkens
// it. Sigma and opacity grow linearly over the documented 0-10 range.
function shadowSigma(effects: TextEffects): number {
  return effects.shadow > 0 ? (0.5 + 0.4 * effects.shadow) * effects.scale : 0;
}

function shadowOpacity(strength: number): number {
  return Math.min(1, 0.5 + 0.1 * strength);
}

/**
 * What bounds the effects' work: sharp's timeout for each pipeline, and the signal that
 * cancels the outline's worker thread (the render's deadline and its caller's abort).
 */
export interface EffectsRun {
  secondsLeft(): number;
  signal?: AbortSignal | undefined;
}

/**
 * The text with its shadow beneath and its outline between shadow and fill, on a transparent
 * layer `effectMargin` pixels larger on every side than the ink. `fillOpacity` (the alpha of
 * `txt-color`) fades the letters only: transparent text keeps its outline and shadow. Every
 * pixel loop runs in libvips or a worker thread, never on the event loop.
 */
export async function withEffects(
  fill: TextRaster,
  effects: TextEffects,
  fillOpacity: number,
  run: EffectsRun,
): Promise<TextRaster> {
  const timeout = () => ({ seconds: run.secondsLeft() });
  const fillRaw = { width: fill.width, height: fill.height, channels: 4 as const };
  const faded =
    fillOpacity >= 1
      ? fill.data
      : await sharp(fill.data, { raw: fillRaw })
          .linear([1, 1, 1, fillOpacity], [0, 0, 0, 0])
          .raw()
          .timeout(timeout())
          .toBuffer();
  const margin = effectMargin(effects);
  if (margin === 0) return { ...fill, data: faded };
  const width = fill.width + 2 * margin;
  const height = fill.height + 2 * margin;
  const alpha = await sharp(fill.data, { raw: fillRaw })
    .extractChannel(3)
    .raw()
    .timeout(timeout())
    .toBuffer();
  const mask = padMask(alpha, fill.width, fill.height, margin);
  const layers: sharp.OverlayOptions[] = [];
  const raw = { width, height, channels: 4 as const };
  const sigma = shadowSigma(effects);
  if (sigma > 0) {
    // sharp would hand a one-channel image back as sRGB: keep the one channel.
    const blurred = await sharp(mask, { raw: { width, height, channels: 1 } })
      .blur(sigma)
      .extractChannel(0)
      .raw()
      .timeout(timeout())
      .toBuffer();
    layers.push({
      input: await colourThroughMask(
        blurred,
        { width, height },
        { r: 0, g: 0, b: 0 },
        shadowOpacity(effects.shadow),
        timeout(),
      ),
      raw,
    });
  }
  if (effects.outline && effects.outline.width > 0) {
    // The disc dilation is JavaScript: a worker thread runs it, cancelled with the render.
    const moved = await copyForWorker(mask);
    const grown = await renderWorkers().run(
      'dilate',
      { mask: moved, width, height, radius: Math.ceil(effects.outline.width) },
      { signal: run.signal, transfer: [moved.buffer] },
    );
    layers.push({
      input: await colourThroughMask(
        grown,
        { width, height },
        effects.outline.colour,
        effects.outline.colour.alpha,
        timeout(),
      ),
      raw,
    });
  }
  layers.push({ input: faded, raw: fillRaw, left: margin, top: margin });
  const data = await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite(layers)
    .raw()
    .timeout(timeout())
    .toBuffer();
  return { data, width, height };
}

/** An RGBA layer of one colour whose alpha is `mask` (one byte a pixel) times `opacity`. */
async function colourThroughMask(
  mask: Uint8Array,
  size: { width: number; height: number },
  colour: { r: number; g: number; b: number },
  opacity: number,
  timeout: { seconds: number },
): Promise<Buffer> {
  const maskRaw = { raw: { ...size, channels: 1 as const } };
  const alpha =
    opacity >= 1
      ? Buffer.from(mask.buffer, mask.byteOffset, mask.byteLength)
      : await sharp(mask, maskRaw).linear(opacity, 0).extractChannel(0).raw().toBuffer();
  return sharp({
    create: { ...size, channels: 3, background: { r: colour.r, g: colour.g, b: colour.b } },
  })
    .joinChannel(alpha, maskRaw)
    .raw()
    .timeout(timeout)
    .toBuffer();
}
