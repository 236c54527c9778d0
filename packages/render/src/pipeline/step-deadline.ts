import type { RenderContext } from './context.ts';
import { currentDeadline, type StepDeadline } from './render-deadline.ts';

export type { StepDeadline };

/**
 * The deadline of the render `context` belongs to (render-deadline.ts keeps it for the whole
 * render), for a step that bounds its own sharp pipelines or worker tasks explicitly.
 */
export function stepDeadline(context: RenderContext): StepDeadline {
  const deadline = currentDeadline();
  return { ...deadline, signal: deadline.signal ?? context.request.signal };
}
