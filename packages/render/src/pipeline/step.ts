import type { RenderContext } from './context.ts';

/**
 * One family of the pipeline: the canonical parameter names it implements (read by
 * `npm run params:coverage`) and the work, which returns at once when none of them is set.
 */
export interface StepModule {
  name: string;
  parameters: readonly string[];
  run(context: RenderContext): Promise<void> | void;
}
