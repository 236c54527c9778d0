import { ASSET_INDEX_JOB } from '../jobs/kinds.ts';
import { handleJob, type JobHandler } from '../jobs/runner.ts';
import { requestAssetIndex, type AssetIndexDependencies } from './indexer.ts';
import { failRun, runIndexSlice, type SliceBudget } from './index-run.ts';

export interface AssetIndexJobDependencies extends AssetIndexDependencies {
  /** ASSET_INDEX_INTERVAL_MINUTES: from a finished run to the next; 0 schedules none. */
  intervalMinutes: number;
  /** Work per job invocation (tests shrink it to stop a run part-way). */
  sliceBudget?: SliceBudget;
}

/**
 * The asset index's durable job (spec platform section 3 'Asset'). A payload with a run id is
 * one slice of that run, which enqueues its own continuation; one without is a scheduled
 * start, which goes through requestAssetIndex like every other start so a run already going
 * is left alone.
 */
export function assetIndexHandler(deps: AssetIndexJobDependencies): JobHandler {
  return handleJob(ASSET_INDEX_JOB, async (payload, job) => {
    if (payload.runId === undefined) {
      await requestAssetIndex(deps.db, payload.sourceId, payload.reason ?? 'schedule');
      return;
    }
    try {
      await runIndexSlice(deps, payload.sourceId, payload.runId, {
        intervalMinutes: deps.intervalMinutes,
        ...(deps.sliceBudget === undefined ? {} : { budget: deps.sliceBudget }),
      });
    } catch (error) {
      // The runner retries the slice from the stored cursor while attempts remain.
      if (job.attempts >= job.max_attempts) {
        const message = error instanceof Error ? error.message : String(error);
        await failRun(deps.db, payload.sourceId, payload.runId, message, deps.intervalMinutes);
      }
      throw error;
    }
  });
}
