import type { Params, Rgba } from '@darkroom/core';
import type sharp from 'sharp';
import { GRID_DEFAULTS, checkerboard } from '../composite/checkerboard.ts';
import { perFrame, solidLayer } from '../composite/layers.ts';
import { colourPair } from '../composite/param-values.ts';
import { canCompositeNow } from '../composite/pipeline-order.ts';
import type { StepModule } from '../pipeline/step.ts';

/** `grid-colors`, with imgix's rule that a single colour pairs with white. */
function gridColours(params: Params): readonly [Rgba, Rgba] {
  return colourPair(params, 'grid-colors', GRID_DEFAULTS.colours[1]) ?? GRID_DEFAULTS.colours;
}

/**
 * The layers behind the image, nearest first: the `bg` colour, then the `transparency=grid`
 * checkerboard (so an opaque `bg` hides the grid, and a translucent one tints it).
 */
function backdrop(
  params: Params,
  width: number,
  height: number,
): { layers: sharp.OverlayOptions[]; opaque: boolean } {
  const layers: sharp.OverlayOptions[] = [];
  let opaque = false;
  const colour = params.color('bg');
  if (colour && colour.alpha > 0) {
    layers.push({ input: { create: solidLayer(width, height, colour) }, blend: 'dest-over' });
    opaque = colour.alpha >= 1;
  }
  if (!opaque && params.string('transparency') === 'grid') {
    // imgix grid-size: "scales with dpr", so the squares look the same size on any screen.
    const cell = (params.number('grid-size') ?? GRID_DEFAULTS.size) * (params.number('dpr') ?? 1);
    const colours = gridColours(params);
    // Two squares each way, repeated by sharp across the image, unless that is already
    // larger than the image (sharp refuses an overlay larger than its base).
    const period = 2 * Math.max(1, Math.round(cell));
    const tiled = period <= width && period <= height;
    const [tileWidth, tileHeight] = tiled ? [period, period] : [width, height];
    layers.push({
      input: checkerboard(tileWidth, tileHeight, cell, colours),
      raw: { width: tileWidth, height: tileHeight, channels: 4 },
      tile: tiled,
      gravity: 'northwest',
      blend: 'dest-over',
    });
    opaque = colours.every((c) => c.alpha >= 1);
  }
  return { layers, opaque };
}

/**
 * The last step before encoding: fills transparent pixels with `bg` and draws the
 * `transparency=grid` checkerboard behind them. An image without alpha has nothing to fill.
 */
export const backgroundStep: StepModule = {
  name: 'background',
  parameters: ['bg', 'transparency', 'grid-colors', 'grid-size'],
  async run(context) {
    if (!context.hasAlpha) return;
    const { layers, opaque } = backdrop(context.params, context.width, context.height);
    if (layers.length === 0) return;
    // Nothing follows but the encoder, so the composite stays in the pipeline when sharp
    // would run it last: a transparent PNG turned into a JPEG on white decodes once.
    if (!canCompositeNow(context.image)) await context.materialize();
    context.image = context.image.composite(perFrame(context, layers));
    if (opaque) {
      context.image = context.image.removeAlpha();
      context.hasAlpha = false;
    }
  },
};
