import sharp from 'sharp';

/**
 * sharp runs one pipeline's operations in its own fixed order (src/pipeline.cc in sharp
 * 0.34): resize, rotate, extend, then median, blur, modulate, sharpen, composite, then gamma,
 * linear, normalise, tint, alpha removal, colour space and negate. An extend or composite added
 * by a late step would run before an adjustment an earlier step asked for, and a second
 * extend or composite replaces the first. This module reads the operations a pipeline already
 * holds (sharp keeps them in the undocumented `options` object of the instance; pinned sharp
 * version, see package.json) so the composite steps materialise only when they have to and
 * plain padding stays in the one pipeline.
 */
type Options = Record<string, unknown>;

function optionsOf(image: sharp.Sharp): Options {
  return (image as unknown as { options: Options }).options;
}

let defaults: Options | undefined;
function defaultOptions(): Options {
  defaults ??= optionsOf(sharp());
  return defaults;
}

/** Operations sharp applies after `composite`, in pipeline.cc order. */
const AFTER_COMPOSITE = [
  'gammaOut',
  'linearA',
  'linearB',
  'normalise',
  'claheWidth',
  'boolean',
  'bandBoolOp',
  'tint',
  'removeAlpha',
  'extractChannel',
  'colourspace',
  'negate',
] as const;

/** Operations sharp applies after `extend` (and so after a padding we add now). */
const AFTER_EXTEND = [
  // A post-resize extract (a crop after the resize) cuts after the extend: it would cut the
  // padding or border away again.
  'topOffsetPost',
  'leftOffsetPost',
  'widthPost',
  'heightPost',
  'medianSize',
  'threshold',
  'dilateWidth',
  'erodeWidth',
  'blurSigma',
  'unflatten',
  'convKernel',
  'recombMatrix',
  'brightness',
  'saturation',
  'hue',
  'lightness',
  'sharpenSigma',
  'composite',
  ...AFTER_COMPOSITE,
] as const;

const EXTEND = ['extendTop', 'extendRight', 'extendBottom', 'extendLeft'] as const;

function changed(options: Options, keys: readonly string[]): boolean {
  const base = defaultOptions();
  return keys.some((key) => JSON.stringify(options[key]) !== JSON.stringify(base[key]));
}

/**
 * True when the pipeline so far decodes to one or two bands: sharp then converts an extend's
 * background colour to grey (common.cc ApplyAlpha), so a red padding would come out grey.
 */
function greyBeforeExtend(options: Options, sourceChannels: number): boolean {
  if (options['greyscale'] === true) return true;
  const input = options['input'] as { rawChannels?: number } | undefined;
  return (input?.rawChannels ?? sourceChannels) < 3;
}

/**
 * Whether an `extend` added to `image` now would run after everything already in it.
 * `sourceChannels` is the origin's band count (used until the pipeline starts from raw
 * pixels); `coloured` says the new area has a colour that a grey pipeline would lose.
 */
export function canExtendNow(
  image: sharp.Sharp,
  { sourceChannels, coloured }: { sourceChannels: number; coloured: boolean },
): boolean {
  const options = optionsOf(image);
  if (changed(options, EXTEND) || changed(options, AFTER_EXTEND)) return false;
  return !(coloured && greyBeforeExtend(options, sourceChannels));
}

/** Whether a `composite` added to `image` now would run after everything already in it. */
export function canCompositeNow(image: sharp.Sharp): boolean {
  return !changed(optionsOf(image), ['composite', ...AFTER_COMPOSITE]);
}
