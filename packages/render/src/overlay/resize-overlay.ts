import sharp from 'sharp';
import type { FitPlan } from './fit.ts';
import type { OverlayImage } from './fetch.ts';
import type { Size } from '@darkroom/core';
import { shrinkToFit } from './placement.ts';
import type { RgbaLayer } from './raw.ts';
import { isDecodeFailure } from '../output/limits.ts';
import { RenderError } from '../pipeline/context.ts';

/**
 * The 422 of an overlay whose header read but whose pixels do not decode, named as the overlay
 * (the render's own mapping, asRenderError, speaks of the origin); any other error as it was.
 */
function undecodable(error: unknown): unknown {
  if (error instanceof RenderError || !isDecodeFailure(error)) return error;
  return new RenderError(422, 'The overlay image is damaged: its pixels cannot be decoded.', {
    cause: error,
  });
}

/** An overlay image as raw RGBA pixels of its final size, not yet placed. */
export type SizedOverlay = Omit<RgbaLayer, 'left' | 'top'>;

/** Carries out a `FitPlan` on an overlay image, returning its RGBA pixels. */
export async function applyFit(overlay: OverlayImage, plan: FitPlan): Promise<SizedOverlay> {
  // Greyscale overlays come out as sRGB too: every layer is four channels.
  let pipeline = overlay
    .open()
    .toColourspace('srgb')
    .ensureAlpha()
    .resize(plan.resize.width, plan.resize.height, { fit: 'fill' });
  // Called after resize, sharp extracts from the resized image.
  if (plan.extract) pipeline = pipeline.extract(plan.extract);
  if (plan.extract && plan.extend) {
    // sharp 0.34 drops an extend that follows a resize and an extract in one pipeline: the
    // extracted part (at most the image's size, fit.ts visibleFitPlan) is made first.
    const { data, info } = await pipeline
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch((error: unknown) => {
        throw undecodable(error);
      });
    pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
  }
  if (plan.extend) {
    const { edge, ...sides } = plan.extend;
    pipeline = pipeline.extend(
      edge === 'copy'
        ? { ...sides, extendWith: 'copy' }
        : { ...sides, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    );
  }
  const { data, info } = await pipeline
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw undecodable(error);
    });
  return { data, width: info.width, height: info.height };
}

/** Scales an overlay down, keeping its shape, until it fits inside `bounds`; never up. */
export async function shrinkInside(overlay: SizedOverlay, bounds: Size): Promise<SizedOverlay> {
  const target = shrinkToFit(overlay, bounds);
  if (target.width === overlay.width && target.height === overlay.height) return overlay;
  const { data, info } = await sharp(overlay.data, {
    raw: { width: overlay.width, height: overlay.height, channels: 4 },
  })
    .resize(target.width, target.height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Turns an overlay `degrees` clockwise about its centre on a transparent background that grows to hold it. */
export async function rotateOverlay(overlay: SizedOverlay, degrees: number): Promise<SizedOverlay> {
  const { data, info } = await sharp(overlay.data, {
    raw: { width: overlay.width, height: overlay.height, channels: 4 },
  })
    .rotate(degrees, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
