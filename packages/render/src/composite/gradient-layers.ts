import type { Params, Rect } from '@darkroom/core';
import type { Pixels } from '../color/pixels.ts';
import { runPixelPasses } from '../color/sharp-pixels.ts';
import type { GradientPaint } from './gradient-paint.ts';
import { readGradientPaint } from './gradient-params.ts';

/** An RGBA layer's pixels (a watermark, a blend image) as the overlay steps hold them. */
interface LayerPixels {
  data: Buffer;
  width: number;
  height: number;
}

/** Runs `paint` over 4-channel pixels, in a worker thread when they are large (sharp-pixels.ts). */
export async function runGradientPaint(pixels: Pixels, paint: GradientPaint): Promise<Buffer> {
  await runPixelPasses(pixels, [{ kind: 'gradient', paint }]);
  const { data } = pixels;
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * A layer with its own gradient and fade painted on (`mark-gradient*` and `mark-fade*` on the
 * watermark, `blend-gradient*` and `blend-fade*` on the blend layer). Lengths and angles measure
 * from the layer's own box, not the picture's (watermark-gradient-angle page); `box` places the
 * pixels held within it when only part of the layer is (a blend layer cut to what the image
 * shows). A layer's fade and mask always go to transparent: it has no `bg` (blend-gradient-mask
 * page). The layer stays the same size: nothing new is allocated but the pass's own copy.
 */
export async function withLayerGradient<Layer extends LayerPixels>(
  params: Params,
  layer: 'mark-' | 'blend-',
  overlay: Layer,
  box: Rect = { left: 0, top: 0, width: overlay.width, height: overlay.height },
): Promise<Layer> {
  const paint = readGradientPaint(params, layer, {
    box,
    region: { left: 0, top: 0, width: overlay.width, height: overlay.height },
    dpr: params.number('dpr') ?? 1,
  });
  if (!paint) return overlay;
  const pixels: Pixels = {
    data: overlay.data,
    width: overlay.width,
    height: overlay.height,
    channels: 4,
    frameHeight: overlay.height,
  };
  return { ...overlay, data: await runGradientPaint(pixels, paint) };
}
