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
import { applyPremiumOperations } from '../ai/premium.ts';
import { facesInImage } from '../ai/faces.ts';
import { iptcSegments, withIptc } from '../output/iptc.ts';
import { jsonResult } from '../output/json.ts';
import { asRenderError, checkInputPixels, Deadline } from '../output/limits.ts';
import { blockUntrustedLoaders } from '../output/loaders.ts';
import { OUTPUT_MEDIA_TYPES, SVG_MEDIA_TYPE } from '../output/media-types.ts';
import { readSource } from '../output/source.ts';
import { looksLikeSvg, sanitizeSvg } from '../output/svg-sanitize.ts';
import { paletteOutput } from '../steps/palette.ts';
import { createRenderContext } from './context-factory.ts';
import { configureLibvips } from './libvips.ts';
import {
  DEFAULT_RENDER_LIMITS,
  RenderError,
  type RenderContext,
  type RenderLimits,
  type RenderRequest,
  type RenderResult,
  type SourceImage,
} from './context.ts';
import { PIPELINE } from './steps.ts';
import { MOTION_DEFAULTS, motionVideo } from '../video/motion-video.ts';

// Before any origin byte reaches libvips: only loaders hardened for untrusted input may run.
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
  if (request.params.boolean('rasterize-bypass') === true && looksLikeSvg(request.input)) {
    return svgAsItIs(request);
  }
  const limits = { ...DEFAULT_RENDER_LIMITS, ...request.limits };
  const deadline = new Deadline(limits.timeoutMs, request.signal);
  // fm=json describes the origin with everything sharp reads from its header.
  const reading = { fullMetadata: request.params.string('fm') === 'json' };
  const origin = await readSource(request.input, reading);
  checkInputPixels(origin, 1, limits);
  const premium = await applyPremiumOperations(
    request.input,
    request.params,
    { models: request.ai, generative: request.generative, signal: request.signal },
    limits,
  );
  const enlarged =
    premium.input === request.input ? origin : await readSource(premium.input, reading);
  const result = await renderSource(
    enlarged,
    request,
    limits,
    deadline,
    enlarged.width / origin.width,
  );
  if (!premium.applied && Object.keys(premium.failures).length === 0) return result;
  return {
    ...result,
    premium: result.premium || premium.applied,
    aiFailures: { ...premium.failures, ...result.aiFailures },
    aiWarnings: premium.warnings,
  };
}

/**
 * `rasterize-bypass` on an SVG origin: the file itself, every other parameter (defaults too)
 * left aside as imgix does, sanitized unless `svg-sanitize=false`. Raster origins ignore the
 * parameter; PDF and EPS, which imgix also passes through, are not read by Darkroom at all.
 */
function svgAsItIs(request: RenderRequest): RenderResult {
  const sanitize = request.params.boolean('svg-sanitize') ?? true;
  return {
    body: sanitize ? sanitizeSvg(request.input) : Buffer.from(request.input),
    contentType: SVG_MEDIA_TYPE,
    format: 'svg',
    width: null,
    height: null,
    variesOnAccept: false,
    premium: false,
  };
}

async function renderSource(
  source: SourceImage,
  request: RenderRequest,
  limits: RenderLimits,
  deadline: Deadline,
  sourceScale: number,
): Promise<RenderResult> {
  const params = applyClientHints(request.params, request.clientHints);
  const selected = selectFrames(params, source);
  const plan = planOutput(params, source, request.accept, selected.count > 1);
  const animated = plan.kind === 'image' && plan.animated;
  // A still made from an animation decodes only the first selected frame.
  const frames = animated ? selected : { first: selected.first, count: 1 };
  checkInputPixels(source, frames.count, limits);
  if (plan.kind === 'motion' && request.imageToVideo !== true) {
    throw new RenderError(
      403,
      'fm=mp4 of a still image is image to video, which needs the image_to_video capability.',
    );
  }
  if (plan.kind === 'json') {
    const faces =
      params.number('faces') === 1 && request.ai !== undefined
        ? await facesInImage(request.ai, source.bytes, source)
        : null;
    return jsonResult(source, faces);
  }

  const session: Session = { request, source, limits, frames, deadline };
  try {
    const context = createRenderContext({ ...request, input: source.bytes }, source, {
      params,
      limits,
      frames,
      deadline,
      sourceScale,
    });
    for (const step of PIPELINE) {
      deadline.check();
      await step.run(context);
    }
    deadline.check();
    switch (plan.kind) {
      case 'motion':
        return await motionResult(context, session);
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
  const dense = dpi !== undefined && dpi > 0 ? withDensity(data, format, dpi) : data;
  const jpeg = format === 'jpg' || format === 'pjpg';
  return {
    body:
      jpeg && params.string('iptc') === 'allow'
        ? withIptc(dense, iptcSegments(session.source.bytes))
        : dense,
    contentType: OUTPUT_MEDIA_TYPES[format],
    format,
    width: info.width,
    height: context.animated ? (info.pageHeight ?? info.height) : info.height,
    variesOnAccept: plan.variesOnAccept,
    premium: context.premium,
    ...(Object.keys(context.aiFailures).length > 0 && { aiFailures: context.aiFailures }),
  };
}

/**
 * fm=mp4 of a still (image to video without a generative model, editor spec section 1): the
 * rendered still, its sides made even for H.264, turned into a pan-and-zoom clip:
 * `video-clip-duration` seconds (5 by default, 1 to 20), zooming in by a quarter towards the focal
 * point (`fp-x`, `fp-y` with crop=focalpoint), else the centre.
 */
async function motionResult(context: RenderContext, session: Session): Promise<RenderResult> {
  const { params } = context;
  await clampOutputSize(context);
  await context.materialize();
  const size = { width: evenSide(context.width), height: evenSide(context.height) };
  const still = await context.image
    .resize(size.width, size.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const body = await motionVideo(
    still,
    size,
    {
      ...MOTION_DEFAULTS,
      seconds: Math.min(20, Math.max(1, params.number('video-clip-duration') ?? 5)),
      focus: { x: params.number('fp-x') ?? 0.5, y: params.number('fp-y') ?? 0.5 },
    },
    session.request.signal,
  );
  return {
    body,
    contentType: 'video/mp4',
    format: 'mp4',
    width: size.width,
    height: size.height,
    variesOnAccept: false,
    premium: true,
  };
}

function evenSide(side: number): number {
  return Math.max(2, side - (side % 2));
}

/**
 * Outputs never exceed `maxOutputSide` (8192) on a side, the catalogue's bound for `w` and `h`
 * (editor spec sections 3 and 9). The size step already keeps `w`/`h` within it; this catches
 * growth from padding, borders, rotation or a huge origin served without `w`.
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
