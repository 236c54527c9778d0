import { APPEND_GAP_MAX, type Params, type Rgba, type Size } from '@darkroom/core';
import { TRANSPARENT_WHITE } from '../composite/colour.ts';
import { extendCanvas } from '../composite/layers.ts';
import {
  isAppendSide,
  planAppend,
  readAppendAlign,
  type AppendSide,
} from '../geometry/append-layout.ts';
import { compositeLayers, frameSize } from '../overlay/composite.ts';
import { loadOverlayImage, overlayLocation, type OverlayImage } from '../overlay/fetch.ts';
import { applyFit } from '../overlay/resize-overlay.ts';
import { admitCanvas, admitResize, written } from '../pipeline/budget.ts';
import { RenderError, type RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';

const APPEND_PARAMETERS = ['append', 'append-side', 'append-align', 'append-gap', 'dpr'];

/**
 * The `append` family (docs.imgix.com/apis/rendering/append): a second image placed beside the
 * image, at its own size times dpr, on a canvas grown to hold both. The image itself is neither
 * covered nor resized.
 */
export const appendStep: StepModule = {
  name: 'append',
  parameters: ['append', 'append-side', 'append-align', 'append-preserve', 'append-gap'],
  async run(context) {
    const location = overlayLocation(context.params, 'append');
    if (location === undefined) return;
    await appendImage(context, withoutRelativeQuery(location));
  },
};

/**
 * "A relative path with an encoded query — append=/badge.png%3Fh%3D200 — does not resize: the
 * query is dropped and the image is drawn at its native size" (append-image). An absolute URL
 * keeps its query, which an imgix origin renders with.
 */
function withoutRelativeQuery(location: string): string {
  if (/^https?:\/\//i.test(location)) return location;
  const query = location.indexOf('?');
  return query === -1 ? location : location.slice(0, query);
}

async function appendImage(context: RenderContext, location: string): Promise<void> {
  const { params } = context;
  const overlay = await fetchAppended(context, location);
  const base = frameSize(context);
  const named = params.string('append-side');
  const side: AppendSide = isAppendSide(named) ? named : 'right';
  const drawn = timesDpr(overlay.size, dpr(params));
  const layout = planAppend({
    base,
    appended: drawn,
    side,
    align: readAppendAlign(side, params.string('append-align')),
    gap: gapPixels(params, side, base),
    preserve: params.boolean('append-preserve') === true,
  });
  // The header's size decides the canvas: it is refused before any pixel is decoded or drawn.
  const cause = written(params, APPEND_PARAMETERS);
  admitResize(context.budget, drawn, cause, 'an append image');
  admitCanvas(context.budget, layout.canvas, cause);

  await extendCanvas(context, layout.base, fillColour(params));
  const shown = layout.appended;
  if (shown === null) return;
  const clipped =
    shown.crop.width !== drawn.width || shown.crop.height !== drawn.height ? shown.crop : null;
  const pixels = await applyFit(overlay, {
    resize: drawn,
    extract: clipped,
    extend: null,
    output: { width: shown.crop.width, height: shown.crop.height },
  });
  await compositeLayers(context, [{ ...pixels, left: shown.left, top: shown.top }]);
}

/**
 * The appended image, fetched as a mark is (the SSRF guard, the byte cap, the input pixel
 * budget). "If the image cannot be fetched, the whole request fails with the origin's status, so
 * a missing file returns 404; a file that is not an image returns 422" (append-image, ja-JP),
 * where a mark that cannot be fetched is a 422.
 */
async function fetchAppended(context: RenderContext, location: string): Promise<OverlayImage> {
  try {
    return await loadOverlayImage(context, location, 'append');
  } catch (error) {
    if (error instanceof RenderError && error.originStatus !== undefined) {
      throw new RenderError(error.originStatus, `The append image: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
}

function dpr(params: Params): number {
  const value = params.number('dpr') ?? 1;
  return value > 0 ? value : 1;
}

function timesDpr(size: Size, factor: number): Size {
  return {
    width: Math.max(1, Math.round(size.width * factor)),
    height: Math.max(1, Math.round(size.height * factor)),
  };
}

/**
 * `append-gap`: an integer is pixels times dpr, capped at 4096; a 0-1 fraction is of the base
 * image, along the direction the images follow each other (append-gap, ja-JP).
 */
function gapPixels(params: Params, side: AppendSide, base: Size): number {
  const value = params.get('append-gap');
  if (value?.type === 'unit_scalar') {
    const across = side === 'left' || side === 'right' ? base.width : base.height;
    return Math.round(value.value * across);
  }
  if (value?.type === 'integer')
    return Math.min(APPEND_GAP_MAX, Math.round(value.value * dpr(params)));
  return 0;
}

/**
 * "The gap, and any area the appended image does not cover, takes the pad fill first and then
 * bg. With neither set the area is transparent — or white" on JPEG, which the encoder flattens
 * (append-image). The pad fill is the colour `fit=fill` pads with, `fill-color` (in effect only
 * with `fill=solid`).
 */
function fillColour(params: Params): Rgba {
  return params.color('fill-color') ?? params.color('bg') ?? TRANSPARENT_WHITE;
}
