import { applyTimeline, planTimeline } from '../animation/timeline.ts';
import { selectFrames, type FrameRange } from '../animation/frames.ts';
import { blurhashResult } from '../output/blurhash.ts';
import { applyClientHints } from '../output/client-hints.ts';
import { applyColourSpace } from '../output/colour-space.ts';
import { withDensity } from '../output/density.ts';
import { applyEncoder, encoderSettings } from '../output/encode.ts';
import { enhance } from '../output/enhance.ts';
import {
  planOutput,
  type FormatChoice,
  type ImageFormat,
  type OutputPlan,
} from '../output/format.ts';
import { jsonResult } from '../output/json.ts';
import { asRenderError, checkInputPixels, Deadline } from '../output/limits.ts';
import { blockUntrustedLoaders } from '../output/loaders.ts';
import { OUTPUT_MEDIA_TYPES } from '../output/media-types.ts';
import { readSource } from '../output/source.ts';
import { paletteOutput } from '../steps/palette.ts';
import { createRenderContext } from './context-factory.ts';
import { configureLibvips } from './libvips.ts';
import {
  DEFAULT_RENDER_LIMITS,
  type RenderContext,
  type RenderLimits,
  type RenderRequest,
  type RenderResult,
  type SourceImage,
} from './context.ts';
import { PIPELINE } from './steps.ts';

// Before any origin byte reaches libvips (issue 4, item 7).
blockUntrustedLoaders();
configureLibvips();

const FORMATS_WITH_ALPHA: ReadonlySet<ImageFormat> = new Set([
  'png',
  'png8',
  'png32',
  'webp',
  'gif',
  'avif',
  'jp2',
]);

interface Session {
  request: RenderRequest;
  source: SourceImage;
  limits: RenderLimits;
  frames: FrameRange;
  deadline: Deadline;
}

/**
 * Renders an origin image: header checks and limits, the step pipeline, then the answer the
 * plan asks for (an encoded image, the origin's JSON description, a blurhash or a palette).
 * Failures are `RenderError`s with the status the delivery layer answers.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const limits = { ...DEFAULT_RENDER_LIMITS, ...request.limits };
  const deadline = new Deadline(limits.timeoutMs, request.signal);
  const source = await readSource(request.input);
  const params = applyClientHints(request.params, request.clientHints);
  const selected = selectFrames(params, source);
  const plan = planOutput(params, source, request.accept, selected.count > 1);
  const animated = plan.kind === 'image' && plan.animated;
  // A still made from an animation decodes only the first selected frame.
  const frames = animated ? selected : { first: selected.first, count: 1 };
  checkInputPixels(source, frames.count, limits);
  if (plan.kind === 'json') return jsonResult(source);

  const session: Session = { request, source, limits, frames, deadline };
  try {
    const context = createRenderContext(request, source, { params, limits, frames, deadline });
    for (const step of PIPELINE) {
      deadline.check();
      await step.run(context);
    }
    deadline.check();
    switch (plan.kind) {
      case 'blurhash':
        return await blurhashResult(context);
      case 'palette':
        return await paletteOutput(context);
      case 'image':
        return await encodeImage(context, plan, session);
    }
  } catch (error) {
    throw asRenderError(error);
  }
}

async function encodeImage(
  context: RenderContext,
  plan: Extract<OutputPlan, { kind: 'image' }>,
  session: Session,
): Promise<RenderResult> {
  const { params } = context;
  if (params.strings('auto').includes('enhance')) await enhance(context);
  await clampOutputSize(context);
  const format = await resolveFormat(context, plan.choice);
  if (context.hasAlpha && !FORMATS_WITH_ALPHA.has(format)) await flattenOntoWhite(context);
  const animation = context.animated
    ? await applyTimeline(context, planTimeline(params, session.source, session.frames))
    : undefined;
  const colourManaged = await applyColourSpace(context.image, params);
  const encoder = applyEncoder(colourManaged, encoderSettings(params, format), animation);
  const { data, info } = await encoder
    .timeout({ seconds: session.deadline.secondsLeft() })
    .toBuffer({ resolveWithObject: true });
  const dpi = params.number('dpi');
  return {
    body: dpi !== undefined && dpi > 0 ? withDensity(data, format, dpi) : data,
    contentType: OUTPUT_MEDIA_TYPES[format],
    format,
    width: info.width,
    height: context.animated ? (info.pageHeight ?? info.height) : info.height,
    variesOnAccept: plan.variesOnAccept,
    premium: context.premium,
  };
}

/**
 * Outputs never exceed `maxOutputSide` (8192) on a side (issue 4, item 7). The size step already
 * keeps `w`/`h` within it; this catches growth from padding, borders, rotation or a huge origin
 * served without `w`.
 */
async function clampOutputSize(context: RenderContext): Promise<void> {
  const { maxOutputSide } = context.limits;
  if (context.width <= maxOutputSide && context.height <= maxOutputSide) return;
  // sharp keeps a single resize per pipeline: render what is planned, then shrink that.
  await context.materialize();
  context.image = context.image.resize({
    width: maxOutputSide,
    height: maxOutputSide,
    fit: 'inside',
  });
  const scale = Math.min(maxOutputSide / context.width, maxOutputSide / context.height);
  context.width = Math.max(1, Math.round(context.width * scale));
  context.height = Math.max(1, Math.round(context.height * scale));
  context.pageHeight = context.height;
}

/** PNG for an image that shows see-through pixels, JPEG (or the plan's pair) for the rest. */
async function resolveFormat(context: RenderContext, choice: FormatChoice): Promise<ImageFormat> {
  if ('fixed' in choice) return choice.fixed;
  if (!context.hasAlpha) return choice.opaque;
  // An alpha channel is not transparency: measure it on the rendered pixels.
  await context.materialize();
  const { isOpaque } = await context.image.clone().stats();
  return isOpaque ? choice.opaque : choice.transparent;
}

/** JPEG has no alpha: composite onto white as imgix does, after everything drawn so far. */
async function flattenOntoWhite(context: RenderContext): Promise<void> {
  // sharp flattens before resizing and compositing; render those first so nothing is dropped.
  await context.materialize();
  context.image = context.image.flatten({ background: '#ffffff' });
  context.hasAlpha = false;
}
