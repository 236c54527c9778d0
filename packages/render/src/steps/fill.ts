import type { Params, Rgba } from '@darkroom/core';
import sharp from 'sharp';
import { composeOntoCanvas, type CanvasPlan } from '../composite/canvas.ts';
import { TRANSPARENT_WHITE } from '../composite/colour.ts';
import { GRADIENT_COLOUR_SPACES, type GradientColourSpace } from '../composite/colour-space.ts';
import { renderGradient, type Gradient, type Side } from '../composite/gradient.ts';
import { generativeFill } from '../ai/generative-fill.ts';
import {
  currentPixels,
  extendCanvas,
  fromPixels,
  splitFrames,
  type RawPixels,
} from '../composite/layers.ts';
import { vividColours } from '../composite/palette.ts';
import { colourPair, lengthOf } from '../composite/param-values.ts';
import type { PendingFill, RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';

/** Longest side a gradient is computed at; it is smooth, so larger canvases scale it up. */
const GRADIENT_RESOLUTION = 1024;
/** Side of the thumbnail the default gradient colours are picked from. */
const PALETTE_SAMPLE = 64;
/** The blur is computed on a copy small enough that its sigma is this, then scaled up. */
const BLUR_WORKING_SIGMA = 4;

const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

function isSide(value: string): value is Side {
  return (SIDES as readonly string[]).includes(value);
}

function isColourSpace(value: string | undefined): value is GradientColourSpace {
  return (GRADIENT_COLOUR_SPACES as readonly (string | undefined)[]).includes(value);
}

/**
 * imgix fill-color: "If fill-color is not used, the excess space will be white or transparent,
 * depending on whether the image output format supports transparency": transparent here, and
 * the encoder (or `bg`, in the background step) decides the rest.
 */
async function solidFill(context: RenderContext, fill: PendingFill): Promise<void> {
  await extendCanvas(
    context,
    roomOf(context, fill),
    context.params.color('fill-color') ?? TRANSPARENT_WHITE,
  );
}

/**
 * fill-gen-pos: where the image sits on the canvas the provider fills (`top`, `left`, ...;
 * centred by default, where the size step put it).
 */
function placedForGeneration(context: RenderContext, fill: PendingFill): PendingFill {
  const position = context.params.strings('fill-gen-pos');
  const spareX = fill.canvasWidth - context.width;
  const spareY = fill.canvasHeight - context.height;
  const left = position.includes('left') ? 0 : position.includes('right') ? spareX : fill.left;
  const top = position.includes('top') ? 0 : position.includes('bottom') ? spareY : fill.top;
  return { ...fill, left, top };
}

function roomOf(context: RenderContext, fill: PendingFill) {
  return {
    top: fill.top,
    left: fill.left,
    right: fill.canvasWidth - fill.left - context.width,
    bottom: fill.canvasHeight - fill.top - context.height,
  };
}

/**
 * The image scaled to cover the canvas and blurred behind itself. imgix gives no strength for
 * images; its video API's automatic strength (min(width, height) / 20, kept within 4-200) is
 * used as the Gaussian sigma.
 */
async function blurredCover(pixels: RawPixels, fill: PendingFill): Promise<sharp.Sharp> {
  const { canvasWidth, canvasHeight } = fill;
  const sigma = Math.min(200, Math.max(4, Math.min(canvasWidth, canvasHeight) / 20));
  const scale = Math.min(1, BLUR_WORKING_SIGMA / sigma);
  const { data, info } = await fromPixels(pixels)
    .resize(
      Math.max(1, Math.round(canvasWidth * scale)),
      Math.max(1, Math.round(canvasHeight * scale)),
      {
        fit: 'cover',
      },
    )
    .blur(sigma * scale)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  }).resize(canvasWidth, canvasHeight, { fit: 'fill' });
}

/** imgix fill=gradient without colours: "vivid dark" to "vivid light" of the image's palette. */
async function paletteColours(pixels: RawPixels): Promise<[Rgba, Rgba]> {
  const { data, info } = await fromPixels(pixels)
    .resize(PALETTE_SAMPLE, PALETTE_SAMPLE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const { dark, light } = vividColours({ data, width, height, channels: 4, frameHeight: height });
  return [dark, light];
}

/** The gradient the `fill-gradient-*` parameters describe, in `width` x `height` pixels. */
async function readGradient(
  params: Params,
  pixels: RawPixels,
  width: number,
  height: number,
): Promise<Gradient> {
  const cs = params.string('fill-gradient-cs');
  const space: GradientColourSpace = isColourSpace(cs) ? cs : 'srgb';
  if (params.string('fill-gradient-type') === 'radial') {
    const [from, to] = colourPair(params, 'fill-gradient-radial') ?? (await paletteColours(pixels));
    // The catalogue's defaults: centre 0.5, 0.5 and radii 0.25, 0.5 of the smaller side.
    const smaller = Math.min(width, height);
    const radii = params.list('fill-gradient-radial-radius');
    const x = params.get('fill-gradient-radial-x');
    const y = params.get('fill-gradient-radial-y');
    return {
      kind: 'radial',
      from,
      to,
      centreX: (x && lengthOf(x, width)) ?? width / 2,
      centreY: (y && lengthOf(y, height)) ?? height / 2,
      innerRadius: (radii?.[0] && lengthOf(radii[0], smaller)) ?? smaller * 0.25,
      outerRadius: (radii?.[1] && lengthOf(radii[1], smaller)) ?? smaller * 0.5,
      space,
    };
  }
  const [from, to] = colourPair(params, 'fill-gradient-linear') ?? (await paletteColours(pixels));
  const towards = params.strings('fill-gradient-linear-direction').filter(isSide);
  return { kind: 'linear', from, to, towards: towards.length > 0 ? towards : ['bottom'], space };
}

/** Draws `gradient` (given in canvas pixels) over the canvas, computed at a capped size. */
function gradientCanvas(gradient: Gradient, fill: PendingFill): sharp.Sharp {
  const { canvasWidth, canvasHeight } = fill;
  const scale = Math.min(1, GRADIENT_RESOLUTION / Math.max(canvasWidth, canvasHeight));
  const width = Math.max(1, Math.round(canvasWidth * scale));
  const height = Math.max(1, Math.round(canvasHeight * scale));
  const scaled: Gradient =
    gradient.kind === 'radial'
      ? {
          ...gradient,
          centreX: gradient.centreX * scale,
          centreY: gradient.centreY * scale,
          innerRadius: gradient.innerRadius * scale,
          outerRadius: gradient.outerRadius * scale,
        }
      : gradient;
  const canvas = sharp(renderGradient(scaled, width, height), {
    raw: { width, height, channels: 4 },
  });
  return scale < 1 ? canvas.resize(canvasWidth, canvasHeight, { fit: 'fill' }) : canvas;
}

/**
 * Paints the room fit=fill and fit=fillmax leave around the resized image (the size step
 * records it as `pendingFill`): a solid colour, the image blurred, a gradient, or generated by
 * the configured provider (`fill=gen`, ai/generative-fill.ts), which keeps the solid fill when
 * generation fails, as imgix does (`fill-gen-fallback`).
 */
export const fillStep: StepModule = {
  name: 'fill',
  parameters: [
    'fill',
    'fill-color',
    'fill-gradient-type',
    'fill-gradient-linear',
    'fill-gradient-linear-direction',
    'fill-gradient-radial',
    'fill-gradient-radial-radius',
    'fill-gradient-radial-x',
    'fill-gradient-radial-y',
    'fill-gradient-cs',
    'fill-gen-prompt',
    'fill-gen-neg-prompt',
    'fill-gen-seed',
    'fill-gen-fallback',
    'fill-gen-pos',
  ],
  async run(context) {
    const fill = context.pendingFill;
    if (!fill) return;
    context.pendingFill = null;
    const mode = context.params.string('fill');
    if (mode === 'gen' || mode === 'generative') {
      const placed = placedForGeneration(context, fill);
      await extendCanvas(context, roomOf(context, placed), TRANSPARENT_WHITE);
      // When generation fails and may fall back, the room stays as fill=solid leaves it without
      // a colour (fill-color applies to fill=solid only): transparent, or white in a JPEG.
      await generativeFill(context, placed);
      return;
    }
    if (mode !== 'blur' && mode !== 'gradient') {
      await solidFill(context, fill);
      return;
    }
    const pixels = await currentPixels(context);
    const { canvasWidth: width, canvasHeight: height, left, top } = fill;
    let background: CanvasPlan['background'];
    if (mode === 'blur') {
      background = (frame) => blurredCover(frame, fill);
    } else {
      // The palette comes from the first frame, so an animation keeps one gradient throughout.
      const [first] = splitFrames(pixels, context.height);
      const gradient = await readGradient(context.params, first ?? pixels, width, height);
      background = () => gradientCanvas(gradient, fill);
    }
    await composeOntoCanvas(context, { width, height, left, top, pixels, background });
  },
};
