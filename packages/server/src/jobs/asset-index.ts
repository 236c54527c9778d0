import type { JobRow } from '../db/schema.ts';
import {
  ASSET_INDEX_JOB,
  requestAssetIndex,
  type AssetIndexDependencies,
} from '../assets/indexer.ts';
import { failRun, runIndexSlice, type SliceBudget } from '../assets/index-run.ts';
import type { JobHandler } from './runner.ts';

export { ASSET_INDEX_JOB };

export interface AssetIndexJobDependencies extends AssetIndexDependencies {
  /** ASSET_INDEX_INTERVAL_MINUTES: from a finished run to the next; 0 schedules none. */
  intervalMinutes: number;
  /** Work per job invocation (tests shrink it to stop a run part-way). */
  sliceBudget?: SliceBudget;
}

interface AssetIndexPayload {
  sourceId: string;
  /** The run a slice continues; absent on a scheduled start. */
  runId?: string;
  reason?: string;
}

/**
 * The asset index's durable job (spec platform section 3 'Asset'). A payload with a run id is
 * one slice of that run, which enqueues its own continuation; one without is a scheduled
 * start, which goes through requestAssetIndex like every other start so a run already going
 * is left alone.
 */
export function assetIndexHandler(deps: AssetIndexJobDependencies): JobHandler {
  return async (job: JobRow) => {
    const payload = job.payload as unknown as AssetIndexPayload;
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
  };
}
