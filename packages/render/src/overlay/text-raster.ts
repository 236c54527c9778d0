import type { Rgba } from '@darkroom/core';
import sharp from 'sharp';
import { dilateMask, padMask } from './morphology.ts';
import { alphaOf, colourThroughMask, cropRgba, pasteRgba, scaleAlpha } from './raw.ts';
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
}

/**
 * Renders Pango markup at 72 dpi, where a point is a pixel, in colour (`rgba`, so colour emoji
 * keep theirs). Null when there is no ink to draw: libvips refuses text that is only spaces.
 */
export async function renderMarkup(
  markup: string,
  options: RenderOptions,
): Promise<TextRaster | null> {
  try {
    const { data, info } = await sharp({
      text: {
        text: markup,
        dpi: 72,
        rgba: true,
        align: options.align,
        spacing: Math.max(0, options.leading),
        wrap: 'none',
      },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /no text to render/.test(error.message)) return null;
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
 * The text with its shadow beneath and its outline between shadow and fill, on a transparent
 * layer `effectMargin` pixels larger on every side than the ink. `fillOpacity` (the alpha of
 * `txt-color`) fades the letters only: transparent text keeps its outline and shadow.
 */
export async function withEffects(
  fill: TextRaster,
  effects: TextEffects,
  fillOpacity: number,
): Promise<TextRaster> {
  const faded = { ...fill, data: Buffer.from(fill.data) };
  scaleAlpha(faded.data, fillOpacity);
  const margin = effectMargin(effects);
  if (margin === 0) return faded;
  const width = fill.width + 2 * margin;
  const height = fill.height + 2 * margin;
  const mask = padMask(alphaOf(fill.data), fill.width, fill.height, margin);
  const layers: sharp.OverlayOptions[] = [];
  const raw = { width, height, channels: 4 as const };
  const sigma = shadowSigma(effects);
  if (sigma > 0) {
    // sharp would hand a one-channel image back as sRGB: keep the one channel.
    const blurred = await sharp(mask, { raw: { width, height, channels: 1 } })
      .blur(sigma)
      .extractChannel(0)
      .raw()
      .toBuffer();
    layers.push({
      input: colourThroughMask(blurred, { r: 0, g: 0, b: 0 }, shadowOpacity(effects.shadow)),
      raw,
    });
  }
  if (effects.outline && effects.outline.width > 0) {
    const grown = dilateMask(mask, width, height, Math.ceil(effects.outline.width));
    layers.push({
      input: colourThroughMask(grown, effects.outline.colour, effects.outline.colour.alpha),
      raw,
    });
  }
  layers.push({
    input: faded.data,
    raw: { width: fill.width, height: fill.height, channels: 4 },
    left: margin,
    top: margin,
  });
  const data = await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite(layers)
    .raw()
    .toBuffer();
  return { data, width, height };
}
