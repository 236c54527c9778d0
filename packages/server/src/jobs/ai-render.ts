import type { AiModels } from '@darkroom/render';
import type { JobRow } from '../db/schema.ts';
import type { AiRenderPayload } from '../delivery/ai-renders.ts';
import { AI_RENDER_JOB, type Delivery } from '../delivery/service.ts';
import type { JobHandler } from './runner.ts';

export { AI_RENDER_JOB };

/** Renders the premium URL a request asked for (delivery/ai-renders.ts) with these models. */
export function aiRenderHandler(delivery: Delivery, models: AiModels): JobHandler {
  return async (job: JobRow) => {
    await delivery.renderInBackground(job.payload as unknown as AiRenderPayload, models);
  };
}
