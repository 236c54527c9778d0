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
import { admitSvg, checkSvgRaster, type AdmittedSvg } from '../output/svg-admission.ts';
import { looksLikeSvg } from '../output/svg-sanitize.ts';
import { renderWorkers } from '../workers/pool.ts';
import { paletteOutput } from '../steps/palette.ts';
import { createRenderContext } from './context-factory.ts';
import { configureLibvips } from './libvips.ts';
import { currentDeadline, withinDeadline } from './render-deadline.ts';
import { isPdf, rasterisePdf, type PdfFacts, type PdfRaster } from '../input/pdf.ts';
import { retryingLostVipsErrors } from './lost-vips-error.ts';
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
import {
  memoryEstimate,
  outputLimit,
  renderBudget,
  type CanvasPixels,
  type RenderBudget,
} from './budget.ts';
import { RENDER_MEMORY } from './memory-gate.ts';
import type { FramedPlan } from '../geometry/output-frame.ts';
import type { Params } from '@darkroom/core';
import { checkBudget } from './budget-plan.ts';
import { keyedOutput } from '../steps/colorkey.ts';
import { fitFactor, scaledWithin } from '../geometry/margins.ts';
import { MOTION_DEFAULTS, motionVideo } from '../video/motion-video.ts';
import { cloneSharingPixels } from './clone-image.ts';

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
  // An SVG (or svgz) origin is read against the SVG limits before librsvg sees it.
  const svg = await admitSvg(request.input, request.signal);
  const admitted = svg === null ? request : { ...request, input: svg.bytes };
  const limits = { ...DEFAULT_RENDER_LIMITS, ...request.limits };
  const deadline = new Deadline(limits.timeoutMs, request.signal);
  // Every sharp pipeline, worker task and poppler run of this render stops at this deadline.
  return withinDeadline(deadline, request.signal, async () => {
    const pdf = await rasterisedPdf(admitted, limits);
    const origin = pdf === null ? admitted : { ...admitted, input: pdf.png };
    return retryingLostVipsErrors(deadline, () =>
      renderOrigin(origin, svg, limits, deadline, pdf?.facts),
    );
  });
}

/**
 * A PDF origin becomes the PNG of one page (`page`, `pdf-annotation`), which every other
 * parameter then applies to as to any origin (docs.imgix.com/apis/rendering/pdf). Null for
 * other files.
 */
async function rasterisedPdf(
  request: RenderRequest,
  limits: RenderLimits,
): Promise<PdfRaster | null> {
  if (!isPdf(request.input)) return null;
  return rasterisePdf(request.input, {
    page: request.params.number('page') ?? 1,
    annotations: request.params.boolean('pdf-annotation') ?? true,
    maxPixels: limits.maxInputPixels,
    signal: currentDeadline().signal,
  });
}

async function renderOrigin(
  request: RenderRequest,
  svg: AdmittedSvg | null,
  limits: RenderLimits,
  deadline: Deadline,
  pdf: PdfFacts | undefined,
): Promise<RenderResult> {
  // fm=json describes the origin with everything sharp reads from its header.
  const reading = { fullMetadata: request.params.string('fm') === 'json' };
  const read = async (bytes: Uint8Array) => ({
    ...(await readSource(bytes, reading)),
    ...(pdf && { pdf }),
  });
  const origin = await read(request.input);
  checkInputPixels(origin, 1, limits);
  if (svg !== null) checkSvgRaster(origin, svg, limits.maxInputPixels);
  const premium = await applyPremiumOperations(
    request.input,
    request.params,
    { models: request.ai, generative: request.generative, signal: request.signal },
    limits,
  );
  const enlarged = premium.input === request.input ? origin : await read(premium.input);
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
 * parameter; a PDF is rasterised regardless (imgix would pass it through), EPS is not read.
 */
async function svgAsItIs(request: RenderRequest): Promise<RenderResult> {
  const sanitize = request.params.boolean('svg-sanitize') ?? true;
  // The sanitizer parses up to 5 MiB of XML: a worker thread does it, off the event loop.
  const sanitized = sanitize
    ? await renderWorkers().run('sanitizeSvg', { bytes: request.input }, { signal: request.signal })
    : null;
  return {
    body:
      sanitized === null
        ? Buffer.from(request.input)
        : Buffer.from(sanitized.buffer, sanitized.byteOffset, sanitized.byteLength),
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
  const plan = keyedOutput(params, planOutput(params, source, request.accept, selected.count > 1));
  const animated = plan.kind === 'image' && plan.animated;
  // A still made from an animation decodes only the first selected frame.
  const frames = animated ? selected : { first: selected.first, count: 1 };
  checkInputPixels(source, frames.count, limits);
  const formats = encodedFormats(plan);
  const budget = renderBudget(limits, frames.count, formats);
  // Before any pixel is decoded: every canvas the parameters make must fit (413 if not).
  const framed = plan.kind === 'json' ? null : checkBudget(params, source, budget, sourceScale);
  if (plan.kind === 'motion' && request.imageToVideo !== true) {
    throw new RenderError(
      403,
      'fm=mp4 of a still image is image to video, which needs the image_to_video capability.',
    );
  }
  if (plan.kind === 'json') {
    const faces =
      params.number('faces') === 1 && request.ai !== undefined
        ? await facesInImage(request.ai, source.bytes, source, limits)
        : null;
    return jsonResult(source, faces);
  }

  const session: Session = { request, source, limits, frames, deadline };
  // The renders running together share the process's memory (RenderLimits.maxMemoryBytes).
  RENDER_MEMORY.capacity = limits.maxMemoryBytes;
  const release = await RENDER_MEMORY.acquire(
    memoryEstimate(
      canvasPixels(params, source, frames.count, framed, budget),
      formats,
      source.format,
    ),
    deadline,
  );
  try {
    const context = createRenderContext({ ...request, input: source.bytes }, source, {
      params,
      limits,
      frames,
      deadline,
      sourceScale,
      budget,
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
  } finally {
    release();
  }
}

/**
 * The largest canvases the render will hold: the origin decoded, the planned output, and a
 * straightening rotation's turned copy (up to twice the frame, within the canvas budget).
 */
function canvasPixels(
  params: Params,
  source: SourceImage,
  frames: number,
  framed: FramedPlan | null,
  budget: RenderBudget,
): CanvasPixels {
  const output = framed ? framed.output.width * framed.output.height : source.width * source.height;
  const straightened = params.has('rot') && params.string('rot-type') !== 'pivot';
  const turned = straightened ? Math.min(2 * output, budget.pixels) : 0;
  return {
    decoded: source.width * source.height * frames,
    canvas: Math.max(output, turned) * frames,
    output: output * frames,
  };
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
  const encoder = applyEncoder(
    colourManaged,
    encoderSettings(params, format),
    animation,
    context.width * context.height,
  );
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

/** The formats the output may be encoded in, for the encoder's share of the budget. */
function encodedFormats(plan: OutputPlan): ImageFormat[] {
  if (plan.kind !== 'image') return [];
  return 'fixed' in plan.choice
    ? [plan.choice.fixed]
    : [plan.choice.opaque, plan.choice.transparent];
}

/**
 * Outputs never exceed `maxOutputSide` (8192) on a side, the catalogue's bound for `w` and `h`
 * (editor spec sections 3 and 9), nor the budget's pixels for their encoder. The size step
 * already plans within them, growth from padding, borders and a pivot included; this catches
 * what rounding or a later step leaves over.
 */
async function clampOutputSize(context: RenderContext): Promise<void> {
  const limit = outputLimit(context.budget);
  const factor = fitFactor({ width: context.width, height: context.height }, limit);
  if (factor >= 1) return;
  const size = scaledWithin({ width: context.width, height: context.height }, factor, limit);
  // sharp keeps a single resize per pipeline: render what is planned, then shrink that.
  await context.materialize();
  context.image = context.image.resize(size.width, size.height, { fit: 'fill' });
  context.width = size.width;
  context.height = size.height;
  context.pageHeight = context.height;
}

/** PNG for an image that shows see-through pixels, JPEG (or the plan's pair) for the rest. */
async function resolveFormat(context: RenderContext, choice: FormatChoice): Promise<ImageFormat> {
  if ('fixed' in choice) return choice.fixed;
  if (!context.hasAlpha) return choice.opaque;
  // An alpha channel is not transparency: measure it on the rendered pixels.
  await context.materialize();
  const { isOpaque } = await cloneSharingPixels(context.image).stats();
  return isOpaque ? choice.opaque : choice.transparent;
}

/** JPEG has no alpha: composite onto white as imgix does, after everything drawn so far. */
async function flattenOntoWhite(context: RenderContext): Promise<void> {
  // sharp flattens before resizing and compositing; render those first so nothing is dropped.
  await context.materialize();
  context.image = context.image.flatten({ background: '#ffffff' });
  context.hasAlpha = false;
}
