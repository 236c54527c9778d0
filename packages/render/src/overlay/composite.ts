import type sharp from 'sharp';
import type { RenderContext } from '../pipeline/context.ts';
import type { Size } from '@darkroom/core';
import { visiblePart } from './placement.ts';
import { cropRgba, type RgbaLayer } from './raw.ts';

/** One frame's size: the whole image, or one page of an animation (frames stack vertically). */
export function frameSize(context: RenderContext): Size {
  return { width: context.width, height: context.animated ? context.pageHeight : context.height };
}

/**
 * How many frames the pipeline holds, read after `materialize()`: the context keeps `height`
 * at one frame, so only the raw input's page count says how many are stacked.
 */
async function frameCount(context: RenderContext): Promise<number> {
  if (!context.animated) return 1;
  const { pages } = await context.image.metadata();
  return pages ?? 1;
}

/**
 * Draws `layers` (placed in frame coordinates) over the image, on every frame of an animation,
 * with one of sharp's blend modes. Parts outside the frame are cut off first: sharp refuses an
 * overlay larger than its base, and one hanging over a frame edge would bleed into the next.
 */
export async function compositeLayers(
  context: RenderContext,
  layers: readonly RgbaLayer[],
  blend: sharp.Blend = 'over',
): Promise<void> {
  const frame = frameSize(context);
  const visible = layers.flatMap((layer) => {
    const part = visiblePart(layer, frame);
    return part ? [{ layer, part }] : [];
  });
  if (visible.length === 0) return;
  // A later composite() replaces an earlier one in the same sharp pipeline, and sharp runs it
  // after its other operations: fixing the pixels first keeps every earlier step's work.
  await context.materialize();
  const frames = await frameCount(context);
  const inputs: sharp.OverlayOptions[] = [];
  for (const { layer, part } of visible) {
    const whole = part.crop.width === layer.width && part.crop.height === layer.height;
    const data = whole ? layer.data : cropRgba(layer.data, layer.width, part.crop);
    const raw = { width: part.crop.width, height: part.crop.height, channels: 4 as const };
    for (let index = 0; index < frames; index += 1) {
      inputs.push({
        input: data,
        raw,
        left: part.left,
        top: part.top + index * frame.height,
        blend,
      });
    }
  }
  context.image = context.image.composite(inputs);
  // Over an opaque image the result stays opaque; sharp's added alpha channel would only
  // mislead the encoder (and the steps after) into treating the image as transparent.
  if (!context.hasAlpha) context.image = context.image.removeAlpha();
}
