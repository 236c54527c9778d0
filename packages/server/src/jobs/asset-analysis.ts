import type { JobRow } from '../db/schema.ts';
import {
  runAnalysisSlice,
  type AnalysisBudget,
  type AssetAnalysisDependencies,
} from '../assets/analysis/analysis-slice.ts';
import {
  ASSET_ANALYSIS_JOB,
  requestAssetAnalysis,
  type AssetAnalysisPayload,
} from '../assets/analysis/request.ts';
import type { JobHandler } from './runner.ts';

export { ASSET_ANALYSIS_JOB, requestAssetAnalysis };

export interface AssetAnalysisJobDependencies extends AssetAnalysisDependencies {
  /** Work per job invocation (tests shrink it to see a source analysed over several slices). */
  sliceBudget?: AnalysisBudget;
}

/**
 * Faces, labels and alt text of a source's assets (issue 6 items 5 and 6; spec platform
 * section 3 'Asset'), one slice per invocation, each enqueueing its continuation while
 * unanalysed images remain. An error (the origin down) leaves the slice to the runner's retries.
 */
export function assetAnalysisHandler(deps: AssetAnalysisJobDependencies): JobHandler {
  return async (job: JobRow) => {
    const { sourceId } = job.payload as unknown as AssetAnalysisPayload;
    const outcome = await runAnalysisSlice(deps, sourceId, deps.sliceBudget);
    if (outcome === 'continued') await requestAssetAnalysis(deps.db, sourceId, job.id);
  };
}
