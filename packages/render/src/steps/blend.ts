import { gradientFamilyNames, type Params, type Rgba, type Size } from '@darkroom/core';
import { withLayerGradient } from '../composite/gradient-layers.ts';
import type { RenderContext } from '../pipeline/context.ts';
import { restartFromPixels } from '../pipeline/context-factory.ts';
import type { Pixels } from '../color/pixels.ts';
import { runPixelPasses } from '../color/sharp-pixels.ts';
import type { StepModule } from '../pipeline/step.ts';
import {
  SHARP_BLEND,
  isBlendMode,
  isNonSeparable,
  type NonSeparableMode,
} from '../overlay/blend-modes.ts';
import { compositeLayers, frameSize } from '../overlay/composite.ts';
import { loadOverlayImage, overlayLocation } from '../overlay/fetch.ts';
import { isOverlayFit, planFit, readCropGravity, visibleFitPlan } from '../overlay/fit.ts';
import { admitResize, written } from '../pipeline/budget.ts';
import {
  placeLayer,
  readAlignment,
  resolveLength,
  visiblePart,
  type Alignment,
} from '../overlay/placement.ts';
import {
  colourThroughMask,
  cropRgba,
  pasteRgba,
  scaleAlpha,
  type RgbaLayer,
} from '../overlay/raw.ts';
import { applyFit } from '../overlay/resize-overlay.ts';

/** An image blend starts at the top-left corner (`blend-x` and `blend-y` default to 0). */
const DEFAULT_ALIGNMENT: Alignment = { horizontal: 'left', vertical: 'top' };

/**
 * The `blend` family: a colour over the whole image, or an image placed on it, combined with
 * one of imgix's sixteen blend modes (docs.imgix.com/apis/rendering/blending/blend-mode;
 * overlay by default).
 */
export const blendStep: StepModule = {
  name: 'blend',
  parameters: [
    'blend',
    'blend-align',
    'blend-alpha',
    'blend-color',
    'blend-crop',
    'blend-fit',
    'blend-h',
    'blend-mode',
    'blend-pad',
    'blend-size',
    'blend-w',
    'blend-x',
    'blend-y',
    // blend-gradient* and blend-fade*: the gradient and fade family on the blend layer itself.
    ...gradientFamilyNames('blend-'),
  ],
  async run(context) {
    const { params } = context;
    const location = overlayLocation(params, 'blend');
    // `blend` takes a colour or an image; `blend-color` names the colour on its own.
    const colour = params.color('blend-color') ?? params.color('blend');
    if (location === undefined && colour === undefined) return;
    const layer =
      location === undefined
        ? await withLayerGradient(
            params,
            'blend-',
            colourLayer(frameSize(context), colour ?? { r: 0, g: 0, b: 0, alpha: 0 }),
          )
        : await imageLayer(context, location);
    // A blend image wholly off the image, or showing only transparent margins, changes nothing.
    if (layer === null) return;
    scaleAlpha(layer.data, (params.number('blend-alpha') ?? 100) / 100);
    const modeName = params.string('blend-mode');
    const mode = isBlendMode(modeName) ? modeName : 'overlay';
    if (isNonSeparable(mode)) await blendOnPixels(context, layer, mode);
    else await compositeLayers(context, [layer], SHARP_BLEND[mode]);
  },
};

function colourLayer(frame: Size, colour: Rgba): RgbaLayer {
  const data = colourThroughMask(
    Buffer.alloc(frame.width * frame.height, 255),
    colour,
    colour.alpha,
  );
  return { data, ...frame, left: 0, top: 0 };
}

/**
 * The blend image, sized and placed; only the part the image shows is rasterized (a blend sized
 * far past the image, blend-w=8192 of a tall image, never allocates what is cut off anyway).
 */
async function imageLayer(context: RenderContext, location: string): Promise<RgbaLayer | null> {
  const { params } = context;
  const frame = frameSize(context);
  const overlay = await loadOverlayImage(context, location, 'blend');
  const plan = planBlendSize(params, overlay.size, frame);
  admitResize(context.budget, plan.resize, written(params, BLEND_SIZE), 'a blend image');
  const { left, top } = placeLayer({
    canvas: frame,
    layer: plan.output,
    alignment: readAlignment(params.strings('blend-align'), DEFAULT_ALIGNMENT),
    pad: params.number('blend-pad') ?? 0,
    x: params.number('blend-x'),
    y: params.number('blend-y'),
  });
  const shown = visiblePart({ left, top, ...plan.output }, frame);
  const part = shown && visibleFitPlan(plan, shown.crop);
  if (!shown || !part) return null;
  // The blend-gradient page: applied to the layer "before it is transformed and placed", over
  // its own box, of which only the part shown is held here.
  const sized = await withLayerGradient(params, 'blend-', await applyFit(overlay, part), {
    left: -shown.crop.left,
    top: -shown.crop.top,
    ...plan.output,
  });
  return { ...sized, left: shown.left, top: shown.top };
}

const BLEND_SIZE = ['blend-w', 'blend-h', 'blend-size', 'blend-fit'];

/**
 * `blend-size=inherit` gives the blend the image's own size, cropped to it as `blend-crop`
 * says; otherwise `blend-w` / `blend-h` (pixels or fractions of the image) with `blend-fit`.
 */
function planBlendSize(params: Params, natural: Size, frame: Size) {
  const gravity = readCropGravity(params.strings('blend-crop'));
  if (params.string('blend-size') === 'inherit') return planFit(natural, frame, 'crop', gravity);
  const fit = params.string('blend-fit');
  const target = {
    width: resolveLength(params.get('blend-w'), frame.width),
    height: resolveLength(params.get('blend-h'), frame.height),
  };
  return planFit(natural, target, isOverlayFit(fit) ? fit : 'clip', gravity);
}

/** Hue, saturation, color and luminosity, which libvips lacks, computed on the raw pixels of each frame. */
async function blendOnPixels(
  context: RenderContext,
  layer: RgbaLayer,
  mode: NonSeparableMode,
): Promise<void> {
  const frame = frameSize(context);
  const visible = visiblePart(layer, frame);
  if (!visible) return;
  const frameLayer = Buffer.alloc(frame.width * frame.height * 4);
  pasteRgba(
    frameLayer,
    frame.width,
    cropRgba(layer.data, layer.width, visible.crop),
    visible.crop.width,
    visible.left,
    visible.top,
  );
  await context.materialize();
  // Blending needs colour channels; a greyscale image becomes sRGB (alpha kept).
  const { data, info } = await context.image
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: Pixels = {
    data,
    width: info.width,
    height: info.height,
    channels: info.channels === 4 ? 4 : 3,
    frameHeight: frame.height,
  };
  // Per-pixel colour arithmetic: in a worker thread for a large image (sharp-pixels.ts).
  await runPixelPasses(pixels, [{ kind: 'blend', layer: frameLayer, mode }]);
  restartFromPixels(context, pixels.data, pixels);
}
