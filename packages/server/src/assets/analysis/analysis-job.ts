import { ASSET_ANALYSIS_JOB } from '../../jobs/kinds.ts';
import { handleJob, type JobHandler } from '../../jobs/runner.ts';
import {
  runAnalysisSlice,
  type AnalysisBudget,
  type AssetAnalysisDependencies,
} from './analysis-slice.ts';
import { requestAssetAnalysis } from './request.ts';

export interface AssetAnalysisJobDependencies extends AssetAnalysisDependencies {
  /** Work per job invocation (tests shrink it to see a source analysed over several slices). */
  sliceBudget?: AnalysisBudget;
}

/**
 * Faces, labels and alt text of a source's assets (spec platform section 3 'Asset'), one
 * slice per invocation, each enqueueing its continuation while unanalysed images remain. An
 * error (the origin down) leaves the slice to the runner's retries.
 */
export function assetAnalysisHandler(deps: AssetAnalysisJobDependencies): JobHandler {
  return handleJob(ASSET_ANALYSIS_JOB, async ({ sourceId }, job) => {
    const outcome = await runAnalysisSlice(deps, sourceId, deps.sliceBudget);
    if (outcome === 'continued') await requestAssetAnalysis(deps.db, sourceId, job.id);
  });
}
