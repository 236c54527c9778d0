import type { Size } from '@darkroom/core';
import sharp from 'sharp';
import { admitCanvas, written } from '../pipeline/budget.ts';
import type { RenderContext } from '../pipeline/context.ts';
import type { RgbaLayer } from './raw.ts';
import type { SizedOverlay } from './resize-overlay.ts';
import { insetLayer, shadowLayer } from './shadow.ts';
import { MARK_DROP_SHADOW_PARAMETERS, readShadow, shadowGrowth } from './shadow-spec.ts';

/** The watermark, and the shadow to go beneath it placed relative to its top-left corner. */
export interface ShadowedMark {
  mark: SizedOverlay;
  beneath: RgbaLayer | null;
}

/**
 * `mark-drop-shadow*`: "the same shadows on a watermark instead of the base image", which
 * "never grow the canvas; they are clipped at the image's edge". The mark is drawn as it will
 * show (after `mark-alpha`: "a semi-transparent watermark casts its shadow at the same
 * opacity"), so its alpha is the shadow's shape. An inset shadow is drawn into the mark; the
 * others come back as a layer that goes beneath each placed mark (each tile of
 * `mark-tile=grid` casts its own). The unprefixed drop-shadow never applies to a watermark.
 */
export async function shadowedMark(
  context: RenderContext,
  mark: SizedOverlay,
  frame: Size,
): Promise<ShadowedMark> {
  const spec = readShadow(context.params, 'mark-drop-shadow', mark);
  if (spec === undefined) return { mark, beneath: null };
  const pixels = { data: mark.data, width: mark.width, height: mark.height, channels: 4 as const };
  const raw = { raw: { width: mark.width, height: mark.height, channels: 4 as const } };
  if (spec.type === 'inset') {
    const shadow = await insetLayer(pixels, spec);
    const data = await sharp(mark.data, raw)
      .composite([{ input: shadow, ...raw, blend: 'atop' }])
      .raw()
      .toBuffer();
    return { mark: { ...mark, data }, beneath: null };
  }
  // A shadow farther from the mark than the image leaves room for can never show.
  const growth = shadowGrowth(spec, mark);
  const across = Math.max(0, frame.width - mark.width);
  const down = Math.max(0, frame.height - mark.height);
  const left = Math.min(growth.left, across);
  const top = Math.min(growth.top, down);
  const window = {
    left: -left,
    top: -top,
    width: left + mark.width + Math.min(growth.right, across),
    height: top + mark.height + Math.min(growth.bottom, down),
  };
  admitCanvas(
    context.budget,
    window,
    written(context.params, MARK_DROP_SHADOW_PARAMETERS),
    'a watermark shadow',
  );
  const data = await shadowLayer(pixels, spec, window);
  return { mark, beneath: data === null ? null : { data, ...window } };
}

/** The shadow beneath each of `marks`, placed as they are. */
export function shadowsBeneath(
  marks: readonly RgbaLayer[],
  beneath: RgbaLayer | null,
): RgbaLayer[] {
  if (beneath === null) return [];
  return marks.map((mark) => ({
    ...beneath,
    left: mark.left + beneath.left,
    top: mark.top + beneath.top,
  }));
}
