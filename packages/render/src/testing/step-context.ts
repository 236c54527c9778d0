import { isAnimation } from '../animation/frames.ts';
import { Deadline } from '../output/limits.ts';
import { readSource } from '../output/source.ts';
import { createRenderContext } from '../pipeline/context-factory.ts';
import {
  DEFAULT_RENDER_LIMITS,
  type PendingFill,
  type RenderContext,
  type RenderRequest,
} from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';
import { requestFor } from './render-query.ts';

export interface StepContextOptions {
  fetchImage?: RenderRequest['fetchImage'];
  /** State the size step leaves for fit=fill, for testing the fill step on its own. */
  pendingFill?: PendingFill;
  /** Decode every frame of an animated input, frames stacked as sharp stacks them. */
  animated?: boolean;
}

/**
 * The context render() would give the steps for `input` and `query` (parsed by the real
 * parser), with `input` already at the size the step under test should see.
 */
export async function stepContext(
  input: Uint8Array,
  query: string,
  options: StepContextOptions = {},
): Promise<RenderContext> {
  const { fetchImage, pendingFill, animated = false } = options;
  const request = requestFor(input, query, fetchImage ? { fetchImage } : {});
  const source = await readSource(input);
  const limits = DEFAULT_RENDER_LIMITS;
  const context = createRenderContext(request, source, {
    params: request.params,
    limits,
    frames: { first: 0, count: animated && isAnimation(source) ? source.pages : 1 },
    deadline: new Deadline(limits.timeoutMs, undefined),
  });
  context.pendingFill = pendingFill ?? null;
  return context;
}

/**
 * Runs chosen steps on a step context, as render() would, for tests that look at the context
 * itself (its planned size, `pendingFill`) or at how often the steps decoded the pixels.
 */
export async function runSteps(
  input: Uint8Array,
  query: string,
  steps: readonly StepModule[],
  options: StepContextOptions = {},
): Promise<{ context: RenderContext; materialized: number }> {
  const context = await stepContext(input, query, options);
  const materialize = context.materialize.bind(context);
  let materialized = 0;
  context.materialize = () => {
    materialized += 1;
    return materialize();
  };
  for (const step of steps) await step.run(context);
  return { context, materialized };
}

/**
 * Encodes the context's image as PNG, checking on the way that the steps kept `width`,
 * `height` and `hasAlpha` true to what the pipeline produces.
 */
export async function finish(context: RenderContext): Promise<Buffer> {
  const { data, info } = await context.image.png().toBuffer({ resolveWithObject: true });
  const frameHeight = context.animated ? (info.pageHeight ?? info.height) : info.height;
  if (info.width !== context.width || frameHeight !== context.height) {
    throw new Error(
      `the pipeline makes ${info.width}x${frameHeight} frames but the context says ${context.width}x${context.height}`,
    );
  }
  const alpha = info.channels === 4 || info.channels === 2;
  if (alpha !== context.hasAlpha) {
    throw new Error(`the pipeline has alpha: ${alpha}, the context says ${context.hasAlpha}`);
  }
  return data;
}
